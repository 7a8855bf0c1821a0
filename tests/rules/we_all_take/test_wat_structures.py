"""Player Actions and Structures: harvest, plant, build, move, ferry, protection."""

from __future__ import annotations

import pytest

from river_tui.rules.core import IllegalAction
from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import (
    DONE, Build, Dredge, Ferry, Harvest, Move, Plant, Sell,
)
from river_tui.rules.we_all_take.components import (
    FISH, GRAVEL, NET_SLOTS, POLLUTION, SUPPLY, TREE,
)
from river_tui.rules.we_all_take.structures import build_cost, harvest_options, move_targets, net_slots_for
from river_tui.rules.we_all_take.seasons import start_turn

from support.wat_helpers import (
    add_loose, at_turn, clear_map, fill, give, held, loose, new_table, put, set_stock, slots_of, tile,
)


def acting(camps, row, *, extra=(), water=0, prepare=None):
    """The table at ``row``'s player actions; ``extra`` = (seat, kind, tile code) structures."""
    s = new_table(camps)
    ids = [put(s, seat, kind, tile(code)) for seat, kind, code in extra]
    s = at_turn(s, row, water)
    if prepare:
        prepare(s)
    start_turn(s)
    return s, ids


def pollution_placed(s):
    return s.slots.count(POLLUTION) + sum(s.loose[4 * r + POLLUTION] for r in range(5))


# --- harvest ---------------------------------------------------------------------------------
def test_camp_harvest_takes_one_resource_from_its_tile_or_one_fish_from_the_river_in_its_row():
    s, _ = acting([("W2", "Red"), ("E5", "Blue")], 1)
    camp = s.camp_of(0).id
    takes = harvest_options(s, s.structures[camp])
    assert ((slots_of("W2")[0],), -1) in takes and ((slots_of("R2")[0],), -1) in takes
    assert all(len(slots) + (loose >= 0) == 1 for slots, loose in takes)
    assert not any(slot in slots_of("E2") for slots, _ in takes for slot in slots)
    s = GAME.apply(s, 0, Harvest(camp, (slots_of("R2")[0],)))
    assert s.stock[0][FISH] == 2 and held(s, "R2")[0] is None
    with pytest.raises(IllegalAction, match="already used its harvest"):
        GAME.apply(s, 0, Harvest(camp, (slots_of("W2")[0],)))


def test_camp_cannot_take_a_tree_from_the_river_but_may_take_a_loose_fish():
    def prepare(s):
        add_loose(s, 1, "tree")
        add_loose(s, 1, "fish")

    s, _ = acting([("W2", "Red"), ("E5", "Blue")], 1, prepare=prepare)
    camp = s.structures[s.camp_of(0).id]
    takes = harvest_options(s, camp)
    assert ((), FISH) in takes and ((), TREE) not in takes


def test_boat_takes_any_one_resource_from_its_tile_or_dredges():
    def prepare(s):
        add_loose(s, 1, "tree")

    s, (boat,) = acting([("W1", "Red"), ("E5", "Blue")], 1, extra=[(0, "boat", "R2")], prepare=prepare)
    s2 = GAME.apply(s, 0, Harvest(boat, (), "tree"))
    assert s2.stock[0][TREE] == 2 and loose(s2, 1, "tree") == 0
    before = pollution_placed(s)
    s3 = GAME.apply(s, 0, Dredge(boat))
    # "gain one gravel and add one pollution to the river. Take the gravel from the resources in the box."
    assert s3.stock[0][GRAVEL] == 2 and pollution_placed(s3) == before + 1
    with pytest.raises(IllegalAction, match="already used its harvest"):
        GAME.apply(s3, 0, Harvest(boat, (), "tree"))


def test_excavator_takes_up_to_two_gravel_from_current_or_adjacent_tiles_and_adds_a_pollution():
    s, (digger,) = acting([("W3", "Red"), ("E5", "Blue")], 2, extra=[(0, "excavator", "W3")])
    takes = harvest_options(s, s.structures[digger])
    reachable = set(slots_of("W3", "gravel") + slots_of("W4", "gravel"))
    assert {slot for slots, _ in takes for slot in slots} == reachable
    before = pollution_placed(s)
    pair = tuple(sorted((slots_of("W3", "gravel")[0], slots_of("W4", "gravel")[0])))
    s = GAME.apply(s, 0, Harvest(digger, pair))
    assert s.stock[0][GRAVEL] == 3 and pollution_placed(s) == before + 1
    assert loose(s, 2, "pollution") == 1  # river 3 has no empty fish slot: it stays loose


def test_lumber_mill_takes_up_to_two_trees_and_adds_a_pollution():
    s, (mill,) = acting([("W2", "Orange"), ("E5", "Blue")], 1, extra=[(0, "lumber mill", "W2")])
    takes = harvest_options(s, s.structures[mill])
    trees = set(slots_of("W1", "tree") + slots_of("W2", "tree") + slots_of("W3", "tree") + slots_of("w1", "tree"))
    assert {slot for slots, _ in takes for slot in slots} == trees
    assert max(len(slots) for slots, _ in takes) == 2


def test_the_red_lumber_mill_may_harvest_any_two_trees_from_the_highlighted_slots():
    from river_tui.rules.we_all_take.components import SLOTS

    red = [sl.id for sl in SLOTS if sl.red]
    s, (mill,) = acting([("W5", "Red"), ("E5", "Blue")], 4, extra=[(0, "lumber mill", "W5")])
    far = [slot for slot in red if slot not in slots_of("W5")]
    assert ((tuple(sorted(far[:2]))), -1) in harvest_options(s, s.structures[mill])
    s, (mill,) = acting([("W5", "Blue"), ("E5", "Red")], 4, extra=[(0, "lumber mill", "W5")])
    assert not any(slot in far for slots, _ in harvest_options(s, s.structures[mill]) for slot in slots)


def test_any_harvest_may_remove_one_pollution_from_its_own_tile_adding_none():
    def prepare(s):
        fill(s, slots_of("W2")[1], "pollution")

    s, (mill,) = acting([("W1", "Red"), ("E5", "Blue")], 1, extra=[(0, "lumber mill", "W2")], prepare=prepare)
    before = pollution_placed(s)
    s = GAME.apply(s, 0, Harvest(mill, (slots_of("W2")[1],)))
    assert s.stock[0][POLLUTION] == 1 and pollution_placed(s) == before - 1


def test_plant_places_a_matching_resource_from_the_stockpile_onto_the_structures_tile():
    def prepare(s):
        clear_map(s)

    s, _ = acting([("W3", "Red"), ("E5", "Blue")], 2, prepare=prepare)
    camp = s.camp_of(0).id
    legal = GAME.legal_actions(s, 0)
    assert Plant(camp, slots_of("W3")[0], "tree") in legal
    assert Plant(camp, slots_of("W3")[1], "gravel") in legal
    assert Plant(camp, slots_of("W3")[0], "gravel") not in legal  # "only trees may go in tree slots"
    assert not any(isinstance(a, Plant) and a.kind == "fish" for a in legal)
    s = GAME.apply(s, 0, Plant(camp, slots_of("W3")[1], "gravel"))
    assert held(s, "W3") == [None, "gravel", None] and s.stock[0][GRAVEL] == 0
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Harvest(camp, (slots_of("W3")[1],)))  # planting used the harvest action


# --- build ------------------------------------------------------------------------------------
def test_build_always_pays_one_fish_then_any_number_of_structures_at_their_costs():
    s, _ = acting([("W2", "Red"), ("E5", "Blue")], 1)
    set_stock(s, 0, fish=1, tree=6, gravel=2)
    camp = s.camp_of(0).id
    assert build_cost(s, s.structures[camp], "farm") == (1, 2, 2, 0, 0)
    s = GAME.apply(s, 0, Build(camp, "farm"))
    assert s.stock[0][:3] == [0, 4, 0]
    s = GAME.apply(s, 0, Build(camp, "boat"))  # same build action: no second fish
    assert s.stock[0][:3] == [0, 3, 0]
    kinds = sorted(st.kind for st in s.structures.values() if st.owner == 0)
    assert kinds == ["boat", "camp", "farm"]
    assert next(st for st in s.structures.values() if st.kind == "boat").place == tile("R2")
    s = GAME.apply(s, 0, Harvest(camp, (slots_of("W2")[0],)))
    with pytest.raises(IllegalAction, match="already built"):
        GAME.apply(s, 0, Build(camp, "net", NET_SLOTS[4].id))


def test_a_build_without_the_fish_is_refused():
    s, _ = acting([("W2", "Red"), ("E5", "Blue")], 1)
    set_stock(s, 0, fish=0, tree=6, gravel=6)
    camp = s.camp_of(0).id
    with pytest.raises(IllegalAction, match="cannot pay"):
        GAME.apply(s, 0, Build(camp, "boat"))


def test_supply_is_five_of_each_per_player():
    assert all(SUPPLY[k] == 5 for k in ("net", "lumber mill", "farm", "excavator", "boat"))
    s, _ = acting([("W2", "Red"), ("E5", "Blue")], 1)
    s.supply[0]["boat"] = 0
    give(s, 0, fish=2, tree=4)
    assert not any(isinstance(a, Build) and a.kind == "boat" for a in GAME.legal_actions(s, 0))
    s.supply[0]["boat"] = 1
    assert any(isinstance(a, Build) and a.kind == "boat" for a in GAME.legal_actions(s, 0))
    s.supply[0]["boat"] = 0
    assert not any(isinstance(a, Build) and a.kind == "boat" for a in GAME.legal_actions(s, 0))


def test_nets_go_on_the_two_slots_on_the_camps_side_or_the_slots_in_its_colour_one_per_slot():
    s, _ = acting([("W2", "Red"), ("E5", "Blue")], 1)
    camp = s.structures[s.camp_of(0).id]
    slots = net_slots_for(s, camp)
    own = [n.id for n in NET_SLOTS if n.row == 1 and n.side == -1]
    red = [n.id for n in NET_SLOTS if n.colour == "Red"]
    assert sorted(slots) == sorted(set(own + red)) and len(own) == 2
    put(s, 1, "net", own[0])
    assert own[0] not in net_slots_for(s, camp)


def test_an_excavator_builds_one_canal_paying_a_fish_and_adding_a_pollution():
    s, (digger,) = acting([("W1", "Red"), ("E5", "Blue")], 1, extra=[(0, "excavator", "W2")])
    set_stock(s, 0, fish=2, gravel=3)
    before = pollution_placed(s)
    assert {(a.kind) for a in GAME.legal_actions(s, 0) if isinstance(a, Build)} == {"canal"}
    s = GAME.apply(s, 0, Build(digger, "canal"))
    assert s.stock[0][:3] == [1, 0, 2] and pollution_placed(s) == before + 1
    assert not any(isinstance(a, Build) for a in GAME.legal_actions(s, 0))


def test_new_structures_cannot_act_on_the_turn_they_are_built_but_nets_catch_at_once():
    s, _ = acting([("W1", "Red"), ("E5", "Blue")], 0)
    set_stock(s, 0, fish=2, tree=4)
    camp = s.camp_of(0).id
    add_loose(s, 0, "tree", 3)
    s = GAME.apply(s, 0, Build(camp, "boat"))
    boat = max(s.structures)
    with pytest.raises(IllegalAction, match="New structures"):
        GAME.apply(s, 0, Harvest(boat, (), "tree"))
    s = GAME.apply(s, 0, Build(camp, "net", NET_SLOTS[0].id))
    held_before = sum(s.stock[0][:4])
    s = GAME.apply(s, 0, DONE)
    assert sum(s.stock[0][:4]) == held_before + 1  # the net caught one of the tokens flowing past
    assert s.events[0][0] == "net"


def test_a_bridge_goes_in_the_river_on_the_camps_row():
    s, _ = acting([("W2", "Red"), ("E5", "Blue")], 1)
    give(s, 0, tree=3)
    s = GAME.apply(s, 0, Build(s.camp_of(0).id, "bridge"))
    assert [st.place for st in s.structures.values() if st.kind == "bridge"] == [tile("R2")]


def test_one_bridge_per_row():
    s, _ = acting([("W2", "Red"), ("E5", "Blue")], 1, extra=[(1, "bridge", "R2")])
    give(s, 0, fish=1, tree=3)
    assert not any(isinstance(a, Build) and a.kind == "bridge" for a in GAME.legal_actions(s, 0))


# --- move -------------------------------------------------------------------------------------
def test_camps_and_excavators_move_to_an_adjacent_land_tile_and_boats_to_any_river_tile():
    s, (digger, boat) = acting(
        [("W2", "Red"), ("E5", "Blue")], 1, extra=[(0, "excavator", "W2"), (0, "boat", "R2")]
    )
    camp = s.structures[s.camp_of(0).id]
    assert sorted(move_targets(s, camp)) == [tile("W1"), tile("W3")]
    assert sorted(move_targets(s, s.structures[digger])) == [tile("W1"), tile("W3")]
    assert sorted(move_targets(s, s.structures[boat])) == sorted(tile(c) for c in ("R1", "R3", "R4", "ES"))


def test_a_camp_moving_onto_another_camp_jumps_to_the_next_available_land_tile():
    s, _ = acting([("W2", "Red"), ("W3", "Blue"), ("W4", "Yellow")], 1)
    camp = s.structures[s.camp_of(0).id]
    assert sorted(move_targets(s, camp)) == [tile("W1"), tile("W5")]
    s, _ = acting([("W4", "Red"), ("W5", "Blue")], 3)
    assert move_targets(s, s.structures[s.camp_of(0).id]) == [tile("W3")]  # no tile beyond the estuary


def test_once_a_structure_has_moved_it_has_no_more_actions_that_season():
    s, _ = acting([("W2", "Red"), ("E5", "Blue")], 1)
    camp = s.camp_of(0).id
    s = GAME.apply(s, 0, Move(camp, tile("W3")))
    assert camp in s.exhausted
    # West 3 acts on the next turn, but the camp that moved there does not act again.
    assert all(group[0] != 0 for group in s.groups)


def test_a_boat_ferries_a_camp_across_the_river_using_both_move_actions():
    s, (boat,) = acting([("W2", "Red"), ("E5", "Blue")], 1, extra=[(0, "boat", "R2")])
    camp = s.camp_of(0).id
    s = GAME.apply(s, 0, Ferry(boat, camp))
    assert s.camp_of(0).place == tile("E2") and {boat, camp} <= s.exhausted


def test_a_ferry_cannot_land_a_camp_on_another_camp():
    s, (boat,) = acting([("E2", "Red"), ("W2", "Blue")], 1, extra=[(0, "boat", "R2")])
    with pytest.raises(IllegalAction, match="cannot land on another camp"):
        GAME.apply(s, 0, Ferry(boat, s.camp_of(0).id))


def test_bridge_makes_the_two_land_tiles_adjacent_for_moves_and_harvests():
    s, (mill, _) = acting(
        [("W2", "Red"), ("E5", "Blue")], 1, extra=[(0, "lumber mill", "W2"), (1, "bridge", "R2")]
    )
    assert tile("E2") in move_targets(s, s.structures[s.camp_of(0).id])
    assert any(slot in slots_of("E2") for slots, _ in harvest_options(s, s.structures[mill]) for slot in slots)


# --- land protection ------------------------------------------------------------------------------
def test_on_a_protected_tile_only_pollution_may_be_harvested():
    def prepare(s):
        s.protected.add(tile("W2"))
        fill(s, slots_of("W2")[1], "pollution")

    s, (digger,) = acting([("W2", "Red"), ("E5", "Blue")], 1, extra=[(0, "excavator", "W2")], prepare=prepare)
    camp = s.structures[s.camp_of(0).id]
    assert harvest_options(s, camp) == [((slots_of("W2")[1],), -1)]
    assert harvest_options(s, s.structures[digger]) == [((slots_of("W2")[1],), -1)]
    give(s, 0, fish=3, tree=3, gravel=3)
    assert not any(isinstance(a, Build) for a in GAME.legal_actions(s, 0))
    assert move_targets(s, camp)


def test_an_immobile_structure_on_a_protected_tile_may_be_sold_for_its_cost():
    s, (farm, digger) = acting(
        [("W2", "Red"), ("E5", "Blue")], 1, extra=[(0, "farm", "W3"), (0, "excavator", "W3")]
    )
    s.protected.add(tile("W3"))
    legal = GAME.legal_actions(s, 0)
    assert Sell(farm) in legal and Sell(digger) not in legal
    s = GAME.apply(s, 0, Sell(farm))
    assert farm not in s.structures and s.stock[0][:3] == [1, 3, 3]  # "two trees and two gravel"


def test_structures_act_only_on_their_rows_turn_and_never_another_seats():
    s, _ = acting([("W2", "Red"), ("E2", "Blue")], 1)
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(s, 0, Harvest(s.camp_of(0).id, (slots_of("W2")[0],)))
    with pytest.raises(IllegalAction, match="not one of your structures"):
        GAME.apply(s, 1, Harvest(s.camp_of(0).id, (slots_of("W2")[0],)))


def test_a_preview_tells_what_an_action_would_cost_and_do_without_doing_it():
    from river_tui.rules.we_all_take.preview import preview

    s, (mill,) = acting([("W2", "Orange"), ("E5", "Blue")], 1, extra=[(0, "lumber mill", "W2")])
    pair = tuple(sorted(slots_of("W2", "tree")))
    seen = preview(GAME.view(s, 0), 0, Harvest(mill, pair))
    assert seen.gain == (0, 2, 0, 0, 0) and seen.pollution == 1 and seen.problem is None
    assert seen.line == "Seat 1's lumber mill harvested 2 tree"
    camp = s.camp_of(0).id
    assert preview(s, 0, Build(camp, "farm")).problem.startswith("You cannot pay for it")
    give(s, 0, tree=1)
    assert preview(s, 0, Build(camp, "boat")).cost == (1, 1, 0, 0, 0)
    assert held(s, "W2") == ["tree", "tree"]  # nothing happened


def test_a_screen_can_offer_each_structure_then_its_actions():
    from river_tui.rules.we_all_take.legal import actions_by_structure

    s, (boat,) = acting([("W2", "Red"), ("E5", "Blue")], 1, extra=[(0, "boat", "R2")])
    grouped = actions_by_structure(s, 0)
    camp = s.camp_of(0).id
    assert set(grouped) == {camp, boat}
    assert Ferry(boat, camp) in grouped[boat] and Dredge(boat) in grouped[boat]
    flat = [a for actions in grouped.values() for a in actions]
    assert sorted(map(repr, flat)) == sorted(repr(a) for a in GAME.legal_actions(s, 0) if a in flat)
    assert actions_by_structure(s, 1) == {}
