"""Computer seats for Riverside. "greedy" plays every choice sensibly:

- dice: it plays out each legal choice of dice (and Fan base / Warm night) with its
  own way of crossing seats, and keeps the one whose sheet it values most;
- crosses: it finishes the row nearest completion first (tickets come soonest);
- bonus order: the bonus whose boat is nearest a ticket first;
- excursions: it weighs every reachable village (with "+1" symbols, Speed boat,
  Early birds) by the points it would score now, less what the spent symbols and
  powers are worth later, and scores the best colours there (Prize ticket when it
  adds enough).
"""

from __future__ import annotations

from ..core import RANDOM_BOT, Bot
from . import dice_and_seats, excursions
from .actions import ChooseDice, Cross, ResolveBonus
from .components import (
    BASE_RANGE,
    BOATS,
    CHURCH,
    COLOURS,
    EARLY_BIRDS,
    FAN_BASE,
    ROWS_PER_BOAT,
    SPEED_BOAT,
    SPEED_BOAT_RANGE,
    TILES,
    WARM_NIGHT,
)
from .powers import USE_POWER, usable
from .state import CHOOSE_BONUS, CHOOSE_DICE, DONE, FILL_BONUS, FILL_SEATS, IN_VILLAGE, ROW_SEATS, Draft, RiversideState, Sheet

WARM_NIGHT_SAVING = 4
"""Warm night is worth spending when it saves at least this much fire."""


def choose_greedy(game, view: RiversideState, seat: int, rng) -> object:
    draft = view.drafts[seat]
    stage = draft.turn.stage
    if stage == CHOOSE_DICE:
        return _choose_dice(view, draft)
    if stage == FILL_SEATS or stage == FILL_BONUS:
        return _cross(draft)
    if stage == CHOOSE_BONUS:
        return _bonus_order(draft)
    if stage == IN_VILLAGE:
        return _score(view, draft)
    return _plan_excursion(view, draft)


# --- phase 2 ------------------------------------------------------------------------


def _cross(draft: Draft) -> Cross:
    """The open row with the fewest vacant seats, the higher ticket on a tie."""
    boat, filled = draft.turn.boat, draft.sheet.filled
    base = boat * ROWS_PER_BOAT

    def key(row: int) -> tuple[int, int]:
        return (ROW_SEATS[base + row] - filled[base + row], -BOATS[boat].rows[row].ticket)

    row = min(draft.sheet.open_rows(boat), key=key)
    return dice_and_seats.CROSSES[boat][row]


def _bonus_order(draft: Draft) -> ResolveBonus:
    sheet = draft.sheet

    def nearest(key: tuple[int, int]) -> int:
        target = BOATS[key[0]].rows[key[1]].bonus_boat
        base = target * ROWS_PER_BOAT
        gaps = [ROW_SEATS[base + r] - sheet.filled[base + r] for r in sheet.open_rows(target)]
        return min(gaps, default=99)

    boat, row = min(draft.turn.pending, key=nearest)
    return dice_and_seats.BONUSES[boat][row]


def _play_out(state: RiversideState, draft: Draft) -> Sheet:
    """Cross seats and resolve bonuses the greedy way until the phase is done."""
    while draft.turn.stage != DONE:
        stage = draft.turn.stage
        if stage == CHOOSE_BONUS:
            draft = dice_and_seats.resolve_bonus(state, draft, _bonus_order(draft))
        else:
            draft = dice_and_seats.cross(state, draft, _cross(draft))
    return draft.sheet


def _choose_dice(state: RiversideState, draft: Draft):
    sheet = draft.sheet
    if usable(sheet, FAN_BASE, state.round, 2):
        # +3 seats are worth as much now as later, and tickets earn more the earlier.
        return USE_POWER[FAN_BASE]
    progress = state.ship / state.board.anchor
    options = []
    for action in dice_and_seats.legal_actions(state, draft):
        if isinstance(action, ChooseDice):
            after = _play_out(state, dice_and_seats.choose_dice(state, draft, action))
            options.append((sheet_value(state, after, progress), action))
    _, best = max(options, key=lambda pair: pair[0])
    if best.green and usable(sheet, WARM_NIGHT, state.round, 2) and state.green >= WARM_NIGHT_SAVING:
        return USE_POWER[WARM_NIGHT]
    return best


def sheet_value(state: RiversideState, sheet: Sheet, progress: float) -> float:
    """What a sheet is worth to the greedy seat: tickets now, the excursions they
    will pay for later, rows on their way, unused powers and fire."""
    future = 1.6 * (1.0 - progress) + 0.3
    best_values = _best_village_values(state)
    value = 0.0
    for boat in range(len(COLOURS)):
        base = boat * ROWS_PER_BOAT
        value += sheet.ticket_points(boat) + sheet.tickets(boat) * best_values[boat] * future
        for row in range(ROWS_PER_BOAT):
            have, need = sheet.filled[base + row], ROW_SEATS[base + row]
            if have < need:
                spec = BOATS[boat].rows[row]
                value += 0.6 * have / need * (spec.ticket + best_values[boat] * future)
        value += 3.0 * sheet.royal_seats_crossed(boat)
        if sheet.activated[boat] and not sheet.used[boat]:
            value += 8.0 * (1.0 - progress)
    value += sheet.all_tickets() * best_values[len(COLOURS)] * future
    value += sheet.fire_left * 1.2 * (1.0 - progress)
    return value


def _best_village_values(state: RiversideState) -> tuple[int, ...]:
    """The best village value of each colour on the board, then the stave church's."""
    best = dict.fromkeys((*COLOURS, CHURCH), 0)
    for tile in state.board.tiles:
        for target, value in TILES[tile].village:
            best[target] = max(best[target], value)
    return tuple(best.values())


# --- phase 3 ------------------------------------------------------------------------


def _village_gain(state: RiversideState, sheet: Sheet, slot: int) -> int:
    """Points the best scoring in this village would write now (no Prize ticket)."""
    gain = 0
    for target, value in TILES[state.board.tiles[slot]].village:
        points = excursions.excursion_score(state, sheet, target, value, False)
        if points > 0 and excursions.may_score(sheet, target, points):
            gain += points
    return gain


def _plan_excursion(state: RiversideState, draft: Draft):
    """Weigh every plan (Speed boat or not, how many "+1", Early birds or not) by
    the points of the villages it reaches, less what it spends; take its next step."""
    sheet, turn = draft.sheet, draft.turn
    later = 1.0 - state.ship / state.board.anchor
    costs = {"plus": 2.0 + 10.0 * later, SPEED_BOAT: 3.0 + 14.0 * later, EARLY_BIRDS: 10.0 * later}
    distances = state.board.distance[state.ship]
    gains = {slot: _village_gain(state, sheet, slot) for slot in range(len(distances)) if slot not in turn.visited}
    reach = excursions.reach(state, draft)
    best_worth, best_plan = 0.0, None
    for speed in (False, True) if usable(sheet, SPEED_BOAT, state.round, 3) else (False,):
        for extra in range(sheet.plus_ones_left + 1):
            for early in (False, True) if usable(sheet, EARLY_BIRDS, state.round, 3) else (False,):
                limit = reach + extra + (SPEED_BOAT_RANGE - BASE_RANGE if speed else 0)
                ranked = sorted((g for slot, g in gains.items() if distances[slot] <= limit), reverse=True)
                worth = sum(ranked[: turn.visits + early]) - extra * costs["plus"]
                worth -= (costs[SPEED_BOAT] if speed else 0.0) + (costs[EARLY_BIRDS] if early else 0.0)
                if worth > best_worth:
                    best_worth, best_plan = worth, (speed, extra, early)
    if best_plan is None:
        return excursions.END
    speed, extra, early = best_plan
    if speed:
        return USE_POWER[SPEED_BOAT]
    if extra:
        return excursions.PLUS_ONE
    if early:
        return USE_POWER[EARLY_BIRDS]
    slot = max((s for s in gains if distances[s] <= reach), key=gains.__getitem__)
    return excursions.VISITS[state.board.tiles[slot]]


def _score(state: RiversideState, draft: Draft):
    sheet = draft.sheet
    progress = state.ship / state.board.anchor
    prize_threshold = 6.0 + 8.0 * (1.0 - progress)
    best = None
    for action in excursions.scoring_options(state, draft):
        value = dict(TILES[state.board.tiles[draft.turn.village]].village)[action.target]
        points = excursions.excursion_score(state, sheet, action.target, value, action.prize)
        if points <= 0:
            continue
        worth = points - (prize_threshold if action.prize else 0.0)
        if best is None or worth > best[0]:
            best = (worth, action)
    return excursions.LEAVE if best is None else best[1]


GREEDY_BOT = Bot("greedy", choose_greedy)
BOTS = {"greedy": GREEDY_BOT, "random": RANDOM_BOT}
