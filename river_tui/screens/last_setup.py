"""The last new-game setup (game, seats, names, kinds, variant), remembered in the
config folder so the setup screen opens where the player left it: the last game
started, from the setup screen or with `river-tui new`.

The file is untrusted like every file: it is read only if it is a small regular
file, and only the parts that still make sense (a known game, a seat count and
kinds that game offers) are used; anything else is quietly forgotten, since a
forgotten setup costs the player nothing but a few keys.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..rules.bots import bot_catalogue
from ..safe_text import plain
from ..saves.locations import config_dir
from ..saves.files import read_regular, write_atomically
from ..saves.numbers import loads_json

FILE_NAME = "last_setup.json"
MAX_BYTES = 16 * 1024
MAX_NAME = 40


@dataclass(frozen=True)
class LastSetup:
    game: str
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    variant: str | None = None


def _path():
    return config_dir() / FILE_NAME


def load() -> LastSetup | None:
    """The remembered setup, or None if there is none or it cannot be used."""
    try:
        raw = read_regular(_path(), MAX_BYTES)
        data = loads_json(raw) if len(raw) <= MAX_BYTES else None
    except (OSError, ValueError, RecursionError):  # missing, not a file, unreadable, not JSON
        return None
    if not isinstance(data, dict):
        return None
    game, names, kinds, variant = (data.get(key) for key in ("game", "names", "kinds", "variant"))
    if not (isinstance(game, str) and isinstance(names, list) and isinstance(kinds, list)):
        return None
    if len(names) != len(kinds) or not 1 <= len(names) <= 8:
        return None
    if not all(isinstance(item, str) for item in [*names, *kinds]):
        return None
    return LastSetup(
        game, tuple(plain(name, MAX_NAME) for name in names), tuple(kinds),
        variant if isinstance(variant, str) else None,
    )


def remember(setup: LastSetup) -> None:
    """Keep ``setup`` for next time; a folder that cannot be written only means it is forgotten."""
    raw = json.dumps({"game": setup.game, "names": list(setup.names), "kinds": list(setup.kinds),
                      "variant": setup.variant}).encode()
    try:
        write_atomically(_path(), raw, backup=False)
    except OSError:
        pass


def remember_table(table) -> None:
    """Keep the setup of a table just started (``table``: a `play.table.Table`), as the
    setup screen would write it: its game, its seats' names and kinds (the greedy
    player by the name the setup offers it under, "easy", where the game has one) and
    its variant."""
    offered_as = {"greedy": "easy"} if "easy" in bot_catalogue(table.game) else {}
    variant = table.options.get("variant")
    remember(LastSetup(
        table.game.id, tuple(seat.name for seat in table.seats),
        tuple(offered_as.get(seat.kind, seat.kind) for seat in table.seats),
        variant if isinstance(variant, str) else None,
    ))
