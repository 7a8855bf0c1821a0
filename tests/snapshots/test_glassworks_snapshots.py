"""How River Valley Glassworks looks at 80x24 and 120x40 (fixed seed, hot seat)."""

from __future__ import annotations

import pytest

from river_tui.app import RiverApp
from river_tui.table import Seat, Table

SIZES = [(80, 24), (120, 40)]


def glassworks_app(seats=("Ann", "Bob")):
    table = Table.create("glassworks", [Seat(name) for name in seats], {}, seed=7, autosave=False)
    return RiverApp(table, bot_delay=0)


@pytest.mark.parametrize("size", SIZES)
def test_glassworks_choosing_a_river_tile(snap_compare, size):
    """A satchel piece picked: the river shows which tile it may go on."""
    assert snap_compare(glassworks_app(), terminal_size=size, press=["space", "enter"])


@pytest.mark.parametrize("size", SIZES)
def test_glassworks_ordering_new_colours(snap_compare, size):
    """Placed and gathered two new colours: the grid marks the next column."""
    assert snap_compare(glassworks_app(("Ann", "Bob", "Cyd")), terminal_size=size, press=["enter"] * 3)
