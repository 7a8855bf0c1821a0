"""Who Goes First?"""

from __future__ import annotations

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import DONE, Harvest
from river_tui.rules.we_all_take.order import acting_groups, voting_order
from river_tui.rules.we_all_take.seasons import start_turn

from support.wat_helpers import at_turn, new_table, put, slots_of, tile


def groups(s, row, storm=False):
    return acting_groups(at_turn(s, row, 0, storm=storm))


def test_structures_on_the_higher_land_tile_act_first_and_the_river_last():
    s = new_table([("W2", "Red"), ("E2", "Blue")])  # west 2 at 6, east 2 at 7
    put(s, 0, "boat", tile("R4"))
    put(s, 1, "excavator", tile("W4"))
    assert groups(s, 1) == [(1, tile("E2")), (0, tile("W2"))]
    assert groups(s, 3) == [(1, tile("W4")), (0, tile("R4"))]


def test_the_camp_acts_first_on_a_shared_tile():
    s = new_table([("W3", "Red"), ("E1", "Blue")])
    put(s, 1, "lumber mill", tile("W3"))  # Blue's camp is higher, but Red's camp is here
    assert groups(s, 2) == [(0, tile("W3")), (1, tile("W3"))]


def test_without_a_camp_the_player_whose_camp_is_higher_goes_first():
    s = new_table([("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    for seat in (0, 1, 2):
        put(s, seat, "excavator", tile("W3"))
    assert groups(s, 2) == [(1, tile("W3")), (2, tile("W3")), (0, tile("W3"))]


def test_a_boat_in_the_camps_row_may_act_with_the_camp_or_wait_for_the_river():
    s = new_table([("W2", "Red"), ("E2", "Blue")])
    boat = put(s, 0, "boat", tile("R2"))
    put(s, 1, "boat", tile("R2"))
    s = at_turn(s, 1, 0)
    start_turn(s)
    assert s.groups == [(1, tile("E2")), (0, tile("W2")), (1, tile("R2")), (0, tile("R2"))]
    s = GAME.apply(s, 1, DONE)
    assert any(getattr(a, "structure", None) == boat for a in GAME.legal_actions(s, 0))
    s = GAME.apply(s, 0, Harvest(boat, (slots_of("R2")[0],)))  # the boat acts sooner, with its camp
    assert s.groups[0] == (0, tile("W2"))


def test_during_the_storm_the_river_acts_first_and_the_higher_land_tile_last():
    s = new_table([("W2", "Red"), ("E2", "Blue")])
    put(s, 0, "boat", tile("R2"))
    put(s, 1, "boat", tile("R2"))
    assert groups(s, 1, storm=True) == [(1, tile("R2")), (0, tile("R2")), (0, tile("W2")), (1, tile("E2"))]


def test_the_storm_begins_the_season_at_the_estuary():
    s = new_table([("W2", "Red")])
    assert at_turn(s, 4, 0, storm=True).order == (4, 3, 2, 1, 0)


def test_voting_goes_by_descending_camp_elevation():
    s = new_table([("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    assert voting_order(s) == [1, 2, 0]
