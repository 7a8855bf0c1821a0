"""Game content and setup, sentence by sentence."""

from __future__ import annotations

from collections import Counter

import pytest

from river_tui.rules.flow import GAME
from river_tui.rules.flow.board import CONNECTIONS, LAIR_FACE_IDS, PLAYABLE, RINGS, START_CODE
from river_tui.rules.flow.components import (
    CENTRE,
    END,
    LAIR,
    LAIR_TILES,
    LOCKED_SQUARES,
    RIVER_TILES,
    SPECIES,
)
from river_tui.rules.flow.state import HIDDEN, RESERVATION_IN_HAND


def test_game_content_40_river_tiles_15_lair_tiles_5_species():
    """"40 River Tiles - 15 Lair Tiles - ... 5 Species Tiles, each with 3 matching Lair
    Tokens and 1 Reservation Tile." """
    assert sum(count for _, count in RIVER_TILES) == 40
    assert len(LAIR_TILES) == 15 and len({face.id for face in LAIR_TILES}) == 15
    assert len(SPECIES) == 5
    assert len({s.glyph for s in SPECIES}) == 5 and len({s.colour for s in SPECIES}) == 5


def test_board_has_4_locked_squares_an_outer_ring_and_inner_rings():
    """"1 Board (4 locked squares; outer ring; inner rings)": the start tile sits on
    the central square."""
    assert len(LOCKED_SQUARES) == 4 and all(RINGS[sq] == 0 for sq in LOCKED_SQUARES)
    assert Counter(RINGS) == {0: 24, 1: 16, 2: 8, 3: 1}
    assert RINGS[CENTRE] == 3


def test_river_ends_are_only_on_the_start_tile_and_the_lair_tiles():
    """"Note: ... Every Lair Tile also features a River End." Ordinary river tiles
    have none."""
    for face, _ in RIVER_TILES:
        assert END not in face.sides and LAIR not in face.sides
    for face in LAIR_TILES:
        assert face.sides.count(LAIR) == 1 and END in face.sides
    assert CONNECTIONS[START_CODE] == (END,) * 4


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_each_of_you_takes_3_lair_tiles_and_3_river_tiles(seats):
    """"Each of you takes 3 Lair Tiles and 3 River Tiles from the prepared piles. After
    that the remaining Lair Tiles ... are placed back in the box." """
    state = GAME.new(seats, {}, 7)
    lairs_in_hands = [tile for hand in state.hands for tile in hand if tile in LAIR_FACE_IDS]
    assert len(lairs_in_hands) == len(set(lairs_in_hands)) == 3 * seats
    for hand in state.hands:
        assert len(hand) == 6 and sum(tile in LAIR_FACE_IDS for tile in hand) == 3
    assert state.pile_size == sum(state.pile) == 40 - 3 * seats
    assert state.reservations == (RESERVATION_IN_HAND,) * seats
    assert state.tiles[CENTRE] == START_CODE
    assert sum(t >= 0 for t in state.tiles) == 1


def test_shuffling_comes_from_the_seed():
    assert GAME.new(3, {}, 11).hands == GAME.new(3, {}, 11).hands
    assert {GAME.new(3, {}, seed).hands for seed in range(5)} != {GAME.new(3, {}, 0).hands}


def test_strategy_mode_is_the_default_for_two_players_only():
    """"In a two-player game, we recommend that you always use this rule." """
    assert GAME.new(2, {}, 1).variant == "strategy"
    assert {GAME.new(seats, {}, 1).variant for seats in (3, 4, 5)} == {"basic"}


@pytest.mark.parametrize(
    ("seats", "variant", "locked_open"),
    [(2, "strategy", False), (3, "strategy", False), (4, "basic", False), (4, "strategy", True),
     (5, "strategy", True)],
)
def test_the_locked_squares_open_in_strategy_mode_with_4_or_5_players(seats, variant, locked_open):
    """"If this more strategic variant is chosen with 4 or 5 players, the 4 locked
    squares may also be occupied." """
    state = GAME.new(seats, {"variant": variant}, 1)
    playable = PLAYABLE[state.locked_open]
    assert all(playable[sq] == locked_open for sq in LOCKED_SQUARES)
    assert state.empty_squares == (48 if locked_open else 44)


def test_a_view_hides_the_other_hands_and_the_pile():
    """Hands are hidden from the other seats and the piles are face down."""
    state = GAME.new(3, {}, 4)
    view = GAME.view(state, 1)
    assert view.rng is None and view.pile is None and view.pile_size == state.pile_size
    assert view.hands[1] == state.hands[1]
    assert view.hands[0] == (HIDDEN,) * 6 and view.hands[2] == (HIDDEN,) * 6
    assert all(set(hand) == {HIDDEN} for hand in GAME.view(state, None).hands)
    assert GAME.legal_actions(view, 0) == []
    assert GAME.legal_actions(GAME.view(state, 0), 0) == GAME.legal_actions(state, 0)

