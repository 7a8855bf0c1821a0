"""How We All Take from the River's screen looks: the hex map with its panels at
80x24 and 120x40, in a normal season and in the Storm, from fixed seeds."""

from __future__ import annotations

import random

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take import actions as A
from river_tui.rules.we_all_take.actions import PlaceCamp
from river_tui.rules.we_all_take.components import TILE_BY_CODE, WEATHER
from river_tui.play.table import Seat, Table

from support.recap import put_away_recaps

SIZES = [(80, 24), (120, 40)]
CAMPS = (("E4", "Red"), ("W2", "Orange"), ("E1", "Yellow"))
"""Ann's camp low on the river in a normal season, high in the Storm: either way the
others act before her, so the picture shows a turn well under way."""


def first_seed(storm: bool) -> int:
    """The first seed whose first season is (or is not) the Storm."""
    return next(seed for seed in range(500) if WEATHER[GAME.new(3, {}, seed).almanac[0]].storm == storm)


def table_in_play(storm: bool) -> Table:
    """Three seats, Ann the human; camps placed, then the greedy bot plays the others
    until Ann's camp may act (so no computer seat is thinking when the picture is taken)."""
    table = Table.create(
        "we-all-take", [Seat("Ann"), Seat("Bob", "greedy"), Seat("Cy", "greedy")], {}, first_seed(storm), autosave=False,
    )
    camps = CAMPS if not storm else ((CAMPS[2][0], "Red"), (CAMPS[1][0], "Orange"), (CAMPS[0][0], "Yellow"))
    for seat, (code, colour) in enumerate(camps):
        table.apply(seat, PlaceCamp(TILE_BY_CODE[code], colour))
    greedy = GAME.bots()["greedy"]
    rng = random.Random(1)
    while table.to_act() != {0}:
        seat = min(table.to_act())
        table.apply(seat, greedy.choose(GAME, table.view(seat), seat, rng))
    return table


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("storm", [False, True], ids=["normal", "storm"])
def test_map(snap_compare, size, storm):
    table = table_in_play(storm)
    assert table.state.storm == storm

    async def look(pilot):
        await pilot.pause()
        await pilot.press("down", "right")  # the cursor on the river, its hex described

    assert snap_compare(RiverApp(table, bot_delay=0), terminal_size=size, run_before=look)


def table_at_a_vote() -> Table:
    """The first season's end: the greedy bots play every seat (Ann's too) until Ann is
    asked to vote on a proposal, both others having voted."""
    table = Table.create(
        "we-all-take", [Seat("Ann"), Seat("Bob", "greedy"), Seat("Cy", "greedy")], {}, first_seed(False), autosave=False,
    )
    for seat, (code, colour) in enumerate(CAMPS):
        table.apply(seat, PlaceCamp(TILE_BY_CODE[code], colour))
    greedy = GAME.bots()["greedy"]
    rng = random.Random(1)
    while table.state.phase != "vote" or table.to_act() != {0}:
        seat = min(table.to_act())
        table.apply(seat, greedy.choose(GAME, table.view(seat), seat, rng))
    return table


@pytest.mark.parametrize("size", SIZES)
def test_a_vote_leaves_room_for_the_choices(snap_compare, size):
    """The vote's lines make the river panel tall: the panels scroll rather than squeeze
    the list of what you may do (both votes show, once the summary of them is put away)."""
    table = table_at_a_vote()
    assert table.state.season == 1 and None not in table.state.votes[1:]

    async def look(pilot):
        await put_away_recaps(pilot)

    assert snap_compare(RiverApp(table, bot_delay=0), terminal_size=size, run_before=look)


@pytest.mark.parametrize("size", SIZES)
def test_the_summary_of_the_others_moves_sits_over_the_board(snap_compare, size):
    """Ann's turn comes after Bob's and Cy's votes: what they did, in a box over the
    side (at 80x24 across the board's lower rows), the rest of the screen drawn around it."""

    async def look(pilot):
        await pilot.pause()

    assert snap_compare(RiverApp(table_at_a_vote(), bot_delay=0), terminal_size=size, run_before=look)


def busiest_table() -> Table:
    """Four seats building all they can (a kind not on the map yet first, policies
    proposed and voted for), from a fixed seed, 204 moves in: season 10 with three
    flooded hexes, ten nets, a levee, boats, the city site and six protected hexes.
    Ann (seat 1) is to act; the others are computer seats."""
    table = Table.create("we-all-take", [Seat("Ann")] + [Seat(f"Computer {n}", "greedy") for n in (1, 2, 3)], {}, 8,
                         autosave=False)
    rng = random.Random(8)
    for _ in range(204):
        seat = min(table.to_act())
        legal = [a for a in table.legal_actions(seat) if not isinstance(a, A.Offer)]
        builds = [a for a in legal if isinstance(a, (A.Build, A.Propose)) or (isinstance(a, A.Vote) and a.in_favour)]
        have = {st.kind for st in table.state.structures.values()}
        new_kinds = [a for a in builds if isinstance(a, A.Build) and a.kind not in have]
        table.apply(seat, rng.choice(new_kinds or (builds if builds and rng.random() < 0.7 else legal)))
    return table


@pytest.mark.parametrize("size", SIZES)
def test_the_map_at_its_busiest(snap_compare, size):
    table = busiest_table()
    s = table.state
    kinds = [st.kind for st in s.structures.values()]
    assert table.to_act() == {0} and s.season == 10
    assert len(s.flooded) >= 3 and kinds.count("net") >= 10 and "levee" in kinds and s.city >= 0 and s.protected

    async def look(pilot):
        await put_away_recaps(pilot)

    assert snap_compare(RiverApp(table, bot_delay=0), terminal_size=size, run_before=look)
