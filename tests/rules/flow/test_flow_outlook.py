"""What a placement does for every seat beyond the Territories it closes: the
Lair rivers it carries on and leaves open (a chance for their owner, whoever
lays the closing tile), those it ends for good, and when the last rounds begin."""

from __future__ import annotations

from river_tui.rules.flow import GAME
from river_tui.rules.flow.actions import PlaceTile
from river_tui.rules.flow.outlook import LairOutlook, OpenLair, in_the_last_rounds, lair_outlook, open_lair_rivers, rounds_left
from river_tui.rules.flow.preview import good_fits, preview_placement
from support.flow_helpers import position, sq

# Bob's Lair on B1 sends its river south through a straight on B2: open at B3, L=2 so far.
BOBS_RIVER = dict(tiles=[("B1", "L01", 2), ("B2", "straight", 0)], lairs={"B1": 1})


def test_carrying_another_seats_lair_river_on_leaves_it_open_for_them():
    state = position(**BOBS_RIVER, hands={0: ("straight", "bend")})
    assert open_lair_rivers(state) == (OpenLair(1, sq("B1"), 2, sq("B3")),)
    # a north-south straight on B3 carries Bob's river on to B4
    outlook = lair_outlook(state, 0, PlaceTile("straight", 0, sq("B3")))
    assert outlook == LairOutlook((OpenLair(1, sq("B1"), 3, sq("B4")),), ())


def test_damming_another_seats_lair_river_ends_it_for_good():
    state = position(**BOBS_RIVER, hands={0: ("straight",)})
    # an east-west straight shows B2's river a dry side: Bob's Lair can never close
    outlook = lair_outlook(state, 0, PlaceTile("straight", 1, sq("B3")))
    assert outlook.opened == ()
    assert outlook.ended == (OpenLair(1, sq("B1"), 2, sq("B3")),)


def test_closing_a_lair_river_is_neither_open_nor_ended():
    # the river runs south from Bob's Lair on D1 to the start tile's River End on D4
    state = position(tiles=[("D1", "L01", 2), ("D2", "straight", 0)], lairs={"D1": 1},
                     hands={0: ("crossing",)}, turn=2)
    assert lair_outlook(state, 0, PlaceTile("crossing", 0, sq("D3"))) == LairOutlook((), ())


def test_a_lair_laid_with_its_river_into_an_empty_square_is_opened_for_its_layer():
    state = position(hands={0: ("L01",)})
    outlook = lair_outlook(state, 0, PlaceTile("L01", 2, sq("B2")))  # its river runs south into B3
    assert outlook.opened == (OpenLair(0, sq("B2"), 1, sq("B3")),)


def test_the_last_rounds_are_the_last_two_rounds_of_tiles():
    state = position()  # 2 seats, one tile a turn: a round lays 2 tiles
    state.empty_squares = 5
    assert rounds_left(state) == 3 and not in_the_last_rounds(state)
    state.empty_squares = 4
    assert rounds_left(state) == 2 and in_the_last_rounds(state)
    state.empty_squares = 0
    assert not in_the_last_rounds(state)  # the game is over


def test_f_never_offers_a_square_that_only_sets_another_seat_up_while_others_do_not():
    state = position(**BOBS_RIVER, hands={0: ("straight",)})
    placements = [a for a in GAME.legal_actions(state, 0) if isinstance(a, PlaceTile)]
    # on B3 the straight joins a river only turned north-south, carrying Bob's river on to B4
    assert preview_placement(state, 0, PlaceTile("straight", 0, sq("B3"))).joins == 1
    fits = good_fits(state, 0, placements)
    assert fits and sq("B3") not in fits
    assert all(not lair_outlook(state, 0, action).opened for action in fits.values())
    # where every square sets someone up, f still goes somewhere
    only_b3 = [a for a in placements if a.square == sq("B3")]
    assert good_fits(state, 0, only_b3) == {sq("B3"): PlaceTile("straight", 0, sq("B3"))}
