"""Ending the Turn: fish fill slots, tokens flow down, nets, pollution, the estuary, the sea."""

from __future__ import annotations

from river_tui.rules.we_all_take.components import ESTUARY, NET_SLOTS, POLLUTION
from river_tui.rules.we_all_take.river import create_pollution, end_of_turn_flow, ecosystem_destroyed

from support.wat_helpers import (
    add_loose, at_turn, clear_map, fill, held, loose, new_table, put, slots_of, tile, token_totals,
)


def bare(row, storm=False, seats=(("W1", "Red"), ("E1", "Blue"))):
    s = new_table(list(seats))
    s = at_turn(s, row, 0, storm=storm)
    clear_map(s)
    return s


def test_unslotted_fish_fill_empty_fish_slots_then_everything_else_moves_to_the_river_tile_below():
    s = bare(0)
    add_loose(s, 0, "fish", 3)
    add_loose(s, 0, "tree", 1)
    end_of_turn_flow(s)
    assert held(s, "R1") == ["fish", "fish"]
    assert loose(s, 0, "fish") == 0 and loose(s, 0, "tree") == 0
    assert loose(s, 1, "tree") == 1
    assert held(s, "R2") == ["fish", None]  # the moving fish takes the empty slot below


def test_loose_pollution_fills_land_slots_of_the_next_row_by_elevation_then_the_slot_higher_upriver():
    s = bare(1)  # row 3 below: east 3 (6) before west 3 (4)
    add_loose(s, 1, "pollution", 3)
    end_of_turn_flow(s)
    assert held(s, "E3") == ["pollution", "pollution"]
    assert held(s, "W3") == ["pollution", None, None]


def test_pollution_then_fills_river_slots_and_a_fish_gets_there_first():
    s = bare(1)
    for code in ("E3", "W3"):
        for slot in slots_of(code):
            fill(s, slot, "tree")
    add_loose(s, 1, "pollution", 1)
    add_loose(s, 1, "fish", 1)
    for slot in slots_of("R2"):
        fill(s, slot, "fish")
    end_of_turn_flow(s)
    assert held(s, "R3") == ["fish"] and loose(s, 2, "pollution") == 1


def test_a_created_pollution_goes_to_an_empty_fish_slot_of_its_river_tile_or_stays_loose():
    s = bare(0)
    create_pollution(s, 0)
    assert held(s, "R1") == ["pollution", None]
    fill(s, slots_of("R1")[1], "fish")
    create_pollution(s, 0)
    assert loose(s, 0, "pollution") == 1


def test_pollution_reaching_the_bottom_with_no_empty_fish_slot_replaces_a_fish_which_flows_out_instead():
    s = bare(3)
    for code in ("W5", "E5"):
        for slot in slots_of(code):
            fill(s, slot, "tree")
    for slot in slots_of("ES"):
        fill(s, slot, "fish")
    add_loose(s, 3, "pollution", 1)
    for slot in slots_of("R4"):
        fill(s, slot, "fish")
    end_of_turn_flow(s)
    assert held(s, "ES").count("pollution") == 1 and loose(s, ESTUARY, "fish") == 1
    s.turn = 4  # the estuary's turn ends the season: the fish flows out to sea
    end_of_turn_flow(s)
    assert s.sea[0] == 1 and loose(s, ESTUARY, "fish") == 0
    assert held(s, "ES").count("pollution") == 1


def test_at_the_end_of_the_final_turn_unslotted_tokens_flow_out_to_sea_and_are_counted():
    s = bare(ESTUARY)
    for slot in slots_of("ES"):
        fill(s, slot, "fish")
    add_loose(s, ESTUARY, "tree", 2)
    add_loose(s, ESTUARY, "gravel", 1)
    totals = token_totals(s)
    end_of_turn_flow(s)
    assert s.sea[:3] == [0, 2, 1] and token_totals(s) == totals


def test_a_net_collects_one_of_the_resources_moving_past_it():
    s = bare(0)
    put(s, 0, "net", NET_SLOTS[0].id)  # on the bank below row 1
    add_loose(s, 0, "tree", 4)
    end_of_turn_flow(s)
    assert s.stock[0][1] == 2 and loose(s, 1, "tree") == 3


def test_the_net_closer_to_the_top_collects_first_and_the_storm_reverses_it():
    for storm, first in ((False, 0), (True, 1)):
        s = bare(2, storm=storm)
        line = NET_SLOTS[4 * (1 if storm else 2)].id  # the bank the tokens pass: its slots upriver first
        put(s, 0, "net", line)
        put(s, 1, "net", line + 1)
        add_loose(s, 2, "tree", 1)
        end_of_turn_flow(s)
        caught = [seat for seat in (0, 1) if s.stock[seat][1] == 2]
        assert caught == [first]


def test_in_the_storm_tokens_move_upriver_and_stay_at_the_top_for_next_season():
    s = bare(1, storm=True)
    add_loose(s, 1, "tree", 2)
    end_of_turn_flow(s)
    assert loose(s, 0, "tree") == 2
    s.turn = 4  # row 1 is the storm's last turn
    end_of_turn_flow(s)
    assert loose(s, 0, "tree") == 2 and s.sea == [0, 0, 0, 0]


def test_all_three_estuary_fish_slots_holding_pollution_destroy_the_ecosystem():
    s = bare(0)
    for slot in slots_of("ES")[:2]:
        fill(s, slot, "pollution")
    assert not ecosystem_destroyed(s)
    fill(s, slots_of("ES")[2], "pollution")
    assert ecosystem_destroyed(s) and s.slots.count(POLLUTION) == 3


def test_loose_pollution_at_the_bottom_takes_an_empty_fish_slot_before_replacing_a_fish():
    s = bare(ESTUARY)
    fill(s, slots_of("ES")[0], "fish")
    add_loose(s, ESTUARY, "pollution", 2)
    end_of_turn_flow(s)
    assert held(s, "ES") == ["fish", "pollution", "pollution"] and s.sea == [0, 0, 0, 0]


def test_pollution_cannot_enter_half_tiles():
    s = bare(2)  # row 4 below has the half tile w4 with an empty gravel slot
    for code in ("W4", "E4"):
        for slot in slots_of(code):
            fill(s, slot, "tree")
    for slot in slots_of("R4"):
        fill(s, slot, "fish")
    add_loose(s, 2, "pollution", 1)
    end_of_turn_flow(s)
    assert held(s, "w4") == [None] and loose(s, 3, "pollution") == 1


def test_nets_do_not_count_as_being_on_the_flooded_tile():
    s = bare(2, seats=(("W3", "Red"), ("E1", "Blue")))
    put(s, 0, "net", NET_SLOTS[8].id)  # the bank below west 3
    s.flooded.add(tile("W3"))
    add_loose(s, 2, "tree", 1)
    end_of_turn_flow(s)
    assert s.stock[0][1] == 2
