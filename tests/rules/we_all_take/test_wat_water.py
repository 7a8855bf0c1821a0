"""Adjusting the Water Level: tributaries, erosion, wetlands, floods, levees, canals."""

from __future__ import annotations

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import Harvest, Move
from river_tui.rules.we_all_take.components import FISH, GRAVEL, POLLUTION, TREE
from river_tui.rules.we_all_take.seasons import start_turn
from river_tui.rules.we_all_take.water import adjust_water_level, drain_canals

from support.wat_helpers import (
    at_turn, fill, held, loose, new_table, put, slots_of, tile,
)


def table():
    return new_table([("W1", "Red"), ("E1", "Blue")])


def strip(s, code, kind="tree"):
    for slot in slots_of(code, kind):
        if s.slots[slot] >= 0:
            s.bank[s.slots[slot]] += 1
            s.slots[slot] = -1


def test_if_there_is_a_plus_on_the_line_between_river_tiles_add_one_as_the_turn_changes():
    s = at_turn(table(), 1, 2)  # a "+" below row 1
    adjust_water_level(s)
    assert s.water == 3
    s = at_turn(table(), 2, 2)  # no "+" below row 2
    adjust_water_level(s)
    assert s.water == 2
    s = at_turn(table(), 0, 2)  # the first turn crosses no line
    adjust_water_level(s)
    assert s.water == 2


def test_if_the_water_is_higher_than_the_elevation_the_tile_erodes_a_tree_goes_to_the_river_and_water_drops():
    s = at_turn(table(), 0, 9)  # west 1 is at 9, east 1 at 8
    trees = held(s, "E1").count("tree")
    adjust_water_level(s)
    assert held(s, "E1").count("tree") == trees - 1
    assert loose(s, 0, "tree") == 1 and s.water == 8
    assert tile("E1") in s.eroded and tile("W1") not in s.eroded


def test_water_equal_to_the_elevation_does_not_erode():
    s = at_turn(table(), 0, 8)
    adjust_water_level(s)
    assert s.water == 8 and not s.eroded


def test_if_the_water_is_higher_than_both_tiles_the_higher_erodes_first():
    s = at_turn(table(), 0, 10)
    adjust_water_level(s)  # west 1 (9): 10 -> 9; then east 1 (8): 9 -> 8
    assert s.water == 8 and s.eroded == {tile("W1"), tile("E1")}
    assert [e[1] for e in s.events if e[0] == "erode"] == [tile("W1"), tile("E1")]


def test_after_the_higher_tile_erodes_the_lower_one_may_be_safe():
    s = at_turn(table(), 0, 10)
    put(s, 0, "levee", tile("E1"))  # east 1 (8) counts as 9, like west 1
    adjust_water_level(s)  # west 1 (9) erodes first: 10 -> 9; east 1 (8 + 1) is safe at 9
    assert s.water == 9 and s.eroded == {tile("W1")}


def test_a_wetland_first_drains_one_and_refills_its_gravel_then_erodes_if_still_higher():
    s = at_turn(table(), 2, 5)  # west 3: elevation 4, gravel slots
    strip(s, "W3", "gravel")
    adjust_water_level(s)
    assert held(s, "W3") == ["tree", "gravel", "gravel"]  # drained to 4, refilled; 4 is not > 4
    assert s.water == 4 and tile("W3") not in s.eroded
    s = at_turn(table(), 2, 6)
    strip(s, "W3", "gravel")
    adjust_water_level(s)  # drains 6 -> 5, then erodes 5 -> 4
    assert held(s, "W3") == [None, "gravel", "gravel"] and s.water == 4 and tile("W3") in s.eroded


def test_a_pollution_in_a_gravel_slot_is_not_refilled():
    s = at_turn(table(), 2, 5)
    strip(s, "W3", "gravel")
    fill(s, slots_of("W3", "gravel")[0], "pollution")
    adjust_water_level(s)
    assert held(s, "W3")[1:] == ["pollution", "gravel"]


def test_a_tile_with_no_tree_floods_moving_its_pollution_and_gravel_to_the_river_without_lowering_the_water():
    s = at_turn(table(), 2, 5)
    strip(s, "W3", "tree")
    fill(s, slots_of("W3", "gravel")[0], "pollution")
    s.water = 6
    adjust_water_level(s)  # drains to 5 (refilling), then floods: no tree to lose
    assert s.water == 5 and tile("W3") in s.flooded
    assert held(s, "W3") == [None, None, None]
    assert loose(s, 2, "pollution") == 1 and loose(s, 2, "gravel") == 1


def test_structures_on_a_flooded_tile_lose_all_abilities_except_to_move_off():
    s = new_table([("W3", "Red"), ("E1", "Blue")])
    mill = put(s, 0, "lumber mill", tile("W3"))
    s = at_turn(s, 2, 6)
    strip(s, "W3", "tree")
    start_turn(s)
    legal = GAME.legal_actions(s, 0)
    camp = s.camp_of(0).id
    assert all(isinstance(a, Move) for a in legal if getattr(a, "structure", None) in (camp, mill))
    assert any(isinstance(a, Move) and a.structure == camp for a in legal)


def test_remove_all_flood_tokens_at_the_end_of_each_season():
    from river_tui.rules.we_all_take.seasons import finish_season

    s = at_turn(table(), 2, 6)
    strip(s, "W3", "tree")
    adjust_water_level(s)
    assert s.flooded
    finish_season(s)
    assert not s.flooded


def test_levees_raise_the_tile_for_erosion_one_per_levee_but_not_turn_order():
    s = new_table([("W2", "Red"), ("E2", "Blue")])  # west 2 at 6, east 2 at 7
    put(s, 0, "levee", tile("W2"))
    put(s, 0, "levee", tile("W2"))
    s = at_turn(s, 1, 7)  # + below row 1 makes 8
    adjust_water_level(s)
    assert s.eroded == {tile("E2")}  # west 2 counts as 8: safe at 8 (after east 2's 8 -> 7 too)
    assert [seat for seat, _ in s.groups] == [1, 0]  # east 2 (7) still acts before west 2 (6)


def test_half_tiles_cannot_erode_or_flood():
    s = at_turn(table(), 0, 12)
    adjust_water_level(s)
    assert tile("w1") not in s.eroded and held(s, "w1") == ["tree"]


def test_gravel_on_half_tiles_refills_with_the_adjacent_wetland_in_that_row():
    s = at_turn(table(), 3, 3)  # + makes 4: west 4 (3) drains
    strip(s, "w4", "gravel")
    strip(s, "e5", "gravel")
    adjust_water_level(s)
    assert held(s, "w4") == ["gravel"]  # row 4's half tile beside west 4
    assert held(s, "e5") == [None]  # row 5's half tile waits for east 5


def test_a_canal_reduces_the_water_by_one_and_its_farm_produces_a_fish_per_level():
    s = new_table([("W2", "Red"), ("E1", "Blue")])
    put(s, 0, "farm", tile("W2"))
    put(s, 1, "canal", tile("W2"))
    s = at_turn(s, 1, 1)
    drain_canals(s)
    assert s.water == 0 and s.stock[0][FISH] == 2  # the farm's owner gains the fish
    drain_canals(s)  # "The canal cannot reduce the water level below zero."
    assert s.water == 0 and s.stock[0][FISH] == 2


def test_each_canal_on_a_tile_reduces_the_water_separately():
    s = new_table([("W2", "Red"), ("E1", "Blue")])
    for _ in range(3):
        put(s, 0, "canal", tile("W2"))
    s = at_turn(s, 1, 2)
    drain_canals(s)
    assert s.water == 0 and s.stock[0][FISH] == 1  # no farm: no fish


def test_canals_on_flooded_or_protected_tiles_do_nothing():
    s = new_table([("W2", "Red"), ("E1", "Blue")])
    put(s, 0, "canal", tile("W2"))
    s = at_turn(s, 1, 3)
    s.protected.add(tile("W2"))
    drain_canals(s)
    assert s.water == 3


def test_a_city_on_a_wetland_is_no_wetland_it_floods_without_draining():
    s = at_turn(table(), 2, 5)
    s.city = tile("W3")
    for slot in slots_of("W3"):
        if s.slots[slot] >= 0:
            s.bank[s.slots[slot]] += 1
            s.slots[slot] = -1
    adjust_water_level(s)
    assert s.water == 5 and tile("W3") in s.flooded  # "Do not reduce the water level by one before eroding"


def test_a_complete_city_that_floods_adds_three_pollution_and_fails_development_in_the_last_season():
    s = at_turn(table(), 2, 5)
    s.city, s.city_complete, s.season, s.last_season = tile("W3"), True, 10, 10
    for slot in slots_of("W3"):
        if s.slots[slot] >= 0:
            s.bank[s.slots[slot]] += 1
            s.slots[slot] = -1
    pollution = s.slots.count(POLLUTION) + loose(s, 2, "pollution")
    adjust_water_level(s)
    assert s.slots.count(POLLUTION) + loose(s, 2, "pollution") == pollution + 3
    assert s.city_flooded_in == 10


def test_harvest_is_blocked_on_the_flooded_tile_but_a_neighbour_can_still_take_its_gravel():
    s = new_table([("W4", "Red"), ("E1", "Blue")])
    digger = put(s, 0, "excavator", tile("W4"))
    s = at_turn(s, 3, 2)
    start_turn(s)
    gravel = slots_of("w4", "gravel")[0]
    s = GAME.apply(s, 0, Harvest(digger, (gravel,)))
    assert s.stock[0][GRAVEL] == 2 and s.stock[0][TREE] == 1
