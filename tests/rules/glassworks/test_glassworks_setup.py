"""Setup: the rulebook's five steps."""

from __future__ import annotations

from collections import Counter

import pytest

from river_tui.rules.glassworks import GAME
from river_tui.rules.glassworks.components import COLOURS, RIVER_TILES
from river_tui.rules.glassworks.pieces import colour_of, full_bag
from river_tui.rules.glassworks.state import TURN

from support.glassworks_helpers import everything

BLACK = next(i for i, c in enumerate(COLOURS) if c.name == "black")


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_place_all_colored_glass_pieces_except_black_in_the_bag(seats):
    s = GAME.new(seats, {}, 7)
    assert sum(everything(s).values()) == 120
    assert BLACK not in {colour_of(p) for p in everything(s)}


def test_only_add_black_if_you_have_5_players():
    s = GAME.new(5, {}, 7)
    assert everything(s) == Counter(full_bag(5))
    assert sum(1 for p in everything(s).elements() if colour_of(p) == BLACK) == 12


def test_line_up_the_6_river_tiles_in_random_order():
    orders = {GAME.new(2, {}, seed).river for seed in range(30)}
    assert all(sorted(order) == list(range(6)) for order in orders)
    assert len(orders) > 10


def test_draw_1_or_2_glass_pieces_onto_each_tile_matching_the_number_of_stones_printed_on_it():
    s = GAME.new(3, {}, 11)
    for shape, stones in RIVER_TILES:
        assert len(s.tiles[shape]) == stones


def test_place_the_lake_tile_at_the_end_of_the_river_fill_it_with_5_glass_pieces():
    assert len(GAME.new(2, {}, 3).lake) == 5


def test_each_player_starts_at_0_on_the_inventory_track_and_draws_3_random_pieces_onto_their_satchel():
    s = GAME.new(4, {}, 5)
    assert all(len(satchel) == 3 for satchel in s.satchels)
    assert all(b.inventory == 0 and not b.overflow for b in s.boards)


def test_the_first_player_takes_the_first_turn():
    s = GAME.new(3, {}, 5)
    assert s.current == 0 and s.phase == TURN and GAME.to_act(s) == frozenset({0})
    assert GAME.round_label(s) == "Round 1"


def test_the_same_seed_sets_up_the_same_table():
    assert GAME.digest(GAME.new(2, {}, 99)) == GAME.digest(GAME.new(2, {}, 99))
    assert GAME.digest(GAME.new(2, {}, 99)) != GAME.digest(GAME.new(2, {}, 98))


def test_seat_counts_and_variants_outside_the_rules_are_refused():
    with pytest.raises(ValueError):
        GAME.new(6, {}, 1)
    with pytest.raises(ValueError):
        GAME.new(2, {"variant": "solo-side"}, 1)
