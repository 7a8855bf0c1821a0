"""River TUI's four games as OpenSpiel games, for measuring our computer players
against OpenSpiel's own (bench/against_openspiel.py) and for anyone who wants to
run OpenSpiel's algorithms on them.

Nothing in River TUI imports this package (an import-linter contract says so): it
is the only place that imports ``pyspiel``, which the game does not need.
``register()`` registers every game with OpenSpiel under its own name
(`GAME_NAMES`), after which ``pyspiel.load_game("river_tui_flow", {"players": 3})``
gives a `games.RiverGame`. Every rule is our rules package's: the adapter only
numbers moves, carries the state and asks the Game contract (games.py says how).
"""

from __future__ import annotations

from .games import GAME_NAMES, RiverGame, RiverState, register

__all__ = ["GAME_NAMES", "RiverGame", "RiverState", "register"]
