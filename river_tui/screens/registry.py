"""Each game's Screen, by game id. Modules are imported only when a game opens."""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

# game id -> "module:Class"
SCREENS: dict[str, str] = {
    "glassworks": "river_tui.screens.glassworks.screen:GlassworksScreen",
    "riverside": "river_tui.screens.riverside.screen:RiversideScreen",
    "flow": "river_tui.screens.flow.screen:FlowScreen",
    "we-all-take": "river_tui.screens.we_all_take.screen:WeAllTakeScreen",
}


def register_screen(game_id: str, target: str) -> None:
    SCREENS[game_id] = target


def has_screen(game_id: str) -> bool:
    """Whether the game's screen module is installed."""
    return game_id in SCREENS and importlib.util.find_spec(SCREENS[game_id].partition(":")[0]) is not None


def screen_class(game_id: str):
    module, _, name = SCREENS[game_id].partition(":")
    return getattr(importlib.import_module(module), name)


def rules_summary(game_id: str) -> str:
    """The game's rules summary (the Markdown file beside its screen), for the help screen."""
    if game_id not in SCREENS:
        return ""
    module = importlib.import_module(SCREENS[game_id].partition(":")[0])
    path = Path(module.__file__).with_suffix(".md")
    return path.read_text(encoding="utf-8") if path.exists() else ""
