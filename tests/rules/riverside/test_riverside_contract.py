"""Riverside through the Game contract: encoding, determinism, purity, views,
refusals, log lines."""

from __future__ import annotations

import random

import pytest

from river_tui.rules.core import canonical_bytes, encode_action
from river_tui.rules.registry import get_game
from river_tui.rules.riverside import GAME
from river_tui.rules.riverside.actions import (
    ChooseDice,
    Cross,
    EndExcursions,
    LeaveVillage,
    ResolveBonus,
    Score,
    UsePlusOne,
    UsePower,
    Visit,
)
from river_tui.rules.riverside.state import Sheet

from support.riverside_helpers import RANGE_EXAMPLE, RANGE_EXAMPLE_SHIP, play, refused, sheet, table

EVERY_KIND = (
    ChooseDice("yellow", True),
    Cross("white", 3),
    ResolveBonus("brown", 0),
    UsePower("early_birds"),
    UsePlusOne(),
    Visit("R7"),
    Score("church", True),
    LeaveVillage(),
    EndExcursions(),
)


def random_game(seats, seed, steps=None):
    """(state, seat, action) along a random game, to its end or for ``steps`` actions."""
    rng = random.Random(seed)
    state = GAME.new(seats, {}, seed)
    out = []
    while not state.over and (steps is None or len(out) < steps):
        seat = rng.choice(sorted(GAME.to_act(state)))
        action = rng.choice(GAME.legal_actions(state, seat))
        out.append((state, seat, action))
        state = GAME.apply(state, seat, action)
    return out, state


def test_the_registry_knows_riverside():
    assert get_game("riverside") is GAME
    assert (GAME.min_seats, GAME.max_seats) == (1, 6)
    assert [v.id for v in GAME.variants] == ["standard", "extension"]
    assert GAME.default_variant(3) == "standard"


@pytest.mark.parametrize("action", EVERY_KIND, ids=lambda a: type(a).__name__)
def test_actions_round_trip_through_their_encoding(action):
    assert set(GAME.action_types) == {type(a) for a in EVERY_KIND}
    assert GAME.decode_action(encode_action(action)) == action


def test_unknown_encodings_are_refused():
    with pytest.raises(ValueError):
        GAME.decode_action(["Capsize"])
    with pytest.raises(ValueError):
        GAME.decode_action(["Cross", "white"])


def test_the_same_seed_and_actions_give_the_same_game():
    moves, end = random_game(3, 8)
    replay = GAME.new(3, {}, 8)
    for _, seat, action in moves:
        replay = GAME.apply(replay, seat, action)
    assert GAME.digest(replay) == GAME.digest(end)
    assert GAME.digest(GAME.new(3, {}, 9)) != GAME.digest(GAME.new(3, {}, 8))


def test_apply_never_mutates_its_input():
    moves, _ = random_game(2, 4, steps=150)
    for state, seat, action in moves:
        before = canonical_bytes(state)
        GAME.apply(state, seat, action)
        assert canonical_bytes(state) == before


def test_legal_actions_work_on_the_seats_own_view():
    moves, _ = random_game(3, 5, steps=200)
    for state, seat, _ in moves:
        assert GAME.legal_actions(GAME.view(state, seat), seat) == GAME.legal_actions(state, seat)


def test_a_spectator_sees_no_seats_work_in_progress():
    view = GAME.view(play(table(seats=2), 0, ChooseDice("white", True)), None)
    assert view.drafts == (None, None) and view.rng is None


def test_refusals_are_sentences():
    state = table(seats=2)
    assert refused(state, 5, ChooseDice("white", False)) == "There is no such seat at this table."
    assert refused(state, 0, ChooseDice("purple", False)) == "There is no purple base die."
    assert refused(state, 0, Cross("white", 0)) == "You have no seats to cross out now."
    assert refused(GAME.view(state, 1), 0, ChooseDice("white", False)) == "That seat's sheet is hidden from you."
    phase_3 = table(phase=3, layout=RANGE_EXAMPLE, ship=RANGE_EXAMPLE_SHIP)
    assert refused(phase_3, 0, Visit("X9")) == "That village is not on the river."
    assert refused(phase_3, 0, Score("white")) == "Visit a village before you score."
    assert refused(phase_3, 0, LeaveVillage()) == "You are not in a village."
    assert refused(play(phase_3, 0, Visit("R3")), 0, Score("white")) == "This village has no white excursion."


def test_a_finished_game_refuses_every_action():
    _, end = random_game(1, 2)
    assert refused(end, 0, EndExcursions()) == "The game is over."
    assert GAME.legal_actions(end, 0) == []


def test_describe_tells_each_step_in_the_games_words():
    state = table(dice=(4, 3, 2, 5, 1, 6))
    assert GAME.describe(state, 0, ChooseDice("pink", True)) == (
        "Seat 1 chose the pink die (6) and the green die (4): 10 seats on the pink guide boat, crossing 10 fire"
    )
    near = play(table(sheets=(sheet({"white": (4,)}),)), 0, ChooseDice("white", False))
    assert GAME.describe(near, 0, Cross("white", 0)) == (
        "Seat 1 crossed a seat in row 1 of the white guide boat, completing it: a 6-point ticket and 2 bonus seats on white"
    )
    phase_3 = table(phase=3, layout=RANGE_EXAMPLE, ship=RANGE_EXAMPLE_SHIP)
    assert GAME.describe(phase_3, 0, Visit("R6")) == (
        "Seat 1 went on an excursion to the pink 6 / yellow 5 village (Ice fishing, Polar bear safari)"
    )
    assert GAME.describe(phase_3, 0, UsePlusOne()) == 'Seat 1 crossed a "+1" symbol: range 4 this round'
    at = play(phase_3, 0, Visit("R6"))
    assert GAME.describe(at, 0, Score("pink")) == "Seat 1 scored 0 on the pink guide boat (6 x 0 tickets)"
    for action in EVERY_KIND:
        assert GAME.describe(phase_3, 0, action).startswith("Seat 1 ")


def test_with_several_seats_a_step_keeps_its_choice_secret_until_the_phase_resolves():
    state = table(seats=2, dice=(4, 3, 2, 5, 1, 6))
    assert GAME.describe(state, 1, ChooseDice("pink", True)) == "Seat 2 chose their dice"
    assert GAME.describe(state, 0, UsePower("fan_base")) == "Seat 1 used a royal power"


def test_events_tell_the_roll_and_each_phase_resolving():
    state = table(seats=2, dice=(4, 3, 2, 5, 1, 6))
    state = play(state, 0, ChooseDice("white", False), *[Cross("white", 0)] * 3)
    before = play(state, 1, ChooseDice("blue", False))
    after = play(before, 1, Cross("blue", 0))
    assert GAME.events(before, after) == [
        "Seat 1 crossed seats: 3 white",
        "Seat 2 crossed seats: 1 blue",
    ]
    assert GAME.describe(before, 1, Cross("blue", 0)) == "Seat 2 crossed a seat"
    before = play(after, 0, EndExcursions())
    after = play(before, 1, EndExcursions())
    lines = GAME.events(before, after)
    assert lines[:2] == ["Seat 1 went on no excursion.", "Seat 2 went on no excursion."]
    assert lines[2].startswith(f"Round {after.round}: the captain rolled green {after.green}; white ")
    assert GAME.round_label(after) == f"Round {after.round}, phase 2"
    assert GAME.events(state, state) == []


def test_the_last_roll_announces_the_end():
    moves, end = random_game(1, 3)
    lines = GAME.events(moves[-1][0], end)
    assert lines[-1] == "The cruise ship reached the anchor: the game is over."
    assert GAME.round_label(end) == f"Game over in round {end.round}"


def test_the_game_offers_a_random_and_a_greedy_computer_seat():
    assert set(GAME.bots()) == {"random", "greedy"}


def test_a_resolving_phase_reveals_powers_and_plus_one_symbols():
    sheets = (sheet(activated={"speed_boat": 1}), Sheet.blank())
    state = table(seats=2, phase=3, layout=RANGE_EXAMPLE, ship=RANGE_EXAMPLE_SHIP, sheets=sheets)
    before = play(state, 0, UsePower("speed_boat"), UsePlusOne(), Visit("R3"), Score("brown"))
    after = play(before, 1, EndExcursions())
    assert GAME.events(before, after)[:2] == [
        'Seat 1 scored excursions: brown 0; 1 "+1" symbol; used Speed boat.',
        "Seat 2 went on no excursion.",
    ]
