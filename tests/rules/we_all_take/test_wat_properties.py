"""Random legal play at every seat count: it never raises, every token stays accounted
for, the water and the acting order keep their rules, and no view shows another seat's role."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from river_tui.rules.core import canonical_bytes, encode_action
from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.components import ROW_LAND, ROW_RIVER, TILES
from river_tui.rules.we_all_take.order import group_structures
from river_tui.rules.we_all_take.seasons import phase_actors, waits_for
from river_tui.rules.we_all_take.state import ACTIONS, OVER
from river_tui.rules.we_all_take.water import effective_elevation

from support.wat_helpers import token_totals

WATER_STEP = {"plus": 1, "drain": -1, "erode": -1}


def check_water_events(before, after):
    """Each water change is one documented step, and they chain: "+" adds one, a
    draining wetland or an eroding tile takes one, a canal one but never below zero."""
    level = None
    for e in after.events:
        if e[0] in ("season",):
            level = None
        if e[0] == "turn":
            level = e[4]
        if e[0] in WATER_STEP:
            was, now = e[-2], e[-1]
            assert now - was == WATER_STEP[e[0]], e
            assert level is None or was == level, (e, level)
            level = now
        if e[0] == "canal" and not after.tutorial:
            was, now = e[4], e[5]
            assert now == was - 1 and now >= 0, e
            assert level is None or was == level
            level = now
        if e[0] == "flood":
            assert level is None or e[2] == level  # "Do not reduce the water level when a tile floods."


def check_turn(s):
    """During player actions: no land tile of the row stands below the water unless it
    eroded or flooded, and the remaining groups keep the elevation order."""
    if s.tutorial:
        assert not s.eroded and not s.flooded
    else:
        for tile in ROW_LAND[s.row]:
            # "If the water is higher than that elevation, the tile erodes" (levees built
            # since only raise the tile; protection lifted since could lower it, but
            # policies pass only at the end of a season)
            assert tile in s.eroded or s.water <= effective_elevation(s, tile)
    river = ROW_RIVER[s.row]
    kinds = ["river" if tile == river else "land" for _, tile in s.groups]
    assert kinds == sorted(kinds, key=lambda k: (k == "land") if s.storm else (k == "river"))
    lands = [TILES[tile].elevation for _, tile in s.groups if tile != river]
    assert lands == sorted(lands, reverse=not s.storm)
    seat, tile = s.groups[0]
    assert group_structures(s, seat, tile)  # a group with nothing to act with is skipped


def play_randomly(seats, variant, seed):
    s = GAME.new(seats, {"variant": variant}, seed)
    totals = token_totals(s)
    rng = random.Random(seed)
    steps = 0
    while GAME.to_act(s):
        seat = rng.choice(sorted(GAME.to_act(s)))
        view = GAME.view(s, seat)
        assert all(view.roles[o] is None for o in range(seats) if o != seat)
        # The one-seat question the hot paths ask says what the whole table's does.
        assert [waits_for(s, o) for o in range(-1, seats + 1)] == [o in phase_actors(s) for o in range(-1, seats + 1)]
        legal = GAME.legal_actions(s, seat)
        assert legal and GAME.legal_actions(view, seat) == legal
        action = rng.choice(legal)
        assert GAME.decode_action(encode_action(action)) == action
        before = canonical_bytes(s) if steps % 25 == 0 else None
        GAME.describe(s, seat, action)
        after = GAME.apply(s, seat, action)
        if before is not None:
            assert canonical_bytes(s) == before  # apply never mutates its input
        assert token_totals(after) == totals
        check_water_events(s, after)
        GAME.events(s, after)
        GAME.round_label(after)
        if after.phase == ACTIONS:
            check_turn(after)
        s = after
        steps += 1
    assert s.phase == OVER
    result = GAME.result(s)
    assert len(result.scores) == seats and (not s.destroyed or not result.winners)
    assert GAME.view(s, 0).roles == s.roles  # "roles are revealed" at the end
    return steps


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(1, 5), seed=st.integers(0, 10_000), tutorial=st.booleans())
def test_random_legal_play_keeps_every_rule(seats, seed, tutorial):
    play_randomly(seats, "tutorial" if tutorial else "standard", seed)


def test_every_seat_count_finishes():
    for seats in range(1, 6):
        assert play_randomly(seats, "standard", 100 + seats) > 0


def test_malformed_actions_are_refused_with_a_sentence():
    import pytest

    from river_tui.rules.core import IllegalAction
    from river_tui.rules.we_all_take.actions import Harvest, Offer, PlaceCamp, well_formed

    s = GAME.new(2, {}, 1)
    for action in (PlaceCamp("W1", "Red"), PlaceCamp(99, "Red"), Harvest(0, ("x",)), Offer(1, (1,), (0,)), object()):
        with pytest.raises(IllegalAction):
            GAME.apply(s, 0, action)
    # A count is an int: a bool (or anything else) in a bundle makes no offer.
    nothing = (0, 0, 0, 0, 0)
    assert well_formed(Offer(1, (1, 0, 0, 0, 0), nothing)) and well_formed(Offer(1, (), ()))
    assert not well_formed(Offer(1, (True, 0, 0, 0, 0), nothing)) and not well_formed(Offer(1, nothing, (0, 1.0)))
