"""Player key remapping: ``keymap.toml`` in the config dir maps binding ids to keys.

Example ``keymap.toml``::

    undo = "ctrl+z"
    help = "f1,question_mark"
"""

from __future__ import annotations

import tomllib

from .saves.locations import config_dir


def keymap_path():
    return config_dir() / "keymap.toml"


def load_keymap() -> tuple[dict[str, str], str | None]:
    """The user's keymap, and one sentence if the file could not be used."""
    path = keymap_path()
    if not path.exists():
        return {}, None
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        return {}, f"Your keymap {path} could not be read ({err}); the default keys are in use."
    keymap = {str(k): v for k, v in data.items() if isinstance(v, str)}
    if len(keymap) != len(data):
        return keymap, f"Some entries of {path} are not 'binding_id = \"keys\"' and were ignored."
    return keymap, None
