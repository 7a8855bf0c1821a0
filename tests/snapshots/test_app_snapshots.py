"""How the shared screens look: menu, setup, scores and the handover at 80x24 and 120x40."""

from __future__ import annotations

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.play.table import Seat, Table
from support.toygame import Step
from support import toyscreen

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


@pytest.mark.parametrize("size", SIZES)
def test_scores_five_seats_of_we_all_take(snap_compare, size):
    """Every seat's column fits (labels and figures wrap); one row per objective."""
    import random

    from river_tui.screens.scores import ScoresScreen

    table = Table.create("we-all-take", [Seat(n, "random") for n in ("Ann", "Bob", "Cy", "Dee", "Eve")], {}, 6,
                         autosave=False)  # fmt: skip
    moves = 0
    while not table.finished:
        seat = min(table.bot_seats_to_act())
        table.apply(seat, table.bot_choice(seat, random.Random(moves)))
        moves += 1
    app = RiverApp()

    async def show(pilot):
        app.push_screen(ScoresScreen(table))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=show)


@pytest.mark.parametrize("size", SIZES)
def test_handover_when_a_hot_seat_game_opens(snap_compare, size):
    """Two people at one keyboard in Flow: the game opens on the handover, naming
    the seat and its keys, with nothing of anyone's hand behind it."""
    from support.keyboard import until_handover

    table = Table.create("flow", [Seat("Ann"), Seat("Bob")], {"variant": "basic"}, seed=3, autosave=False)

    async def wait_for_it(pilot):
        await until_handover(pilot.app, pilot)
        await pilot.pause()

    assert snap_compare(RiverApp(table), terminal_size=size, run_before=wait_for_it)
