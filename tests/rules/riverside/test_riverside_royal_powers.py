"""Royal powers: each power, and when it may be used."""

from __future__ import annotations

from river_tui.rules.riverside import GAME
from river_tui.rules.riverside.actions import ChooseDice, Cross, LeaveVillage, Score, UsePlusOne, UsePower, Visit
from river_tui.rules.riverside.board import board_for
from river_tui.rules.riverside.components import (
    EARLY_BIRDS,
    FAN_BASE,
    FIRE_SYMBOLS,
    POWERS,
    PRIZE_TICKET,
    SPEED_BOAT,
    WARM_NIGHT,
)
from river_tui.rules.riverside.excursions import reach
from river_tui.rules.riverside.state import IN_VILLAGE, PLAN_EXCURSION, Sheet

from support.riverside_helpers import RANGE_EXAMPLE, RANGE_EXAMPLE_SHIP, draft, play, refused, sheet, table

DICE = (4, 3, 2, 5, 1, 6)  # green 4; temperature 3; brown 5 and pink 6 heated
ROUND = 5


def powers(state, seat=0):
    return {a.power for a in GAME.legal_actions(state, seat) if isinstance(a, UsePower)}


def with_power(power, activated=ROUND - 1, used=0, **kw):
    return sheet(activated={power: activated}, used={power: used} if used else None, **kw)


def phase_2(*sheets):
    return table(seats=len(sheets), dice=DICE, sheets=sheets, round_=ROUND)


def phase_3(*sheets, ship=RANGE_EXAMPLE_SHIP):
    return table(seats=len(sheets), phase=3, layout=RANGE_EXAMPLE, ship=ship, sheets=sheets, round_=ROUND)


def test_a_royal_power_is_used_in_a_subsequent_phase_of_any_round():
    # Activated in phase 2 of this round: usable in phase 3 of the same round.
    state = phase_3(with_power(SPEED_BOAT, activated=ROUND))
    assert powers(state) == {SPEED_BOAT}


def test_fan_base_and_warm_night_cannot_be_used_in_the_round_they_were_activated():
    fresh = sheet(activated={FAN_BASE: ROUND, WARM_NIGHT: ROUND})
    state = phase_2(fresh, Sheet.blank())
    assert powers(state) == set()
    reason = "Fan base can only be used in a later phase than the one it was activated in."
    assert refused(state, 0, UsePower(FAN_BASE)) == reason
    older = sheet(activated={FAN_BASE: ROUND - 1, WARM_NIGHT: ROUND - 1})
    assert powers(phase_2(older)) == {FAN_BASE, WARM_NIGHT}


def test_a_power_is_not_available_before_its_activation():
    assert powers(phase_2(Sheet.blank())) == set()
    reason = "Speed boat is not activated: cross out both royal seats on its guide boat first."
    assert refused(phase_3(Sheet.blank()), 0, UsePower(SPEED_BOAT)) == reason


def test_use_a_power_once_and_only_once_then_cross_it_off():
    state = phase_3(with_power(SPEED_BOAT), Sheet.blank())
    state = play(state, 0, UsePower(SPEED_BOAT))
    assert draft(state).sheet.used[POWERS.index(SPEED_BOAT)] == ROUND
    assert SPEED_BOAT not in powers(state)
    assert refused(state, 0, UsePower(SPEED_BOAT)) == "You have already used Speed boat."
    spent = phase_3(with_power(SPEED_BOAT, used=ROUND - 1))
    assert powers(spent) == set()


def test_each_power_belongs_to_its_phase():
    assert powers(phase_3(with_power(FAN_BASE))) == set()
    assert refused(phase_3(with_power(FAN_BASE)), 0, UsePower(FAN_BASE)) == "Fan base is used in phase 2, not now."
    assert refused(phase_2(with_power(SPEED_BOAT)), 0, UsePower(SPEED_BOAT)) == "Speed boat is used in phase 3, not now."


def test_early_birds_go_on_excursions_in_2_different_villages_in_the_order_of_your_choice():
    state = phase_3(with_power(EARLY_BIRDS), Sheet.blank())
    state = play(state, 0, UsePower(EARLY_BIRDS), Visit("R6"), Score("pink"), LeaveVillage())
    assert draft(state).turn.stage == PLAN_EXCURSION
    assert {a.tile for a in GAME.legal_actions(state, 0) if isinstance(a, Visit)} == {"R3"}
    assert refused(state, 0, Visit("R6")) == "With Early birds the two villages must be different."
    state = play(state, 0, Visit("R3"), Score("brown"))
    assert GAME.to_act(state) == {1}
    assert draft(state).sheet.excursions[4] == (0,) and draft(state).sheet.excursions[2] == (0,)


def test_early_birds_both_villages_must_be_within_range():
    state = play(phase_3(with_power(EARLY_BIRDS), Sheet.blank()), 0, UsePower(EARLY_BIRDS))
    assert refused(state, 0, Visit("R1")) == "That village is 5 spaces from the ship; your range is 3."


def test_early_birds_may_be_used_after_the_first_village():
    state = phase_3(with_power(EARLY_BIRDS), Sheet.blank())
    state = play(state, 0, Visit("R3"), Score("brown"))
    # One village done; the seat stays in the phase because Early birds could add one.
    assert draft(state).turn.stage == PLAN_EXCURSION and draft(state).turn.visits == 0
    state = play(state, 0, UsePower(EARLY_BIRDS), Visit("R6"))
    assert draft(state).turn.stage == IN_VILLAGE


def test_fan_base_adds_3_to_your_dice_value_without_fire_for_it():
    state = play(phase_2(with_power(FAN_BASE), Sheet.blank()), 0, UsePower(FAN_BASE), ChooseDice("white", False))
    assert draft(state).turn.value == 3 + 3
    assert draft(state).sheet.fire == 0


def test_fan_base_and_warm_night_are_used_before_choosing_dice():
    state = play(phase_2(with_power(FAN_BASE), Sheet.blank()), 0, ChooseDice("white", False))
    assert refused(state, 0, UsePower(FAN_BASE)) == "Use Fan base before you choose your dice."


def test_prize_ticket_example_a_score_5_tickets_instead_of_4():
    four_brown = with_power(PRIZE_TICKET, filled={"brown": (4, 6, 3, 5)})
    state = play(phase_3(four_brown, Sheet.blank()), 0, Visit("R3"))
    assert Score("brown", True) in GAME.legal_actions(state, 0)
    state = play(state, 0, Score("brown", True))
    after = draft(state).sheet
    assert after.excursions[2] == (50,)
    assert after.tickets(2) == 4  # do not cross out a new ticket
    assert after.used[POWERS.index(PRIZE_TICKET)] == ROUND


def test_prize_ticket_example_b_score_1_ticket_instead_of_0():
    state = play(phase_3(with_power(PRIZE_TICKET), Sheet.blank()), 0, Visit("R3"), Score("brown", True))
    assert draft(state).sheet.excursions[2] == (10,)


def test_prize_ticket_may_add_to_the_stave_church():
    board = board_for(*RANGE_EXAMPLE)
    church = board.pier_space[board.slot_of("R10")]
    state = phase_3(with_power(PRIZE_TICKET, filled={"white": (5,)}), ship=church)
    state = play(state, 0, Visit("R10"), Score("church", True))
    assert state.sheets[0].church == (4,)  # 2 x (1 ticket + the prize ticket)


def test_prize_ticket_is_this_round_only_and_for_one_colour():
    state = play(phase_3(with_power(PRIZE_TICKET), Sheet.blank()), 0, Visit("R6"), Score("pink", True))
    assert Score("yellow", True) not in GAME.legal_actions(state, 0)
    assert refused(state, 0, Score("yellow", True)) == "You have already used Prize ticket."


def test_prize_ticket_is_not_used_through_use_power():
    reason = refused(phase_3(with_power(PRIZE_TICKET)), 0, UsePower(PRIZE_TICKET))
    assert reason == "Use the Prize ticket when you score a colour."


def test_warm_night_do_not_cross_out_fire_for_the_green_die():
    low = with_power(WARM_NIGHT, fire=FIRE_SYMBOLS - 2)
    state = phase_2(low, Sheet.blank())
    assert ChooseDice("white", True) not in GAME.legal_actions(state, 0)  # green 4 > 2 fire
    state = play(state, 0, UsePower(WARM_NIGHT))
    assert ChooseDice("white", True) in GAME.legal_actions(state, 0)
    state = play(state, 0, ChooseDice("white", True))
    assert draft(state).sheet.fire == FIRE_SYMBOLS - 2 and draft(state).turn.value == 7


def test_warm_night_still_costs_fire_for_a_heated_base_die():
    state = play(phase_2(with_power(WARM_NIGHT), Sheet.blank()), 0, UsePower(WARM_NIGHT), ChooseDice("pink", True))
    assert draft(state).sheet.fire == 6


def test_speed_boat_your_range_is_6_and_plus_one_symbols_still_apply():
    state = play(phase_3(with_power(SPEED_BOAT), Sheet.blank()), 0, UsePower(SPEED_BOAT))
    assert reach(state, draft(state)) == 6
    assert {"R1", "R7", "R10", "R5"} <= {a.tile for a in GAME.legal_actions(state, 0) if isinstance(a, Visit)}
    state = play(state, 0, UsePlusOne())
    assert reach(state, draft(state)) == 7


def test_using_royal_power_example_cathrine_crosses_out_speed_boat_for_range_6():
    cathrine = sheet({"pink": (2, 3)}, activated={SPEED_BOAT: 3})
    state = play(phase_3(cathrine, Sheet.blank()), 0, UsePower(SPEED_BOAT))
    assert reach(state, draft(state)) == 6


def test_you_may_use_more_than_one_royal_power_in_the_same_round():
    every = sheet(activated={p: ROUND - 1 for p in POWERS}, filled={"brown": (4,)})
    state = phase_2(every, Sheet.blank())
    state = play(state, 0, UsePower(FAN_BASE), UsePower(WARM_NIGHT), ChooseDice("white", True))
    assert draft(state).turn.value == 3 + 4 + 3 and draft(state).sheet.fire == 0
    state = phase_3(every, Sheet.blank())
    state = play(state, 0, UsePower(SPEED_BOAT), UsePower(EARLY_BIRDS), Visit("R3"), Score("brown", True))
    assert draft(state).sheet.excursions[2] == (20,)
    assert sum(1 for u in draft(state).sheet.used if u == ROUND) == 3


def test_crossing_both_royal_seats_in_phase_2_activates_for_phase_3_of_that_round():
    # Pink's royal seats: 2nd of the top row, 3rd of the second row.
    state = table(seats=1, dice=(1, 2, 2, 2, 2, 2), sheets=(sheet({"pink": (1, 2)}),), round_=ROUND)
    state = play(state, 0, ChooseDice("pink", False), Cross("pink", 0), Cross("pink", 1))
    state = play(state, 0, Cross("blue", 0))  # the completed short row's bonus
    assert state.phase == 3
    assert SPEED_BOAT in powers(state)
