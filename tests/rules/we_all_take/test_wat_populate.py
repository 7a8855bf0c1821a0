"""Populate Natural Resources."""

from __future__ import annotations

from river_tui.rules.we_all_take.components import FISH, POLLUTION
from river_tui.rules.we_all_take.nature import populate

from support.wat_helpers import (
    add_loose, at_turn, clear_map, fill, held, loose, new_table, put, slots_of, tile,
)


def bare(row, water, **kw):
    s = new_table([("W1", "Red"), ("E5", "Blue")])
    s = at_turn(s, row, water, **kw)
    clear_map(s)
    return s


def test_only_populate_resources_if_the_water_level_is_greater_than_zero():
    s = bare(0, 0)
    fill(s, slots_of("R1")[0], "fish")
    populate(s)
    assert held(s, "R1") == ["fish", None] and held(s, "W1") == [None, None, None]


def test_spawn_fish_if_there_is_a_fish_the_new_fish_fills_an_empty_slot():
    s = bare(0, 1)
    fill(s, slots_of("R1")[0], "fish")
    populate(s)
    assert held(s, "R1") == ["fish", "fish"]
    populate(s)  # slots full: the new fish is loose in the river
    assert loose(s, 0, "fish") == 1


def test_a_loose_fish_spawns_too_and_no_fish_means_no_spawn():
    s = bare(0, 1)
    add_loose(s, 0, "fish")
    populate(s)
    assert held(s, "R1") == ["fish", None] and loose(s, 0, "fish") == 1
    s = bare(1, 1)
    populate(s)
    assert held(s, "R2") == [None, None] and loose(s, 1, "fish") == 0


def test_grow_one_tree_per_land_tile_into_an_empty_tree_slot():
    s = bare(0, 1)
    populate(s)
    assert held(s, "W1") == ["tree", None, None] and held(s, "E1") == ["tree", None]
    fill(s, slots_of("E1")[1], "pollution")  # a polluted slot cannot grow a tree
    populate(s)
    assert held(s, "W1") == ["tree", "tree", None] and held(s, "E1") == ["tree", "pollution"]


def test_a_tile_may_not_have_more_trees_than_slots():
    s = bare(0, 1)
    for slot in slots_of("E1"):
        fill(s, slot, "tree")
    populate(s)
    assert held(s, "E1") == ["tree", "tree"]


def test_no_new_tree_on_tiles_that_eroded_or_flooded_this_turn_but_half_tiles_still_grow():
    s = bare(0, 1)
    s.eroded = {tile("W1")}
    populate(s)
    assert held(s, "W1") == [None, None, None] and held(s, "w1") == ["tree"]


def test_the_city_tile_holds_no_resources():
    s = bare(0, 1)
    s.city = tile("E1")
    populate(s)
    assert held(s, "E1") == [None, None]


def test_a_farm_gains_a_fish_and_adds_a_pollution_to_the_river_when_the_water_is_above_zero():
    s = new_table([("W1", "Red"), ("E5", "Blue")])
    put(s, 0, "farm", tile("W1"))
    s = at_turn(s, 0, 1)
    clear_map(s)
    populate(s)
    assert s.stock[0][FISH] == 2
    assert held(s, "R1") == ["pollution", None]  # "If there are any empty fish slots on that tile..."
    s.water = 0
    populate(s)
    assert s.stock[0][FISH] == 2


def test_a_farm_on_a_protected_tile_produces_nothing():
    s = new_table([("W1", "Red"), ("E5", "Blue")])
    put(s, 0, "farm", tile("W1"))
    s = at_turn(s, 0, 1)
    s.protected.add(tile("W1"))
    populate(s)
    assert s.stock[0][FISH] == 1


def test_the_complete_city_produces_one_pollution_on_its_turn_unless_flooded():
    s = bare(0, 2)
    s.city, s.city_complete = tile("E1"), True
    populate(s)
    assert s.slots.count(POLLUTION) == 1
    s.flooded.add(tile("E1"))
    populate(s)
    assert s.slots.count(POLLUTION) == 1
