"""The games River TUI knows, by id. Game modules load only when first asked for,
so the menu starts without importing every rulebook."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the Game contract loads with the first game, not with the menu
    from .core import Game


@dataclass(frozen=True)
class GameEntry:
    id: str
    title: str
    seats: tuple[int, int]
    module: str


GAMES: tuple[GameEntry, ...] = (
    GameEntry("glassworks", "River Valley Glassworks", (1, 5), "river_tui.rules.glassworks"),
    GameEntry("riverside", "Riverside", (1, 6), "river_tui.rules.riverside"),
    GameEntry("flow", "Flow: Untamed Rivers", (2, 5), "river_tui.rules.flow"),
    GameEntry("we-all-take", "We All Take from the River", (1, 5), "river_tui.rules.we_all_take"),
)

_loaded: dict[str, Game] = {}
_extra: dict[str, Game] = {}


def register(game: Game) -> None:
    """Add a game that is not in `GAMES` (tests register their own tiny games)."""
    _extra[game.id] = game


def available() -> list[GameEntry]:
    """Entries whose rules package is present, in menu order."""
    out = [entry for entry in GAMES if _installed(entry.module)]
    out += [GameEntry(g.id, g.title, (g.min_seats, g.max_seats), type(g).__module__) for g in _extra.values()]
    return out


def is_known(game_id: str) -> bool:
    """Whether this River TUI has the game ``game_id`` (without loading its rules)."""
    return game_id in _extra or any(entry.id == game_id and _installed(entry.module) for entry in GAMES)


def _installed(module: str) -> bool:
    """Whether the game's package is there (a folder without __init__.py is not a game)."""
    spec = importlib.util.find_spec(module)
    return spec is not None and spec.origin not in (None, "namespace")


def get_game(game_id: str) -> Game:
    """The game with this id; raises KeyError with a sentence for an unknown id."""
    if game_id in _extra:
        return _extra[game_id]
    if game_id not in _loaded:
        entry = next((e for e in GAMES if e.id == game_id), None)
        if entry is None or not _installed(entry.module):
            from .core import quoted

            known = ", ".join(e.id for e in available())
            raise KeyError(f"There is no game called {quoted(game_id)}; choose one of: {known}.")
        _loaded[game_id] = importlib.import_module(entry.module).GAME
    return _loaded[game_id]
