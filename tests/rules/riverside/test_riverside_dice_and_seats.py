"""Phase 2, "Choose dice and fill seats", sentence by sentence."""

from __future__ import annotations

from river_tui.rules.riverside import GAME
from river_tui.rules.riverside.actions import ChooseDice, Cross, EndExcursions, ResolveBonus
from river_tui.rules.riverside.components import COLOURS, FIRE_SYMBOLS, POWERS, SPEED_BOAT
from river_tui.rules.riverside.state import CHOOSE_BONUS, DONE, Sheet

from support.riverside_helpers import draft, play, refused, sheet, table

# green 4; white 3, yellow 2, brown 5, blue 1, pink 6: the temperature is 3, so
# brown and pink are in the heating area with the green die.
DICE = (4, 3, 2, 5, 1, 6)


def test_choose_one_and_only_one_base_die():
    state = table(dice=DICE)
    dice = {a.die for a in GAME.legal_actions(state, 0) if isinstance(a, ChooseDice)}
    assert dice == set(COLOURS)
    chosen = play(table(seats=2, dice=DICE), 0, ChooseDice("white", False))
    assert refused(chosen, 0, ChooseDice("yellow", False)) == "You have already chosen your dice this round."


def test_choose_dice_example_yellow_plus_green_is_6_in_yellow():
    state = play(table(seats=2, dice=DICE), 0, ChooseDice("yellow", True))
    turn = draft(state).turn
    assert (turn.value, turn.boat, turn.left) == (6, COLOURS.index("yellow"), 6)


def test_multiple_players_can_utilize_the_same_dice():
    state = table(seats=3, dice=DICE)
    for seat in range(3):
        state = play(state, seat, ChooseDice("yellow", True))
        assert draft(state, seat).turn.value == 6


def test_cross_out_fire_symbols_for_each_die_from_the_heating_area_including_green():
    state = play(table(seats=2, dice=DICE), 0, ChooseDice("pink", True))
    assert draft(state).sheet.fire == 6 + 4


def test_a_base_die_below_the_captain_tile_costs_no_fire():
    state = play(table(seats=2, dice=DICE), 0, ChooseDice("white", False))
    assert draft(state).sheet.fire == 0


def test_fire_is_crossed_even_if_you_cannot_use_the_full_value():
    full_but_one = sheet({"pink": (4, 3, 5, 5)})
    state = table(seats=2, dice=DICE, sheets=(full_but_one, Sheet.blank()))
    state = play(state, 0, ChooseDice("pink", True), Cross("pink", 3))
    after = draft(state)
    assert after.sheet.fire == 10 and after.turn.lost == 9


def test_fewer_uncrossed_fire_symbols_than_the_die_means_you_cannot_choose_it():
    low = sheet(fire=FIRE_SYMBOLS - 5)
    state = table(dice=DICE, sheets=(low,))
    legal = GAME.legal_actions(state, 0)
    assert ChooseDice("pink", False) not in legal  # pink 6 > 5 fire left
    assert ChooseDice("brown", False) in legal  # brown 5 = 5 fire left
    assert ChooseDice("brown", True) not in legal  # 5 + green 4 > 5
    assert ChooseDice("white", True) in legal  # only the green die's 4
    assert refused(state, 0, ChooseDice("pink", False)) == "You have 5 fire symbols left; those dice need 6."


def test_fill_seats_on_the_guide_boat_matching_the_base_die_color():
    state = play(table(seats=2, dice=DICE), 0, ChooseDice("white", False))
    assert {a.boat for a in GAME.legal_actions(state, 0)} == {"white"}
    assert refused(state, 0, Cross("blue", 0)) == "Your crosses go on the white guide boat."


def test_cross_out_seats_left_to_right_without_finishing_a_row_first():
    state = play(table(seats=2, dice=DICE), 0, ChooseDice("white", True), Cross("white", 2), Cross("white", 0))
    state = play(state, 0, Cross("white", 2))
    assert draft(state).sheet.filled[:4] == (1, 0, 2, 0)
    assert draft(state).turn.left == 4


def test_a_full_row_takes_no_more_crosses():
    crowded = sheet({"white": (5, 0, 0, 0)})
    state = play(table(seats=2, dice=DICE, sheets=(crowded, Sheet.blank())), 0, ChooseDice("white", False))
    assert Cross("white", 0) not in GAME.legal_actions(state, 0)
    assert refused(state, 0, Cross("white", 0)) == "That row is full."


def test_if_all_four_rows_are_complete_additional_crosses_are_lost():
    full = sheet({"blue": (3, 4, 6, 5)})
    state = play(table(seats=2, dice=DICE, sheets=(full, Sheet.blank())), 0, ChooseDice("blue", True))
    after = draft(state)
    assert after.turn.stage == DONE and after.turn.lost == 5
    assert after.sheet.filled == full.filled


def _yellow_example():
    """Adam's sheet: 4 yellow seats crossed before (2 in the top row, 2 in the
    bottom row), 3 of the 5 seats of the white top row."""
    adam = sheet({"yellow": (2, 0, 0, 2), "white": (3, 0, 0, 0)})
    return table(seats=2, dice=DICE, sheets=(adam, Sheet.blank()))


def test_fill_seats_example_6_in_yellow_after_4_seats_in_previous_rounds():
    state = play(_yellow_example(), 0, ChooseDice("yellow", True), Cross("yellow", 0))
    state = play(state, 0, *[Cross("yellow", 3)] * 4, Cross("yellow", 1))
    after = draft(state)
    assert after.sheet.filled[4:8] == (3, 1, 0, 6)
    assert sum(after.sheet.filled[4:8]) == 4 + 6
    # Both the top and the bottom row are complete: the player orders the bonuses.
    assert after.turn.stage == CHOOSE_BONUS
    assert GAME.legal_actions(state, 0) == [ResolveBonus("yellow", 0), ResolveBonus("yellow", 3)]


def test_bonus_seats_example_chain_through_the_white_boat():
    state = play(_yellow_example(), 0, ChooseDice("yellow", True), Cross("yellow", 0))
    state = play(state, 0, *[Cross("yellow", 3)] * 4, Cross("yellow", 1))
    # The top row: its ticket, then 1 seat on the blue guide boat.
    state = play(state, 0, ResolveBonus("yellow", 0))
    assert {a.boat for a in GAME.legal_actions(state, 0)} == {"blue"}
    state = play(state, 0, Cross("blue", 0))
    # The bottom row (the only bonus left, so it starts by itself): 2 white seats,
    # which complete the white top row...
    assert draft(state).turn.boat == COLOURS.index("white") and draft(state).turn.left == 2
    state = play(state, 0, Cross("white", 0), Cross("white", 0))
    # ... whose ticket brings another 2 white bonus seats, used to start a new row.
    assert draft(state).turn.boat == COLOURS.index("white") and draft(state).turn.left == 2
    state = play(state, 0, Cross("white", 1), Cross("white", 1))
    after = draft(state).sheet
    assert draft(state).turn.stage == DONE
    assert after.tickets(COLOURS.index("yellow")) == 2 and after.tickets(COLOURS.index("white")) == 1
    assert after.filled[:4] == (5, 2, 0, 0) and after.filled[12] == 1


def test_several_completed_rows_may_be_resolved_in_the_order_of_your_choice():
    state = play(_yellow_example(), 0, ChooseDice("yellow", True), Cross("yellow", 0))
    state = play(state, 0, *[Cross("yellow", 3)] * 4, Cross("yellow", 1))
    bottom_first = play(state, 0, ResolveBonus("yellow", 3))
    assert draft(bottom_first).turn.boat == COLOURS.index("white")
    assert draft(bottom_first).turn.pending == ((COLOURS.index("yellow"), 0),)
    assert refused(bottom_first, 0, ResolveBonus("yellow", 0)) == "That row has no bonus waiting."


def test_bonus_seats_on_a_full_guide_boat_are_lost():
    adam = sheet({"yellow": (2, 0, 0, 0), "blue": (3, 4, 6, 5)})
    state = play(table(seats=2, dice=DICE, sheets=(adam, Sheet.blank())), 0, ChooseDice("yellow", False))
    state = play(state, 0, Cross("yellow", 0), Cross("yellow", 1))
    after = draft(state)
    assert after.turn.stage == DONE and after.turn.lost == 1


def test_royal_seats_count_as_normal_seats():
    # The pink boat's second row has 3 seats, the third one royal: crossing it
    # completes the row like any seat.
    state = table(seats=2, dice=(1, 2, 2, 2, 2, 2), sheets=(sheet({"pink": (0, 2)}), Sheet.blank()))
    state = play(state, 0, ChooseDice("pink", False), Cross("pink", 1))
    assert draft(state).sheet.row_complete(4, 1)


def test_royal_seats_example_both_royal_seats_on_pink_activate_its_power():
    cathrine = sheet({"pink": (1, 2)})
    state = table(seats=2, dice=(1, 2, 2, 2, 2, 2), sheets=(cathrine, Sheet.blank()), round_=4)
    state = play(state, 0, ChooseDice("pink", False), Cross("pink", 0))
    assert draft(state).sheet.activated[POWERS.index(SPEED_BOAT)] == 0  # one royal seat is not enough
    state = play(state, 0, Cross("pink", 1))
    assert draft(state).sheet.activated[POWERS.index(SPEED_BOAT)] == 4


def test_phase_2_is_simultaneous_and_resolves_only_when_all_have_committed():
    state = table(seats=2, dice=DICE)
    state = play(state, 0, ChooseDice("white", False), *[Cross("white", 0)] * 3)
    assert GAME.to_act(state) == {1} and state.phase == 2
    assert state.sheets[0] == Sheet.blank()  # nothing resolved yet
    assert refused(state, 0, Cross("white", 0)) == "You have finished this phase; the others are still deciding."
    state = play(state, 1, ChooseDice("blue", False))
    assert state.phase == 2
    before = state
    state = play(state, 1, Cross("blue", 0))
    assert state.phase == 3 and GAME.to_act(state) == {0, 1}
    assert state.sheets[0].filled[0] == 3 and state.sheets[1].filled[12] == 1
    assert GAME.reveals_information(before, state)


def test_alone_undo_may_step_back_over_phase_2_ending_but_never_over_a_roll():
    state = play(table(dice=DICE), 0, ChooseDice("white", False), *[Cross("white", 0)] * 2)
    after = play(state, 0, Cross("white", 0))
    assert after.phase == 3 and not GAME.reveals_information(state, after)
    rolled = play(after, 0, EndExcursions())
    assert GAME.reveals_information(after, rolled)


def test_a_seat_never_sees_another_seats_choices_before_the_phase_resolves():
    state = play(table(seats=2, dice=DICE), 0, ChooseDice("pink", True))
    view = GAME.view(state, 1)
    assert view.drafts[0] is None and view.rng is None
    assert GAME.legal_actions(view, 1) == GAME.legal_actions(state, 1)
    own = GAME.view(state, 0)
    assert GAME.legal_actions(own, 0) == GAME.legal_actions(state, 0)
    assert not GAME.reveals_information(table(seats=2, dice=DICE), state)


def test_phase_3_steps_are_refused_in_phase_2():
    reason = refused(table(dice=DICE), 0, EndExcursions())
    assert reason == "That is not a step of phase 2 (choosing dice and filling seats)."
