"""Every game opens and takes keys with NO_COLOR set (Textual's Monochrome filter)."""

from __future__ import annotations

import pytest

from river_tui.app import RiverApp
from river_tui.table import Seat, Table

GAMES = ["glassworks", "riverside", "flow", "we-all-take"]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("game", GAMES)
async def test_game_screen_opens_with_no_color(monkeypatch, game, size):
    monkeypatch.setenv("NO_COLOR", "1")
    table = Table.create(game, [Seat("Ann"), Seat("Bob")], {}, seed=1, autosave=False)
    app = RiverApp(table)
    async with app.run_test(size=size) as pilot:
        await pilot.press("right", "down", "left", "up")
        await pilot.pause()
        assert app.no_color and app.screen.query("*")
