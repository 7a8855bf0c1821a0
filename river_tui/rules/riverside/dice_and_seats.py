"""Phase 2, "Choose dice and fill seats", for one seat's draft.

Each step takes the table (for the dice and the round) and the seat's draft, and
returns the new draft; `settle` then runs everything that needs no choice (lost
crosses, the only waiting bonus) so the draft always waits on a real decision.
"""

from __future__ import annotations

from ..core import IllegalAction
from .actions import ChooseDice, Cross, ResolveBonus, UsePower
from .components import BOATS, COLOURS, FAN_BASE, FAN_BASE_BONUS, ROWS_PER_BOAT, WARM_NIGHT
from .powers import USE_POWER, check_usable, mark_used, power_name, usable, used_this_round
from .state import (
    CHOOSE_BONUS,
    CHOOSE_DICE,
    DONE,
    FILL_BONUS,
    FILL_SEATS,
    ROW_SEATS,
    Draft,
    RiversideState,
    Sheet,
    build_sheet,
    DiceTurn,
    evolve,
)

BOAT_INDEX = {colour: i for i, colour in enumerate(COLOURS)}

CHOICES = tuple(tuple(ChooseDice(colour, green) for green in (False, True)) for colour in COLOURS)
CROSSES = tuple(tuple(Cross(colour, row) for row in range(ROWS_PER_BOAT)) for colour in COLOURS)
BONUSES = tuple(tuple(ResolveBonus(colour, row) for row in range(ROWS_PER_BOAT)) for colour in COLOURS)
PHASE_2_POWERS = (FAN_BASE, WARM_NIGHT)


def fire_cost(state: RiversideState, die: int, green: bool, warm_night: bool) -> int:
    """"For each die you choose from the heating area (including the green die),
    cross out fire symbols on your score sheet equal to the value of the die."
    Warm night: "do not cross out any fire symbols when using the green die"."""
    cost = state.dice[1 + die] if state.in_heating_area(die) else 0
    if green and not warm_night:
        cost += state.dice[0]
    return cost


def dice_value(state: RiversideState, sheet: Sheet, die: int, green: bool) -> int:
    """The base die, plus the green die if added, plus 3 with Fan base this round."""
    value = state.dice[1 + die] + (state.dice[0] if green else 0)
    if used_this_round(sheet, FAN_BASE, state.round):
        value += FAN_BASE_BONUS
    return value


def legal_actions(state: RiversideState, draft: Draft) -> list:
    turn, sheet = draft.turn, draft.sheet
    stage = turn.stage
    if stage == FILL_SEATS or stage == FILL_BONUS:
        crosses = CROSSES[turn.boat]
        base = turn.boat * ROWS_PER_BOAT
        filled = sheet.filled
        return [crosses[r] for r in range(ROWS_PER_BOAT) if filled[base + r] < ROW_SEATS[base + r]]
    if stage == CHOOSE_BONUS:
        return [BONUSES[boat][row] for boat, row in turn.pending]
    if stage != CHOOSE_DICE:
        return []
    out: list = [USE_POWER[p] for p in PHASE_2_POWERS if usable(sheet, p, state.round, 2)]
    warm = used_this_round(sheet, WARM_NIGHT, state.round)
    fire_left = sheet.fire_left
    for die in range(len(COLOURS)):
        for green in (False, True):
            if fire_cost(state, die, green, warm) <= fire_left:
                out.append(CHOICES[die][green])
    return out


def use_power(state: RiversideState, draft: Draft, action: UsePower) -> Draft:
    """Fan base or Warm night, crossed off before the dice are chosen."""
    check_usable(state.round, draft.sheet, action.power, 2)
    if draft.turn.stage != CHOOSE_DICE:
        raise IllegalAction(f"Use {power_name(action.power)} before you choose your dice.")
    return Draft(mark_used(draft.sheet, action.power, state.round), draft.turn)


def choose_dice(state: RiversideState, draft: Draft, action: ChooseDice) -> Draft:
    """"Choose one (and only one) base die. Additionally, you may add the value of
    the green die to the value of the base die." """
    if draft.turn.stage != CHOOSE_DICE:
        raise IllegalAction("You have already chosen your dice this round.")
    die = BOAT_INDEX.get(action.die)
    if die is None:
        raise IllegalAction(f"There is no {action.die} base die.")
    sheet = draft.sheet
    cost = fire_cost(state, die, action.green, used_this_round(sheet, WARM_NIGHT, state.round))
    if cost > sheet.fire_left:
        # "If you have fewer uncrossed fire symbols than the value of the die from
        # the heating area, you cannot choose that die."
        raise IllegalAction(f"You have {sheet.fire_left} fire symbols left; those dice need {cost}.")
    value = dice_value(state, sheet, die, action.green)
    sheet = evolve(sheet, fire=sheet.fire + cost)
    turn = DiceTurn(FILL_SEATS, die=die, green=action.green, value=value, boat=die, left=value)
    return settle(Draft(sheet, turn))


def cross(state: RiversideState, draft: Draft, action: Cross) -> Draft:
    """"Cross out seats from left to right in any given row, however, you do not
    have to finish a row before starting another." """
    turn, sheet = draft.turn, draft.sheet
    if turn.stage != FILL_SEATS and turn.stage != FILL_BONUS:
        raise IllegalAction("You have no seats to cross out now.")
    boat = BOAT_INDEX.get(action.boat)
    if boat != turn.boat:
        raise IllegalAction(f"Your crosses go on the {COLOURS[turn.boat]} guide boat.")
    if not 0 <= action.row < ROWS_PER_BOAT:
        raise IllegalAction("A guide boat has four rows.")
    i = boat * ROWS_PER_BOAT + action.row
    if sheet.filled[i] >= ROW_SEATS[i]:
        raise IllegalAction("That row is full.")
    filled = sheet.filled[:i] + (sheet.filled[i] + 1,) + sheet.filled[i + 1 :]
    pending = turn.pending
    if filled[i] == ROW_SEATS[i]:
        # "For each completed row, cross out the corresponding ticket and bonus seats."
        pending = pending + ((boat, action.row),)
    activated = sheet.activated
    if not activated[boat]:
        # "Once you cross out both royal seats on the same guide boat, activate its
        # royal power by crossing out its activation box."
        if all(filled[boat * ROWS_PER_BOAT + row] > seat for row, seat in BOATS[boat].royal_seats):
            activated = activated[:boat] + (state.round,) + activated[boat + 1 :]
    sheet = build_sheet(filled, sheet.fire, sheet.plus_ones, sheet.excursions, sheet.church, activated, sheet.used)
    return settle(Draft(sheet, turn.crossed(pending)))


def resolve_bonus(state: RiversideState, draft: Draft, action: ResolveBonus) -> Draft:
    """"If you complete several rows in the same turn, you may resolve them in the
    order of your choice." """
    turn = draft.turn
    key = (BOAT_INDEX.get(action.boat, -1), action.row)
    if turn.stage != CHOOSE_BONUS or key not in turn.pending:
        raise IllegalAction("That row has no bonus waiting.")
    return settle(Draft(draft.sheet, _start_bonus(turn, key)))


def _start_bonus(turn: DiceTurn, key: tuple[int, int]) -> DiceTurn:
    """"Depending on the bonus, cross out 1 or 2 seats in any row on the guide
    boat matching the bonus' color (following normal rules)." """
    row = BOATS[key[0]].rows[key[1]]
    pending = tuple(p for p in turn.pending if p != key)
    return turn.at(FILL_BONUS, row.bonus_boat, row.bonus_seats, pending, turn.lost)


def settle(draft: Draft) -> Draft:
    """Run the steps that need no decision, until one does (or the phase is done)."""
    turn, sheet = draft.turn, draft.sheet
    while True:
        if turn.stage == FILL_SEATS or turn.stage == FILL_BONUS:
            if turn.left > 0 and sheet.has_vacant_seat(turn.boat):
                break
            # "If you have completed all four rows of a guide boat, any additional
            # crosses for that guide boat are lost."
            turn = turn.at(CHOOSE_BONUS, turn.boat, 0, turn.pending, turn.lost + turn.left)
        if turn.stage != CHOOSE_BONUS:
            break
        if not turn.pending:
            turn = turn.at(DONE, turn.boat, 0, (), turn.lost)
            break
        if len(turn.pending) > 1:
            break
        turn = _start_bonus(turn, turn.pending[0])
    return draft if turn is draft.turn else Draft(sheet, turn)
