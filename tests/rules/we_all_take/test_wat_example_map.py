"""The captions printed beside the rulebook's example map, replayed on our map."""

from __future__ import annotations

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import DONE, Build, Exchange, Harvest, Move
from river_tui.rules.we_all_take.components import ESTUARY, FISH, GRAVEL, TILES
from river_tui.rules.we_all_take.river import end_of_turn_flow
from river_tui.rules.we_all_take.seasons import end_season, start_turn
from river_tui.rules.we_all_take.state import EXCHANGE, OVER

from support.wat_helpers import (
    add_loose, at_turn, clear_map, fill, give, held, new_table, put, slots_of, tile,
)


def test_wetland_drains_then_floods_then_the_next_row_drains_6_to_4_to_3():
    """"Last turn the water level was 6. The wetland tile reduced it to 5, but then flooded
    because it had no tree. This turn, tributaries increased the water level back to 6.
    After the right wetland drained the water and eroded, the water level was 4. Then the
    left wetland drained it to 3.\""""
    s = new_table([("W3", "Orange"), ("E4", "Purple"), ("W4", "Red")])
    s = at_turn(s, 2, 6)
    for slot in slots_of("W3", "tree"):
        s.slots[slot] = -1
        s.bank[1] += 1
    start_turn(s)
    assert s.water == 5 and tile("W3") in s.flooded
    lines = GAME.events(s, s)
    assert "the wetland west 3 (elevation 4) drained: water 6 -> 5, its gravel refilled" in lines
    assert any(line.startswith("west 3 (elevation 4) flooded") for line in lines)
    s.turn += 1
    s.events = []
    start_turn(s)
    assert GAME.events(s, s)[1:5] == [
        "a tributary joins above river 4: water 5 -> 6",
        "the wetland east 4 (elevation 4) drained: water 6 -> 5, its gravel refilled",
        "east 4 (elevation 4) eroded, a tree fell into the river: water 5 -> 4",
        "the wetland west 4 (elevation 3) drained: water 4 -> 3, its gravel refilled",
    ]
    assert s.water == 3


def test_orange_camp_crosses_the_bridge_off_the_flooded_wetland_and_its_mill_harvests_the_half_tile_above():
    """"Orange's lumber mill has harvested wood from the half tile above and its own tile.
    Orange's camp was forced to cross the bridge when the wetlands flooded.\""""
    s = new_table([("W3", "Orange"), ("E1", "Blue"), ("W1", "Red")])
    put(s, 0, "bridge", tile("R3"))
    mill = put(s, 0, "lumber mill", tile("E3"))
    s = at_turn(s, 2, 6)
    for slot in slots_of("W3", "tree"):
        s.slots[slot] = -1
        s.bank[1] += 1
    start_turn(s)
    assert tile("W3") in s.flooded
    # East 3 (elevation 6) acts before the flooded west 3 (elevation 4).
    assert s.groups == [(0, tile("E3")), (0, tile("W3"))]
    half_tree, own_tree = slots_of("e2", "tree")[0], slots_of("E3", "tree")[0]
    s = GAME.apply(s, 0, Harvest(mill, (half_tree, own_tree)))
    # The mill has nothing left to do, so its group ends by itself.
    camp = s.camp_of(0).id
    legal = GAME.legal_actions(s, 0)
    # A flooded camp keeps only its move: across the bridge or along its bank.
    assert {type(a).__name__ for a in legal if getattr(a, "structure", None) == camp} == {"Move"}
    s = GAME.apply(s, 0, Move(camp, tile("E3")))
    assert s.stock[0][1] == 3 and s.camp_of(0).place == tile("E3")


def test_yellow_farm_with_two_canals_produces_three_fish_and_pollution_is_subsidized():
    """"Yellow's farm produces 3 fish on its turn: 1 normally plus 2 from the canals.
    Pollution is subsidized.\""""
    s = new_table([("W2", "Yellow")])
    put(s, 0, "farm", tile("W2"))
    put(s, 0, "canal", tile("W2"))
    put(s, 0, "canal", tile("W2"))
    s.subsidy = True
    s = at_turn(s, 1, 3)
    before = s.stock[0][FISH]
    start_turn(s)  # the "+" above row 2 makes 4; the canals drain 4 -> 3 -> 2; the farm populates
    assert s.stock[0][FISH] - before == 3
    assert s.water == 2
    s.phase, s.ready = EXCHANGE, set()
    give(s, 0, pollution=2)
    assert Exchange("pollution", "pollution") in GAME.legal_actions(s, 0)


def test_purple_at_elevation_4_goes_first_and_its_excavator_takes_two_gravel_from_the_tiles_below():
    """"It's the 4th turn of the season. Purple went first because they are at elevation 4
    compared to Red at 3. Purple's excavator has harvested two gravel from adjacent tiles below.\""""
    s = new_table([("W4", "Red"), ("E4", "Purple")])
    digger = put(s, 1, "excavator", tile("E4"))
    s = at_turn(s, 3, 2)
    start_turn(s)
    assert [seat for seat, _ in s.groups] == [1, 0]
    below = (slots_of("E5", "gravel")[0], slots_of("e5", "gravel")[0])
    assert all(TILES[tile(code)].row == 4 for code in ("E5", "e5"))
    s = GAME.apply(s, 1, Harvest(digger, below))
    assert s.stock[1][GRAVEL] == 3


def test_red_boat_at_the_bottom_goes_last_and_the_last_estuary_fish_stops_spawning():
    """"Red's boat will go last this season. It is at the bottom of the river. If Red harvests
    the last fish in the estuary, no more will spawn unless new fish make it down the river.\""""
    s = new_table([("W4", "Red"), ("E4", "Purple")])
    boat = put(s, 0, "boat", tile("ES"))
    clear_map(s)
    fill(s, slots_of("ES")[0], "fish")
    s = at_turn(s, ESTUARY, 0)
    assert s.order[-1] == ESTUARY  # the estuary's turn ends the season
    start_turn(s)  # water 0: nothing populates
    assert s.groups == [(0, tile("ES"))]
    s = GAME.apply(s, 0, Harvest(boat, (slots_of("ES")[0],)))
    s = GAME.apply(s, 0, DONE)
    assert s.phase == EXCHANGE  # that was the last action of the season
    s = at_turn(s, ESTUARY, 2)
    start_turn(s)
    assert "fish" not in held(s, "ES")
    s = at_turn(s, ESTUARY - 1, 2)
    for slot in slots_of("R4"):
        fill(s, slot, "fish")
    add_loose(s, ESTUARY - 1, "fish")  # a fish makes it down the river ...
    end_of_turn_flow(s)
    s.turn += 1
    start_turn(s)
    assert held(s, "ES").count("fish") == 2  # ... and spawns beside itself


def test_a_pollution_in_the_estuary_stays_and_three_of_them_end_the_game_for_everyone():
    """"There is a pollution in the estuary. That pollution will stay there until it is removed
    by a player. If the other two fish slots are filled by pollution, everyone will lose.\""""
    s = new_table([("W1", "Red")])
    estuary = slots_of("ES")
    fill(s, estuary[0], "pollution")
    s = at_turn(s, ESTUARY, 0)
    end_season(s)
    assert s.phase == EXCHANGE
    for slot in estuary[1:]:
        fill(s, slot, "pollution")
    end_season(s)
    assert s.phase == OVER and s.destroyed
    result = GAME.result(s)
    assert result.winners == frozenset() and "everyone loses" in result.summary


def test_red_built_a_levee_with_its_camp_on_the_city_tile_to_protect_it_from_flooding():
    """"The City is under construction, but no one has added any resources to it. Red built a
    levee to protect the city from flooding when it is complete. They needed to have their
    camp on the tile when they did so.\""""
    s = new_table([("E3", "Red"), ("W1", "Blue")])
    s.city = tile("E3")
    for slot in slots_of("E3"):
        s.bank[s.slots[slot]] += 1
        s.slots[slot] = -1
    give(s, 0, fish=1, gravel=2)
    s = at_turn(s, 2, 3)
    start_turn(s)
    camp = s.camp_of(0).id
    assert Build(camp, "levee") in GAME.legal_actions(s, 0)
    s = GAME.apply(s, 0, Build(camp, "levee"))
    # The city completes; a water level of 7 would flood elevation 6, but not 6 + 1.
    s.city_complete = True
    s = at_turn(s, 2, 7)
    start_turn(s)
    assert tile("E3") not in s.flooded
    s = at_turn(s, 2, 8)
    polluted_before = s.slots.count(4) + sum(s.loose[4 * r + 4 - 1] for r in range(5))
    start_turn(s)
    assert tile("E3") in s.flooded
    assert s.slots.count(4) + sum(s.loose[4 * r + 3] for r in range(5)) >= polluted_before + 3
