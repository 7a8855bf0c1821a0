"""Random games at every seat count: they end with a full board, and every point
is explained by a Territory that really is a closed river on the final board."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from river_tui.rules.flow import GAME
from river_tui.rules.flow.board import CONNECTIONS, NEIGHBOURS, PLAYABLE, SQUARES
from river_tui.rules.flow.components import END, LAIR
from river_tui.rules.flow.state import DUAL, LAKE, LOOP, SINGLE, FlowState, Territory
from river_tui.rules.flow.territories import closed_by


def play_randomly(seats: int, variant: str, seed: int) -> FlowState:
    state = GAME.new(seats, {"variant": variant}, seed)
    rng = random.Random(seed)
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        view = GAME.view(state, seat)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(view, seat)))
    return state


def river_ends_of(state: FlowState, territory: Territory) -> list[int]:
    """Walk the territory's steps on the board, checking that each step continues the
    river of the one before through the side they share; returns what the river meets
    at its two ends (END or LAIR), or [] for a loop that closes on itself."""
    tiles = state.tiles
    first_square, first_key = territory.steps[0]
    held = CONNECTIONS[tiles[first_square]][first_key]
    if territory.kind == LOOP:
        assert 0 <= held < 4
        exit_side, start_side = held, first_key
    else:
        assert held in (END, LAIR)
        exit_side = first_key
    square = first_square
    for next_square, key in territory.steps[1:]:
        assert NEIGHBOURS[square][exit_side] == next_square
        enter = (exit_side + 2) % 4
        held = CONNECTIONS[tiles[next_square]][enter]
        assert held != -1 and min(enter, held if held < 4 else enter) == key
        square, exit_side = next_square, held
    if territory.kind == LOOP:
        assert NEIGHBOURS[square][exit_side] == first_square
        assert (exit_side + 2) % 4 == start_side
        return []
    assert exit_side in (END, LAIR)
    return [CONNECTIONS[tiles[first_square]][first_key], exit_side]


def check_finished_game(state: FlowState) -> None:
    playable = PLAYABLE[state.locked_open]
    assert GAME.to_act(state) == frozenset()
    assert all(state.tiles[sq] >= 0 for sq in range(SQUARES) if playable[sq])
    assert all(sq < 0 for sq in state.reservations), "no Reservation Tile may be left uncovered"
    result = GAME.result(state)
    explained = [0] * state.seats
    for territory in state.territories:
        ends = river_ends_of(state, territory)
        lairs = [sq for sq, _ in (territory.steps[0], territory.steps[-1])] if ends.count(LAIR) else []
        expected_kind = {0: LAKE, 1: SINGLE, 2: DUAL}[ends.count(LAIR)] if ends else LOOP
        assert territory.kind == expected_kind
        if territory.kind == SINGLE:
            assert territory.owners == (state.lair_owner[lairs[0]],)
        if territory.kind == DUAL:
            assert territory.owners == tuple(state.lair_owner[sq] for sq in lairs)
        for seat, points in territory.points().items():
            explained[seat] += points
    assert tuple(explained) == result.scores
    assert all(sum(line.points for line in lines) == score for lines, score in zip(result.breakdown, result.scores))
    # and no closed river on the final board went unscored
    on_board = {
        frozenset(t.steps)
        for sq in range(SQUARES)
        if state.tiles[sq] >= 0
        for t in closed_by(state.tiles, state.lair_owner, playable, sq, 0)
    }
    assert on_board == {frozenset(t.steps) for t in state.territories}
    assert len(state.territories) == len(on_board)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
@pytest.mark.parametrize("variant", ["strategy", "basic"])
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_games_end_with_a_full_board_and_every_point_explained(seats, variant, seed):
    check_finished_game(play_randomly(seats, variant, seed))


def test_the_same_seed_and_moves_give_the_same_game():
    assert GAME.digest(play_randomly(3, "basic", 5)) == GAME.digest(play_randomly(3, "basic", 5))
