"""Each game's Screen, by game id, found by the game's registry entry: the game
whose rules are ``river_tui.rules.<name>`` plays on the screen that
``river_tui.screens.<name>`` names ``SCREEN``, and its rules summary for the help
is the Markdown file beside that screen's module. Nothing to add here for a new
game. Modules are imported only when a game opens."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from pathlib import Path

from ..rules.registry import GAMES

_registered: dict[str, str] = {}
"""game id -> "module:Class", for games from elsewhere (the tests' own)."""


def register_screen(game_id: str, target: str) -> None:
    _registered[game_id] = target


def _target(game_id: str) -> str | None:
    """"module:Class" of the game's screen ("package:SCREEN" for River TUI's games)."""
    if game_id in _registered:
        return _registered[game_id]
    entry = next((entry for entry in GAMES if entry.id == game_id), None)
    return None if entry is None else f"{__package__}.{entry.module.rpartition('.')[2]}:SCREEN"


def has_screen(game_id: str) -> bool:
    """Whether the game's screen module is installed."""
    target = _target(game_id)
    if target is None:
        return False
    spec = importlib.util.find_spec(target.partition(":")[0])
    return spec is not None and spec.origin not in (None, "namespace")  # a folder without __init__.py is none


def screen_class(game_id: str):
    module, _, name = _target(game_id).partition(":")
    return getattr(importlib.import_module(module), name)


def rules_summary(game_id: str) -> str:
    """The game's rules summary (the Markdown file beside its screen), for the help screen."""
    if _target(game_id) is None:
        return ""
    path = Path(inspect.getfile(screen_class(game_id))).with_suffix(".md")
    return path.read_text(encoding="utf-8") if path.exists() else ""
