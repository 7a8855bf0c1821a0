"""Player key remapping: ``keymap.toml`` in the config dir maps binding ids to keys.

Example ``keymap.toml``::

    undo = "ctrl+z"
    help = "f1,question_mark"

The file is untrusted. Only a regular file is read, at most `MAX_FILE_BYTES`, and
each entry is checked (`check_keymap`): its id must be one of the app's bindings,
its keys keys Textual can report, none of them reserved for quitting
(`RESERVED`), and no entry may leave a screen without a key to leave it: the
keys of the `LEAVING` bindings are never given to another binding, and a leaving
binding that is moved keeps a key no other binding has. Entries that fail are
named in one warning sentence, and their bindings keep their default keys.
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

from textual.binding import Binding
from textual.dom import DOMNode
from textual.keys import Keys

from ..patches.borrowed import character_to_key
from ..safe_text import plain
from ..saves.files import NotRegularFile, read_regular
from ..saves.locations import config_dir

MAX_FILE_BYTES = 64 * 1024
MAX_ENTRIES = 500
MAX_KEYS = 8
"""Keys one entry may give its binding."""
MAX_KEY_LENGTH = 100
"""Room for the longest Unicode name (88 letters) with modifiers."""
MAX_NAMED = 6
"""Refused entries the warning names one by one (then "and N more")."""
RESERVED = frozenset({"ctrl+q", "ctrl+c"})
"""Textual's own quit keys: no binding may take them."""
LEAVING = frozenset({
    "menu_quit", "leave", "table_leave", "replay_leave", "records_back", "help_close", "scores_menu", "scores_lobby", "load_back", "setup_back",
    "lobby_quit", "new_table_cancel", "replay_pick_cancel", "trade_cancel", "handover_ready", "handover_menu",
})  # fmt: skip
"""The bindings that leave a screen (or quit): each screen has one, and it must keep a key."""
MODIFIERS = frozenset({"alt", "ctrl", "hyper", "meta", "shift", "super"})
_NAMED_KEYS = frozenset(key.value for key in Keys if "+" not in key.value and not key.value.startswith("<"))


def keymap_path() -> Path:
    return config_dir() / "keymap.toml"


def load_keymap(binding_packages: Iterable[str]) -> tuple[dict[str, str], str | None]:
    """The usable entries of the user's keymap for the bindings of ``binding_packages``
    (see `default_keys`), and one warning sentence naming the file and the entries it
    could not use (None when all were used)."""
    path = keymap_path()
    where = f"Your keymap {plain(path, 200)}"
    try:
        raw = read_regular(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        return {}, None
    except NotRegularFile as err:
        return {}, f"{where} is {err.kind}, not a file; the default keys are in use."
    except OSError as err:
        return {}, f"{where} cannot be read ({plain(err.strerror or err, 200)}); the default keys are in use."
    if len(raw) > MAX_FILE_BYTES:
        return {}, f"{where} is larger than {MAX_FILE_BYTES // 1024} KB; the default keys are in use."
    import tomllib  # only with a keymap file: most starts have none

    try:
        entries = tomllib.loads(raw.decode("utf-8"))
    except RecursionError:
        return {}, f"{where} is nested too deep; the default keys are in use."
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        return {}, f"{where} is not TOML ({plain(err, 200)}); the default keys are in use."
    except ValueError:  # tomllib's int() refuses a number of thousands of digits
        return {}, f"{where} holds a number longer than River TUI reads; the default keys are in use."
    if len(entries) > MAX_ENTRIES:
        return {}, f"{where} has more than {MAX_ENTRIES} entries; the default keys are in use."
    keymap, refused = check_keymap(entries, default_keys(binding_packages))
    if not refused:
        return keymap, None
    named = ", ".join(refused[:MAX_NAMED]) + (f" and {len(refused) - MAX_NAMED} more" if len(refused) > MAX_NAMED else "")
    return keymap, f"{where} has entries that cannot be used, so their bindings keep their default keys: {named}."


def check_keymap(entries: Mapping[str, object], defaults: Mapping[str, frozenset[str]]) -> tuple[dict[str, str], list[str]]:
    """The entries that may be applied (binding id -> Textual keys, comma
    separated), and for each other entry a few words naming it and why not.
    ``defaults`` holds every binding id and its default keys."""
    refused: list[str] = []
    wanted: dict[str, list[str]] = {}
    for binding_id, value in entries.items():
        keys, why = _keys_of(value)
        if binding_id not in defaults:
            why = "no such binding"
        if why is None and (reserved := [key for key in keys if key in RESERVED]):
            why = f"{reserved[0]} always quits"
        if why is None:
            wanted[binding_id] = keys
        else:
            refused.append(f"{plain(binding_id, 40)} ({why})")
    others = {key for binding_id, keys in defaults.items() if binding_id not in LEAVING for key in keys}
    others |= {key for binding_id, keys in wanted.items() if binding_id not in LEAVING for key in keys}
    for binding_id in [b for b in wanted if b in LEAVING and not set(wanted[b]) - (others - defaults[b])]:
        refused.append(f"{binding_id} (it would have no key of its own to leave with)")
        del wanted[binding_id]
    leaving = {key for binding_id in LEAVING if binding_id in defaults for key in wanted.get(binding_id, defaults[binding_id])}
    given: dict[str, str] = {}
    accepted: dict[str, str] = {}
    for binding_id, keys in wanted.items():
        new = [key for key in keys if key not in defaults[binding_id]]
        taken = [key for key in new if binding_id not in LEAVING and key in leaving]
        twice = [key for key in new if key in given]
        if taken:
            refused.append(f"{binding_id} ({taken[0]} leaves a screen)")
        elif twice:
            refused.append(f"{binding_id} ({twice[0]} is given to {given[twice[0]]} already)")
        else:
            given.update(dict.fromkeys(new, binding_id))
            accepted[binding_id] = ",".join(keys)
    return accepted, refused


def _keys_of(value: object) -> tuple[list[str], str | None]:
    """The keys a keymap value names, or why it names none usable."""
    if not isinstance(value, str):
        return [], "not a text of keys"
    parts = value.split(",")
    if len(parts) > MAX_KEYS:
        return [], f"more than {MAX_KEYS} keys"
    keys = []
    for part in parts:
        key = canonical_key(part)
        if key is None:
            return [], f"{plain(part, 20)!r} is not a key" if part.strip() else "an empty key"
        keys.append(key)
    return list(dict.fromkeys(keys)), None


def canonical_key(text: str) -> str | None:
    """The name Textual gives the key ``text`` names ("?" -> "question_mark",
    "shift+ctrl+up" -> "ctrl+shift+up"), or None when no key press is reported
    by that name (an empty text, an unknown name, a repeated modifier)."""
    text = text.strip()
    if not text or len(text) > MAX_KEY_LENGTH or not text.isprintable():
        return None
    if len(text) == 1:
        return character_to_key(text)
    *modifiers, base = text.split("+")
    if len(set(modifiers)) != len(modifiers) or not MODIFIERS.issuperset(modifiers) or not base:
        return None
    if len(base) == 1:
        base = character_to_key(base)
    elif base not in _NAMED_KEYS and _character_named(base) is None:
        return None
    return "+".join([*sorted(modifiers), base])


def _character_named(name: str) -> str | None:
    """The character Textual names ``name`` ("question_mark" for "?",
    "plus_minus_sign" for "±"), or None when Textual never reports that name
    ("latin_small_letter_a" names "a", but Textual reports "a")."""
    return _characters_by_name().get(name)


@functools.cache
def _characters_by_name() -> dict[str, str]:
    """Every name Textual gives a typed character (from its Unicode name, or a short
    name such as "plus"), with that character. Built once, only when a keymap is read."""
    names: dict[str, str] = {}
    for code in range(sys.maxunicode + 1):
        character = chr(code)
        if character.isprintable() and not character.isalnum():
            name = character_to_key(character)
            if len(name) > 1:
                names.setdefault(name, character)
    return names


def default_keys(binding_packages: Iterable[str]) -> dict[str, frozenset[str]]:
    """Every binding id of the modules of ``binding_packages`` (their screens and
    widgets; the app names them: `RiverApp.BINDING_PACKAGES`), and of Textual's own,
    with its default keys. Imports every module of them: only called when there is a
    keymap to check."""
    import pkgutil  # (not on the way to the menu)

    for name in binding_packages:
        package = importlib.import_module(name)
        for module in pkgutil.walk_packages(getattr(package, "__path__", []), f"{name}."):
            try:
                importlib.import_module(module.name)
            except ImportError:
                continue  # a game not installed here: its screen has no bindings to remap
    keys: dict[str, frozenset[str]] = {}
    for node_class in _subclasses(DOMNode):
        for binding in node_class.__dict__.get("BINDINGS", []):
            if isinstance(binding, Binding) and binding.id:
                found = {canonical_key(key) or key for key in binding.key.split(",")}
                keys[binding.id] = keys.get(binding.id, frozenset()) | found
    return keys


def _subclasses(cls: type) -> list[type]:
    found, todo = [], [cls]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.append(sub)
            todo.append(sub)
    return found
