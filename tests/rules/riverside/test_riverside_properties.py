"""Random games at every seat count never raise and never break a sheet invariant."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from river_tui.rules.core import IllegalAction
from river_tui.rules.riverside import GAME
from river_tui.rules.riverside.components import (
    BOATS,
    CHURCH_BOXES,
    EXCURSION_BOXES,
    FIRE_SYMBOLS,
    PLUS_ONE_SYMBOLS,
    POWER_PHASE,
    POWERS,
)
from river_tui.rules.riverside.state import ROW_SEATS, Sheet

from rules.riverside.test_riverside_contract import EVERY_KIND


def check_sheet(sheet: Sheet, before: Sheet) -> None:
    # Seats are crossed left to right: a row is a count between 0 and its seats,
    # and crosses are never erased.
    assert all(0 <= have <= need for have, need in zip(sheet.filled, ROW_SEATS))
    assert all(now >= then for now, then in zip(sheet.filled, before.filled))
    assert before.fire <= sheet.fire <= FIRE_SYMBOLS  # fire never negative
    assert before.plus_ones <= sheet.plus_ones <= PLUS_ONE_SYMBOLS
    for boxes, limit in [*((trips, EXCURSION_BOXES) for trips in sheet.excursions), (sheet.church, CHURCH_BOXES)]:
        assert len(boxes) <= limit
        assert all(a < b for a, b in zip(boxes, boxes[1:]))  # strictly rising per boat
    for boat, power in enumerate(POWERS):
        royal = sheet.royal_seats_crossed(boat) == len(BOATS[boat].royal_seats)
        assert bool(sheet.activated[boat]) == royal
        used, activated = sheet.used[boat], sheet.activated[boat]
        if used:
            assert activated and (used > activated if POWER_PHASE[power] == 2 else used >= activated)


def sheets_in_play(state):
    """Each seat's sheet as it stands, its work in this phase included."""
    return [d.sheet if d is not None else s for d, s in zip(state.drafts, state.sheets)]


@pytest.mark.parametrize("seats", range(1, 7))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(["standard", "extension"]))
def test_random_games_never_raise_and_keep_every_sheet_valid(seats, seed, variant):
    rng = random.Random(seed)
    state = GAME.new(seats, {"variant": variant}, seed)
    while not state.over:
        seat = rng.choice(sorted(GAME.to_act(state)))
        if rng.random() < 0.1:
            # Any action at all is either legal or refused with a sentence.
            try:
                GAME.apply(state, seat, rng.choice(EVERY_KIND))
            except IllegalAction as err:
                assert err.reason.endswith(".")
        legal = GAME.legal_actions(state, seat)
        assert legal, "a seat in to_act always has something to do"
        after = GAME.apply(state, seat, rng.choice(legal))
        for now, then in zip(sheets_in_play(after), sheets_in_play(state)):
            check_sheet(now, then)
        state = after
    result = GAME.result(state)
    assert len(result.scores) == seats
    assert result.winners or seats == 1  # alone, a victory takes 300 points
    for seat, lines in enumerate(result.breakdown):
        assert sum(line.points for line in lines) == result.scores[seat]
