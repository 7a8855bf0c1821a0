"""Each game's screen without colour (NO_COLOR) at 80x24: greys only, and what
colour told apart is told by letters, glyphs and text styles (the cursor reversed,
owners by letter, a tile that may not go there by ✗). The same positions as the
colour snapshots."""

from __future__ import annotations

import pytest

from river_tui.app.river_app import RiverApp

from snapshots.test_flow_snapshots import mid_game_table
from snapshots.test_glassworks_snapshots import glassworks_app
from snapshots.test_riverside_snapshots import riverside_app, to_phase_3
from snapshots.test_we_all_take_snapshots import table_in_play
from support.recap import put_away_recaps
from support.keyboard import take_the_keyboard


@pytest.fixture(autouse=True)
def no_color(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")


def test_glassworks_without_colour(snap_compare):
    assert snap_compare(glassworks_app(), terminal_size=(80, 24), press=["space", "enter"])


def test_riverside_without_colour(snap_compare):
    async def in_range(pilot):
        await to_phase_3(pilot)
        await pilot.press("plus", "right")

    assert snap_compare(riverside_app("extension", seed=8), terminal_size=(80, 24), run_before=in_range)


def test_flow_without_colour(snap_compare):
    async def on_a_locked_square(pilot):
        await take_the_keyboard(pilot.app, pilot)  # three people at one keyboard
        await pilot.press("r", "2", *["up"] * 6, *["left"] * 6)  # A1: locked, the tile may not go there
        await pilot.pause()

    assert snap_compare(RiverApp(mid_game_table()), terminal_size=(80, 24), run_before=on_a_locked_square)


def test_we_all_take_without_colour(snap_compare):
    async def look(pilot):
        await put_away_recaps(pilot)  # what the computers did since Ann's last turn
        await pilot.press("down", "right")

    assert snap_compare(RiverApp(table_in_play(False), bot_delay=0), terminal_size=(80, 24), run_before=look)
