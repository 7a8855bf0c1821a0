"""How River Valley Glassworks looks at 80x24 and 120x40 (fixed seed, hot seat)."""

from __future__ import annotations

import random

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.play.table import Seat, Table

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


def busy_river_app():
    """Three seats, played at random until a river tile holds five pieces (seed 1: 30 moves)."""
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob", "random"), Seat("Cyd", "random")], {},
                         seed=1, autosave=False)
    rng = random.Random(1)
    bot = table.game.bots()["random"]
    while not (0 in table.to_act() and max(len(pieces) for pieces in table.state.tiles) >= 5):
        seat = min(table.to_act())
        table.apply(seat, bot.choose(table.game, table.view(seat), seat, rng))
    return RiverApp(table, bot_delay=0)


@pytest.mark.parametrize("size", SIZES)
def test_glassworks_a_busy_river(snap_compare, size):
    """Five pieces on one tile, three seats: each tile's pieces stay between its borders."""
    assert snap_compare(busy_river_app(), terminal_size=size, press=["x"])  # puts the summary away
