"""Phase 3, "Go on excursions", sentence by sentence, with the rulebook's examples."""

from __future__ import annotations

from river_tui.rules.riverside import GAME
from river_tui.rules.riverside.actions import ChooseDice, EndExcursions, LeaveVillage, Score, UsePlusOne, Visit
from river_tui.rules.riverside.board import board_for
from river_tui.rules.riverside.excursions import best_excursion, best_score, reach, village_outlook
from river_tui.rules.riverside.state import Sheet

from support.riverside_helpers import RANGE_EXAMPLE, RANGE_EXAMPLE_SHIP, draft, play, refused, sheet, table


def visits(state, seat=0):
    return {a.tile for a in GAME.legal_actions(state, seat) if isinstance(a, Visit)}


def scores(state, seat=0):
    return [a for a in GAME.legal_actions(state, seat) if isinstance(a, Score)]


def at_village(tile, *sheets, seats=None):
    """Phase 3 with the ship on the pier of ``tile`` (range example board)."""
    board = board_for(*RANGE_EXAMPLE)
    ship = board.pier_space[board.slot_of(tile)]
    sheets = sheets or (Sheet.blank(),)
    return table(seats=len(sheets), phase=3, layout=RANGE_EXAMPLE, ship=ship, sheets=sheets)


def range_example(seats=1):
    return table(seats=seats, phase=3, layout=RANGE_EXAMPLE, ship=RANGE_EXAMPLE_SHIP)


def test_range_example_brown_or_pink_yellow_village_within_3_spaces():
    assert visits(range_example()) == {"R3", "R6"}  # brown 10, pink 6 / yellow 5


def test_range_example_two_plus_one_symbols_reach_the_villages_5_spaces_away():
    state = play(range_example(), 0, UsePlusOne())
    assert "R1" not in visits(state)
    state = play(state, 0, UsePlusOne())
    assert {"R1", "R7", "R10"} <= visits(state)  # white, yellow/blue, stave church
    assert draft(state).sheet.plus_ones == 2 and reach(state, draft(state)) == 5


def test_range_is_the_shortest_distance_through_a_north_south_passage():
    board = board_for(*RANGE_EXAMPLE)
    # North column 0 (R9) and south column 0 (R2) are 30 spaces apart along the
    # river, but 2 apart through their passage; R2's pier is one space further.
    north_middle, r2 = board.tile_spaces(0, 0)[1], board.slot_of("R2")
    assert board.distance[north_middle][r2] == 3
    assert board.pier_space[r2] - north_middle == 30


def test_extension_tile_without_a_north_south_passage_is_harder_to_reach():
    # X2 has no passage; R2 has one and its pier on the same space of the tile.
    south = ("R6", "R7", "R8", "R9", "R10", "X1")
    without = board_for(("X2", "R1", "R2", "R3", "R4", "R5"), south)
    with_passage = board_for(("R2", "R1", "X2", "R3", "R4", "R5"), south)
    across = without.tile_spaces(1, 0)[1]  # the middle of the south tile of column 0
    assert with_passage.distance[across][0] == 3
    assert without.distance[across][0] == 7  # round through column 1's passage


def test_choose_one_and_only_one_village():
    state = play(range_example(seats=2), 0, Visit("R6"), Score("pink"))
    assert refused(state, 0, Visit("R3")) == "Finish scoring this village first."
    state = play(state, 0, LeaveVillage())
    assert GAME.to_act(state) == {1} and draft(state).turn.visited == (board_for(*RANGE_EXAMPLE).slot_of("R6"),)


def test_a_village_out_of_range_is_refused_with_its_distance():
    assert refused(range_example(), 0, Visit("R1")) == "That village is 5 spaces from the ship; your range is 3."


def test_multiple_players_can_choose_the_same_village():
    state = range_example(seats=2)
    assert visits(state, 0) == visits(state, 1)
    state = play(state, 0, Visit("R3"))
    assert "R3" in visits(state, 1)


def test_do_not_move_the_cruise_ship_in_this_phase():
    state = play(range_example(seats=2), 0, UsePlusOne(), Visit("R5"))
    assert state.ship == RANGE_EXAMPLE_SHIP


def test_you_have_only_3_plus_one_symbols_for_the_entire_game():
    spent = table(phase=3, sheets=(sheet(plus_ones=3),))
    assert UsePlusOne() not in GAME.legal_actions(spent, 0)
    assert refused(spent, 0, UsePlusOne()) == 'You have crossed out all 3 "+1" symbols.'


def test_plus_one_increases_your_range_this_round_only():
    state = play(range_example(), 0, UsePlusOne(), UsePlusOne(), EndExcursions())
    assert state.phase == 2 and state.sheets[0].plus_ones == 2
    while state.phase == 2:
        state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[-1])
    assert reach(state, draft(state)) == 3


def test_going_on_excursions_is_optional():
    state = play(range_example(seats=2), 0, EndExcursions())
    assert GAME.to_act(state) == {1}
    assert draft(state).sheet.excursions == Sheet.blank().excursions


def test_village_with_one_color_example_22_is_higher_than_16():
    # 11 points per yellow ticket, 2 yellow tickets, a previous yellow score of 16.
    adam = sheet({"yellow": (3, 0, 4, 0)}, excursions={"yellow": (16,)})
    state = play(at_village("R2", adam), 0, Visit("R2"))
    assert scores(state) == [Score("yellow")]
    state = play(state, 0, Score("yellow"))
    assert state.sheets[0].excursions[1] == (16, 22)


def test_your_score_must_be_higher_a_tie_is_not_enough():
    adam = sheet({"yellow": (3, 0, 4, 0)}, excursions={"yellow": (22,)})
    state = at_village("R2", adam, Sheet.blank())
    state = play(state, 0, Visit("R2"))
    assert scores(state) == []
    assert GAME.to_act(state) == {1}  # nothing to score: the excursion is over


def test_a_score_not_higher_is_refused_with_the_reason():
    adam = sheet({"white": (5, 0, 0, 0), "blue": (3, 4, 0, 0)}, excursions={"blue": (14,)})
    state = play(at_village("R8", adam, Sheet.blank()), 0, Visit("R8"))
    assert refused(state, 0, Score("blue")) == "8 is not higher than your previous score 14 (a tie is not enough)."


def test_the_village_outlook_says_before_going_what_each_colour_would_score_and_why_not():
    """The rulebook's two-colour example, seen from the river before choosing:
    "18 points for white (2 tickets x 9 points). No score for blue: 12 points
    (3 tickets x 4 points) is lower than 14." """
    adam = sheet({"white": (5, 3, 0, 0), "blue": (3, 4, 6, 0)}, excursions={"blue": (14,)})
    state = at_village("R8", adam)
    white, blue = village_outlook(state, draft(state), state.board.slot_of("R8"))
    assert (white.target, white.value, white.tickets, white.points, white.previous, white.boxes_left, white.refused) == (
        "white", 9, 2, 18, None, 4, None)
    assert (blue.points, blue.previous) == (12, 14)
    assert blue.refused == "12 is not higher than your previous score 14 (a tie is not enough)"
    assert best_excursion(state, draft(state), state.board.slot_of("R8")) == 18
    tie = sheet({"blue": (3, 4, 6, 0)}, excursions={"blue": (12,)})
    state = at_village("R8", tie)
    assert village_outlook(state, draft(state), state.board.slot_of("R8"))[1].refused.startswith("12 is not higher")
    full = sheet({"blue": (3, 4, 6, 0)}, excursions={"blue": (1, 2, 3, 4)})
    state = at_village("R8", full)
    blue = village_outlook(state, draft(state), state.board.slot_of("R8"))[1]
    assert blue.boxes_left == 0 and blue.refused == "every scoring box on that boat is full"


def test_a_village_scores_nothing_when_the_best_the_sheet_would_take_is_0():
    """The river dims a village where going scores nothing: the rules say so from
    the outlook, a first score of 0 (no ticket yet) and a refused score alike."""
    state = at_village("R8", sheet({"blue": (3, 4, 6, 0)}, excursions={"blue": (12,)}))
    outlook = village_outlook(state, draft(state), state.board.slot_of("R8"))
    assert [(o.points, o.refused is None) for o in outlook] == [(0, True), (12, False)]  # white: no ticket yet
    assert best_score(outlook) == 0
    state = at_village("R8", sheet({"white": (5, 3, 0, 0), "blue": (3, 4, 6, 0)}, excursions={"blue": (14,)}))
    assert best_score(village_outlook(state, draft(state), state.board.slot_of("R8"))) == 18


def test_your_first_score_on_a_guide_boat_can_be_of_any_value():
    state = play(at_village("R2", Sheet.blank(), Sheet.blank()), 0, Visit("R2"))
    assert scores(state) == [Score("yellow")]  # 11 x 0 tickets = 0
    state = play(state, 0, Score("yellow"))
    assert draft(state).sheet.excursions[1] == (0,)


def test_village_with_two_colors_example_18_for_white_no_blue_since_12_is_lower_than_14():
    # 9 points per white ticket and 4 per blue ticket; 2 white and 3 blue tickets.
    adam = sheet({"white": (5, 3, 0, 0), "blue": (3, 4, 0, 6)}, excursions={"blue": (14,)})
    state = play(at_village("R8", adam, Sheet.blank()), 0, Visit("R8"))
    assert scores(state) == [Score("white")]
    state = play(state, 0, Score("white"))
    after = draft(state).sheet
    assert after.excursions[0] == (18,) and after.excursions[3] == (14,)


def test_in_a_village_with_two_colors_score_both_or_only_one():
    both = play(at_village("R6", Sheet.blank(), Sheet.blank()), 0, Visit("R6"), Score("pink"), Score("yellow"))
    assert draft(both).sheet.excursions[4] == (0,) and draft(both).sheet.excursions[1] == (0,)
    one = play(at_village("R6", Sheet.blank(), Sheet.blank()), 0, Visit("R6"), Score("yellow"), LeaveVillage())
    assert draft(one).sheet.excursions[4] == () and draft(one).sheet.excursions[1] == (0,)


def test_write_your_score_in_the_leftmost_vacant_box():
    adam = sheet({"brown": (4, 0, 0, 0)}, excursions={"brown": (3, 5)})
    state = play(at_village("R3", adam), 0, Visit("R3"), Score("brown"))
    assert state.sheets[0].excursions[2] == (3, 5, 10)


def test_a_guide_boat_with_every_scoring_box_full_scores_no_more():
    adam = sheet({"brown": (4, 6, 0, 0)}, excursions={"brown": (1, 2, 3, 4)})
    state = play(at_village("R3", adam, Sheet.blank()), 0, Visit("R3"))
    assert scores(state) == []


def test_you_do_not_use_up_tickets_and_may_score_the_same_village_again():
    adam = sheet({"brown": (4, 0, 0, 0)})
    first = play(at_village("R3", adam), 0, Visit("R3"), Score("brown"))
    assert first.sheets[0].tickets(2) == 1
    # A later round with one more brown ticket: the same village again, higher.
    later = sheet({"brown": (4, 6, 0, 0)}, excursions={"brown": first.sheets[0].excursions[2]})
    state = play(at_village("R3", later), 0, Visit("R3"), Score("brown"))
    assert state.sheets[0].excursions[2] == (10, 20)


def test_the_points_on_the_ticket_are_added_at_the_end_not_to_excursion_points():
    adam = sheet({"brown": (4, 0, 0, 0)})
    state = play(at_village("R3", adam), 0, Visit("R3"), Score("brown"))
    assert state.sheets[0].excursions[2] == (10,)  # not 10 + the 4 ticket points


def test_stave_church_example_7_tickets_times_2_is_14():
    monica = sheet({"white": (5, 3), "yellow": (3,), "brown": (4, 6), "blue": (3,), "pink": (4,)})
    assert monica.all_tickets() == 7
    state = play(at_village("R10", monica), 0, Visit("R10"), Score("church"))
    assert state.sheets[0].church == (14,)
    assert state.sheets[0].excursions == Sheet.blank().excursions


def test_you_may_score_the_same_stave_church_village_again_if_higher():
    monica = sheet({"white": (5, 3), "yellow": (3,), "brown": (4, 6), "blue": (3,), "pink": (4,)}, church=(14,))
    state = play(at_village("R10", monica, Sheet.blank()), 0, Visit("R10"))
    assert scores(state) == []
    richer = sheet({"white": (5, 3, 4), "yellow": (3,), "brown": (4, 6), "blue": (3,), "pink": (4,)}, church=(14,))
    state = play(at_village("R10", richer), 0, Visit("R10"), Score("church"))
    assert state.sheets[0].church == (14, 16)


def test_phase_3_is_simultaneous_and_resolves_when_all_have_committed():
    state = play(range_example(seats=2), 1, Visit("R3"), Score("brown"))
    assert state.phase == 3 and GAME.to_act(state) == {0}
    assert state.sheets[1].excursions[2] == ()
    assert GAME.view(state, 0).drafts[1] is None
    after = play(state, 0, EndExcursions())
    assert after.round == state.round + 1 and after.sheets[1].excursions[2] == (0,)
    assert GAME.reveals_information(state, after)


def test_phase_2_steps_are_refused_in_phase_3():
    assert refused(range_example(), 0, ChooseDice("white", False)).startswith("That is not a step of phase 3")


def test_extension_village_with_guide_boats_of_up_to_3_colors_pink_blue_and_brown():
    layout = (("X1", "R1", "R2", "R3", "R4", "R5"), ("R6", "R7", "R8", "R9", "R10", "X2"))
    board = board_for(*layout)
    adam = sheet({"pink": (4,), "blue": (3, 4), "brown": (4, 6, 3)})
    state = table(phase=3, layout=layout, ship=board.pier_space[0], sheets=(adam,), variant="extension")
    state = play(state, 0, Visit("X1"), Score("pink"), Score("blue"), Score("brown"))
    trips = state.sheets[0].excursions
    assert (trips[4], trips[3], trips[2]) == ((5,), (8,), (15,))
