"""A turn: place a tile or the Reservation Tile; drawing; skipping; strategy mode."""

from __future__ import annotations

import pytest

from river_tui.rules.core import IllegalAction, encode_action
from river_tui.rules.flow import GAME
from river_tui.rules.flow.actions import PlaceReservation, PlaceTile
from river_tui.rules.flow.board import FIRST_ROUND_SQUARES, RINGS, SQUARES
from river_tui.rules.flow.components import CENTRE, LOCKED_SQUARES
from river_tui.rules.flow.state import RESERVATION_SPENT
from support.flow_helpers import fill_all_but, place, position, reserve, sq


def squares_of(actions, kind=PlaceTile):
    return {a.square for a in actions if isinstance(a, kind)}


def test_place_1_tile_on_any_empty_square_of_the_board():
    """"Place 1 tile on any empty square of the board": no matching of river sides is
    asked for, so every empty square takes every tile in every rotation."""
    state = position(tiles=[("C3", "straight", 0)], hands={0: ("bend", "L01")}, turn=2)
    actions = GAME.legal_actions(state, 0)
    empty = {s for s in range(SQUARES) if state.tiles[s] < 0 and s not in LOCKED_SQUARES}
    assert squares_of(actions) == empty
    bends = {(a.rotation, a.square) for a in actions if isinstance(a, PlaceTile) and a.tile == "bend"}
    assert bends == {(r, s) for r in range(4) for s in empty}
    with pytest.raises(IllegalAction, match="already holds a tile"):
        place(state, 0, "bend", 0, "C3")
    with pytest.raises(IllegalAction, match="start tile"):
        place(state, 0, "bend", 0, "D4")
    with pytest.raises(IllegalAction, match="locked squares"):
        place(state, 0, "bend", 0, "A1")
    with pytest.raises(IllegalAction, match="You do not hold that tile"):
        place(state, 0, "crossing", 0, "B2")


def test_rotations_that_look_alike_are_offered_once():
    state = position(hands={0: ("crossing", "straight")}, turn=2)
    offered = {(a.tile, a.rotation) for a in GAME.legal_actions(state, 0) if isinstance(a, PlaceTile)}
    assert offered == {("crossing", 0), ("straight", 0), ("straight", 1)}


@pytest.mark.parametrize("variant", ["basic", "strategy"])
def test_in_the_first_round_players_may_only_place_their_tiles_on_the_inner_two_rings(variant):
    """"Exception: In the first round, players may only place their tiles on the inner
    two rings of the board, not on the outer ring." The Reservation Tile too."""
    state = GAME.new(3, {"variant": variant}, 2)
    for turn in range(3):
        seat = state.turn_seat
        actions = GAME.legal_actions(state, seat)
        assert squares_of(actions) == set(FIRST_ROUND_SQUARES) - {s for s in range(SQUARES) if state.tiles[s] >= 0}
        assert squares_of(actions, PlaceReservation) <= set(FIRST_ROUND_SQUARES)
        with pytest.raises(IllegalAction, match="inner two rings"):
            GAME.apply(state, seat, PlaceTile(state.hands[seat][0], 0, sq("B1")))
        with pytest.raises(IllegalAction, match="inner two rings"):
            GAME.apply(state, seat, PlaceReservation(sq("B1")))
        while state.turn_seat == seat:
            state = GAME.apply(state, seat, next(a for a in GAME.legal_actions(state, seat)
                                                   if isinstance(a, PlaceTile)))
    assert state.round == 2 and not state.first_round
    assert any(RINGS[a.square] == 0 for a in GAME.legal_actions(state, state.turn_seat))


def test_if_you_put_down_a_river_tile_draw_1_new_river_tile_at_random():
    state = GAME.new(2, {"variant": "basic"}, 3)
    river = next(t for t in state.hands[0] if not t.startswith("L"))
    after = GAME.apply(state, 0, PlaceTile(river, 0, sq("C3")))
    assert len(after.hands[0]) == 6
    assert after.pile_size == state.pile_size - 1 == sum(after.pile)
    assert GAME.reveals_information(state, after)


def test_if_you_put_down_a_lair_tile_put_a_lair_token_on_it_and_do_not_draw():
    state = GAME.new(2, {"variant": "basic"}, 3)
    lair = state.hands[0][0]
    after = GAME.apply(state, 0, PlaceTile(lair, 1, sq("C3")))
    assert after.lair_owner[sq("C3")] == 0
    assert len(after.hands[0]) == 5 and lair not in after.hands[0]
    assert after.pile == state.pile and after.rng == state.rng
    assert GAME.describe(state, 0, PlaceTile(lair, 1, sq("C3"))).endswith("put a lair token on it.")


def test_when_the_river_pile_is_empty_nobody_draws():
    """Decided: once the river pile is used up, a placed river tile is not replaced."""
    state = position(hands={0: ("bend", "crossing")}, turn=2)
    state.pile = (0, 0, 0, 0)
    state.pile_size = 0
    after = place(state, 0, "bend", 0, "B2")
    assert after.hands[0] == ("crossing",)


def test_place_your_reservation_tile_reserving_the_square_for_yourself():
    """"Place your Reservation Tile on any empty square of the board, reserving the
    square for yourself for the rest of the game." Others may not use it."""
    state = position(hands={0: ("bend",), 1: ("crossing",)}, turn=2)
    after = reserve(state, 0, "B2")
    assert after.reservations[0] == sq("B2") and after.turn_seat == 1
    assert sq("B2") not in squares_of(GAME.legal_actions(after, 1))
    with pytest.raises(IllegalAction, match="reserved by the Dolphin"):
        place(after, 1, "crossing", 0, "B2")
    with pytest.raises(IllegalAction, match="reserved by the Dolphin"):
        reserve(after, 1, "B2")


def test_placing_a_tile_on_your_reservation_tile_counts_as_a_turn():
    state = position(hands={0: ("bend", "crossing"), 1: ("crossing", "bend")}, turn=2)
    state = reserve(state, 0, "B2")
    state = place(state, 1, "crossing", 0, "F6")
    assert sq("B2") in squares_of(GAME.legal_actions(state, 0))
    assert "B2 (their reserved square)" in GAME.describe(state, 0, PlaceTile("bend", 0, sq("B2")))
    state = place(state, 0, "bend", 0, "B2")
    assert state.reservations[0] == RESERVATION_SPENT
    assert state.turn_seat == 1


def test_you_may_only_place_the_reservation_tile_once_per_game():
    state = position(hands={0: ("bend", "crossing"), 1: ("crossing", "bend")}, turn=2)
    state = reserve(state, 0, "B2")
    state = place(state, 1, "crossing", 0, "F6")
    assert squares_of(GAME.legal_actions(state, 0), PlaceReservation) == set()
    with pytest.raises(IllegalAction, match="once per game"):
        reserve(state, 0, "C2")


def test_if_all_the_free_space_is_taken_up_by_reservations_of_others_you_skip():
    """"If you cannot take a turn due to all the free space being taken up by
    Reservation Tiles (which do not belong to you), you skip the turn." """
    state = position(seats=3, hands={0: ("bend",), 1: ("bend", "crossing"), 2: ("bend", "crossing")}, turn=5)
    state = fill_all_but(state, ["B2", "F6"])
    state.reservations = (-1, sq("B2"), -1)
    after = place(state, 2, "crossing", 0, "F6")
    assert after.turn_seat == 1 and GAME.to_act(after) == frozenset({1})
    assert "Seat 1 cannot place anything and skips the turn." in GAME.events(state, after)
    assert not after.over


def test_a_seat_with_no_tiles_left_skips_and_its_reservation_goes_back_to_the_box():
    """Decided: a seat whose hand is empty (the river pile is used up) skips its turns;
    its Reservation Tile, if it lies uncovered, goes back to the box so the board can
    still be filled."""
    state = position(seats=2, hands={0: ("bend",), 1: ("bend", "crossing", "crossing")}, turn=2)
    state.pile, state.pile_size = (0, 0, 0, 0), 0
    state = fill_all_but(state, ["B2", "C2", "F6", "F5"])
    state.reservations = (sq("B2"), -1)
    after = place(state, 0, "bend", 0, "C2")
    assert after.hands[0] == ()
    assert after.reservations[0] == RESERVATION_SPENT
    assert "Seat 1 holds no more tiles: the reservation on B2 goes back to the box." in GAME.events(state, after)
    later = place(after, 1, "crossing", 0, "B2")
    assert GAME.to_act(later) == frozenset({1})
    assert "Seat 1 cannot place anything and skips the turn." in GAME.events(after, later)


def test_strategy_mode_two_actions_per_turn():
    """"Each player can perform two actions on their turn (instead of one) i.e. place
    two tiles, or one tile and the Reservation Tile." """
    state = position(variant="strategy", hands={0: ("bend", "crossing"), 1: ("bend",)}, turn=2)
    state = place(state, 0, "bend", 0, "B2")
    assert state.turn_seat == 0 and state.actions_left == 1
    state = reserve(state, 0, "C2")
    assert state.turn_seat == 1 and state.actions_left == 2


def test_it_is_not_your_turn():
    state = GAME.new(2, {}, 1)
    tile = state.hands[1][0]
    with pytest.raises(IllegalAction, match="It is not your turn."):
        GAME.apply(state, 1, PlaceTile(tile, 0, sq("C3")))
    assert GAME.legal_actions(state, 1) == []


def test_apply_never_changes_the_state_it_was_given():
    state = GAME.new(3, {}, 9)
    before = GAME.digest(state)
    for action in GAME.legal_actions(state, 0)[::50]:
        GAME.apply(state, 0, action)
    assert GAME.digest(state) == before


def test_actions_round_trip_through_their_encoding():
    for action in (PlaceTile("L07", 3, 17), PlaceTile("double", 1, 48), PlaceReservation(CENTRE - 1)):
        assert GAME.decode_action(encode_action(action)) == action
    with pytest.raises(ValueError):
        GAME.decode_action(["Rotate", 1])
