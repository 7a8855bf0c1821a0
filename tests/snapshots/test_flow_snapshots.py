"""How the Flow screen looks mid-game, at 80x24 and 120x40: the board with rivers,
Lairs, a reservation and the cursor's preview; the hand; the score track; the
completed territories lit up."""

from __future__ import annotations

import random

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.rules.flow.actions import PlaceReservation
from river_tui.rules.flow.bots import GREEDY_BOT
from river_tui.play.table import Seat, Table

from support.keyboard import take_the_keyboard
from support.recap import put_away_recaps

SIZES = [(80, 24), (120, 40)]


def mid_game_table() -> Table:
    """Three players at one keyboard, fifteen greedy moves in, then a reservation."""
    table = Table.create("flow", [Seat("Ann"), Seat("Bob"), Seat("Cat")], {"variant": "basic"}, seed=11,
                         autosave=False)
    rng = random.Random(3)
    for _ in range(15):
        (seat,) = table.to_act()
        table.apply(seat, GREEDY_BOT.choose(table.game, table.view(seat), seat, rng))
    (seat,) = table.to_act()
    table.apply(seat, PlaceReservation(33))  # F5
    return table


@pytest.mark.parametrize("size", SIZES)
def test_flow_mid_game(snap_compare, size):
    async def look_around(pilot):
        await take_the_keyboard(pilot.app, pilot)  # three people at one keyboard
        await put_away_recaps(pilot)
        await pilot.press("left", "up", "r", "2")
        await pilot.pause()

    assert snap_compare(RiverApp(mid_game_table()), terminal_size=size, run_before=look_around)


@pytest.mark.parametrize("size", SIZES)
def test_flow_territories_lit(snap_compare, size):
    async def light_up(pilot):
        await take_the_keyboard(pilot.app, pilot)
        await put_away_recaps(pilot)
        await pilot.press("t")
        await pilot.pause()

    assert snap_compare(RiverApp(mid_game_table()), terminal_size=size, run_before=light_up)


def near_the_end_table() -> Table:
    """The same three players with two moves left before the board fills."""
    table = Table.create("flow", [Seat("Ann"), Seat("Bob"), Seat("Cat")], {"variant": "basic"}, seed=11,
                         autosave=False)
    rng = random.Random(3)
    for _ in range(42):
        (seat,) = table.to_act()
        table.apply(seat, GREEDY_BOT.choose(table.game, table.view(seat), seat, rng))
    return table


def test_flow_near_the_end_with_the_log_open(snap_compare):
    """At 80x24 the log beside the board: all seven rows, their labels and every
    river's way out stay in view."""
    async def open_the_log(pilot):
        await take_the_keyboard(pilot.app, pilot)
        await put_away_recaps(pilot)
        await pilot.press("L")
        await pilot.pause()

    assert snap_compare(RiverApp(near_the_end_table()), terminal_size=(80, 24), run_before=open_the_log)
