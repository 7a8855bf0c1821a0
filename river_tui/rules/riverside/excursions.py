"""Phase 3, "Go on excursions", for one seat's draft."""

from __future__ import annotations

from dataclasses import dataclass

from ..core import IllegalAction
from .actions import EndExcursions, LeaveVillage, Score, UsePlusOne, UsePower, Visit
from .components import (
    BASE_RANGE,
    CHURCH,
    COLOURS,
    EARLY_BIRDS,
    PRIZE_TICKET,
    SPEED_BOAT,
    SPEED_BOAT_RANGE,
    TILES,
)
from .powers import USE_POWER, check_usable, mark_used, usable, used_this_round
from .state import DONE, IN_VILLAGE, PLAN_EXCURSION, Draft, ExcursionTurn, RiversideState, Sheet, evolve

BOAT_OF: dict[str, int | None] = {colour: i for i, colour in enumerate(COLOURS)}
BOAT_OF[CHURCH] = None
PHASE_3_POWERS = (SPEED_BOAT, EARLY_BIRDS)
PLUS_ONE = UsePlusOne()
LEAVE = LeaveVillage()
END = EndExcursions()
VISITS = {tile: Visit(tile) for tile in TILES}
SCORES = {(target, prize): Score(target, prize) for target in BOAT_OF for prize in (False, True)}


def reach(state: RiversideState, draft: Draft) -> int:
    """"Choose one (and only one) village within 3 spaces of the cruise ship."
    Speed boat: "your range is 6 (instead of 3) this round. '+1' symbols can still
    be used to modify your range." """
    speed = used_this_round(draft.sheet, SPEED_BOAT, state.round)
    return (SPEED_BOAT_RANGE if speed else BASE_RANGE) + draft.turn.plus


def villages_in_reach(state: RiversideState, draft: Draft) -> tuple[int, ...]:
    """Village slots this seat may still visit this round."""
    visited = draft.turn.visited
    return tuple(slot for slot in state.board.in_range(state.ship, reach(state, draft)) if slot not in visited)


def excursion_score(state: RiversideState, sheet: Sheet, target: str, value: int, prize: bool) -> int:
    """"Multiply the value of the chosen village with the number of crossed-out
    tickets on the matching guide boat." The stave church counts "the number of
    tickets on all guide boats (of all colors)". Prize ticket adds 1 ticket."""
    boat = BOAT_OF[target]
    tickets = sheet.all_tickets() if boat is None else sheet.tickets(boat)
    return value * (tickets + prize)


def refusal(sheet: Sheet, target: str, score: int) -> str | None:
    """Why the sheet would not take ``score`` for ``target``, in the rulebook's
    words; None when it would. "Your score must be higher (tie is not enough) than
    your previous score on the same guide boat. Your first score on a guide boat
    can be of any value." """
    boat = BOAT_OF[target]
    if not sheet.boxes_left(boat):
        return "every scoring box on that boat is full"
    last = sheet.last_score(boat)
    if last is not None and score <= last:
        return f"{score} is not higher than your previous score {last} (a tie is not enough)"
    return None


def may_score(sheet: Sheet, target: str, score: int) -> bool:
    return refusal(sheet, target, score) is None


@dataclass(frozen=True)
class Outlook:
    """One colour of a village as the sheet would score it now: ``points`` is
    ``value`` times ``tickets``; ``previous`` the last score on its boat (None:
    none yet); ``boxes_left`` its vacant scoring boxes; ``refused`` why the sheet
    would not take it (None: it would)."""

    target: str
    value: int
    tickets: int
    points: int
    previous: int | None
    boxes_left: int
    refused: str | None


def village_outlook(state: RiversideState, draft: Draft, slot: int, prize: bool = False) -> tuple[Outlook, ...]:
    """Each colour of village ``slot`` (and the stave church) as scoring it now would
    go, against the last score on its boat: what a player weighs before going there."""
    sheet = draft.sheet
    out = []
    for target, value in TILES[state.board.tiles[slot]].village:
        points = excursion_score(state, sheet, target, value, prize)
        tickets = excursion_score(state, sheet, target, 1, prize)
        boat = BOAT_OF[target]
        out.append(Outlook(target, value, tickets, points, sheet.last_score(boat), sheet.boxes_left(boat),
                           refusal(sheet, target, points)))
    return tuple(out)


def best_score(outlook: tuple[Outlook, ...]) -> int:
    """The most one colour of a village's ``outlook`` would score, of the colours the
    sheet would take; 0 when none would score more (going there scores nothing)."""
    return max((o.points for o in outlook if o.refused is None), default=0)


def best_excursion(state: RiversideState, draft: Draft, slot: int) -> int:
    """The most one colour of village ``slot`` would score now (no Prize ticket), of
    the colours the sheet still takes there; 0 when none would score more."""
    return best_score(village_outlook(state, draft, slot))


def scoring_options(state: RiversideState, draft: Draft) -> list[Score]:
    turn, sheet = draft.turn, draft.sheet
    tile = TILES[state.board.tiles[turn.village]]
    prizes = (False, True) if usable(sheet, PRIZE_TICKET, state.round, 3) else (False,)
    out = []
    for target, value in tile.village:
        if target in turn.scored:
            continue
        for prize in prizes:
            if may_score(sheet, target, excursion_score(state, sheet, target, value, prize)):
                out.append(SCORES[target, prize])
    return out


def legal_actions(state: RiversideState, draft: Draft) -> list:
    turn, sheet = draft.turn, draft.sheet
    if turn.stage == IN_VILLAGE:
        return [*scoring_options(state, draft), LEAVE]
    if turn.stage != PLAN_EXCURSION:
        return []
    out: list = [PLUS_ONE] if sheet.plus_ones_left else []
    out += [USE_POWER[p] for p in PHASE_3_POWERS if usable(sheet, p, state.round, 3)]
    if turn.visits:
        tiles = state.board.tiles
        out += [VISITS[tiles[slot]] for slot in villages_in_reach(state, draft)]
    out.append(END)
    return out


def use_plus_one(state: RiversideState, draft: Draft, action: UsePlusOne) -> Draft:
    """"Each symbol you cross out increases your range by 1 this round. You have
    only 3 symbols to use for the entire game." """
    _check_planning(draft)
    sheet = draft.sheet
    if not sheet.plus_ones_left:
        raise IllegalAction('You have crossed out all 3 "+1" symbols.')
    sheet = evolve(sheet, plus_ones=sheet.plus_ones + 1)
    return Draft(sheet, evolve(draft.turn, plus=draft.turn.plus + 1))


def use_power(state: RiversideState, draft: Draft, action: UsePower) -> Draft:
    """Speed boat or Early birds (the Prize ticket is used while scoring)."""
    if action.power == PRIZE_TICKET:
        raise IllegalAction("Use the Prize ticket when you score a colour.")
    check_usable(state.round, draft.sheet, action.power, 3)
    _check_planning(draft)
    turn = draft.turn
    if action.power == EARLY_BIRDS:
        # "go on excursions in 2 different villages (instead of 1) this round"
        turn = evolve(turn, visits=turn.visits + 1)
    return Draft(mark_used(draft.sheet, action.power, state.round), turn)


def visit(state: RiversideState, draft: Draft, action: Visit) -> Draft:
    _check_planning(draft)
    turn = draft.turn
    if not turn.visits:
        raise IllegalAction("You have already gone on your excursion this round.")
    tiles = state.board.tiles
    if action.tile not in tiles:
        raise IllegalAction("That village is not on the river.")
    slot = tiles.index(action.tile)
    if slot in turn.visited:
        raise IllegalAction("With Early birds the two villages must be different.")
    distance = state.board.distance[state.ship][slot]
    if distance > reach(state, draft):
        raise IllegalAction(f"That village is {distance} spaces from the ship; your range is {reach(state, draft)}.")
    turn = evolve(turn, stage=IN_VILLAGE, visits=turn.visits - 1, visited=turn.visited + (slot,), village=slot, scored=())
    return settle(state, Draft(draft.sheet, turn))


def score(state: RiversideState, draft: Draft, action: Score) -> Draft:
    """"Write your score in the leftmost vacant scoring box for excursion points."
    "In a village with two colors, you may score both colors or only one of them." """
    turn, sheet = draft.turn, draft.sheet
    if turn.stage != IN_VILLAGE:
        raise IllegalAction("Visit a village before you score.")
    tile = TILES[state.board.tiles[turn.village]]
    values = dict(tile.village)
    if action.target not in values:
        raise IllegalAction(f"This village has no {action.target} excursion.")
    if action.target in turn.scored:
        raise IllegalAction(f"You have already scored {action.target} in this village.")
    if action.prize:
        check_usable(state.round, sheet, PRIZE_TICKET, 3)
    points = excursion_score(state, sheet, action.target, values[action.target], action.prize)
    boat = BOAT_OF[action.target]
    refused = refusal(sheet, action.target, points)
    if refused is not None:
        raise IllegalAction(f"{refused[0].upper()}{refused[1:]}.")
    if boat is None:
        sheet = evolve(sheet, church=sheet.church + (points,))
    else:
        boxes = sheet.excursions[boat] + (points,)
        sheet = evolve(sheet, excursions=sheet.excursions[:boat] + (boxes,) + sheet.excursions[boat + 1 :])
    if action.prize:
        sheet = mark_used(sheet, PRIZE_TICKET, state.round)
    return settle(state, Draft(sheet, evolve(turn, scored=turn.scored + (action.target,))))


def leave_village(state: RiversideState, draft: Draft, action: LeaveVillage) -> Draft:
    if draft.turn.stage != IN_VILLAGE:
        raise IllegalAction("You are not in a village.")
    return settle(state, Draft(draft.sheet, _left(draft.turn)))


def end_excursions(state: RiversideState, draft: Draft, action: EndExcursions) -> Draft:
    _check_planning(draft)
    return Draft(draft.sheet, evolve(draft.turn, stage=DONE))


def settle(state: RiversideState, draft: Draft) -> Draft:
    """Leave a village with nothing left to score; finish when no village is left
    to visit (unless Early birds could still add one)."""
    turn = draft.turn
    if turn.stage == IN_VILLAGE and not scoring_options(state, draft):
        turn = _left(turn)
    if (
        turn.stage == PLAN_EXCURSION
        and not turn.visits
        and not usable(draft.sheet, EARLY_BIRDS, state.round, 3)
    ):
        turn = evolve(turn, stage=DONE)
    return draft if turn is draft.turn else Draft(draft.sheet, turn)


def _left(turn: ExcursionTurn) -> ExcursionTurn:
    return evolve(turn, stage=PLAN_EXCURSION, village=-1, scored=())


def _check_planning(draft: Draft) -> None:
    if draft.turn.stage == IN_VILLAGE:
        raise IllegalAction("Finish scoring this village first.")
    if draft.turn.stage != PLAN_EXCURSION:
        raise IllegalAction("You have finished your excursions this round.")
