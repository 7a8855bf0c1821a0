"""How the shared screens look: menu, setup and scores at 80x24 and 120x40."""

from __future__ import annotations

import pytest

from river_tui.app import RiverApp
from river_tui.table import Seat, Table
from toygame import Step
from ui import toyscreen  # noqa: F401  (registers the toy game's screen)

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES)
def test_menu(snap_compare, size):
    assert snap_compare(RiverApp(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_setup(snap_compare, size):
    async def open_setup(pilot):
        await pilot.press("n")
        await pilot.pause()

    assert snap_compare(RiverApp(), terminal_size=size, run_before=open_setup)


@pytest.mark.parametrize("size", SIZES)
def test_scores(snap_compare, size):
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    for _ in range(4):
        (seat,) = table.to_act()
        table.apply(seat, Step(2))
    app = RiverApp(table)

    async def finish(pilot):
        await pilot.press("2")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=finish)
