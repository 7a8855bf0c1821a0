"""Learn to play Riverside: the rules of a first game, each told in the rulebook's
words the first time it applies to the learner (see rules/guides.py), and what a
step does for a seat, in one line (the hint's reason)."""

from __future__ import annotations

from ..guides import Guide, LastMove, Lesson
from .actions import Cross, EndExcursions, LeaveVillage, ResolveBonus, Score, UsePlusOne
from .components import BOATS, ROWS_PER_BOAT
from .dice_and_seats import BOAT_INDEX
from .state import CHOOSE_BONUS, CHOOSE_DICE, FILL_BONUS, FILL_SEATS, PLAN_EXCURSION, RiversideState, Sheet

SEED = 3
"""The guided game's seed (the learner and one computer seat): with a greedy learner every
lesson but the end has come up by the learner's 10th step (of 104)."""


def _sheet(view: RiversideState, seat: int) -> Sheet:
    """The learner's sheet as they see it: their draft while they work, else the sheet."""
    draft = view.drafts[seat]
    return draft.sheet if draft is not None else view.sheets[seat]


def _stage(view: RiversideState, seat: int) -> int | None:
    draft = view.drafts[seat]
    return None if draft is None or view.committed[seat] else draft.turn.stage


def _choosing_dice(view: RiversideState, seat: int, last: LastMove) -> bool:
    return view.phase == 2 and _stage(view, seat) == CHOOSE_DICE


def _dice(view: RiversideState, seat: int) -> frozenset:
    return frozenset({("dice",)})


def _filling_seats(view: RiversideState, seat: int, last: LastMove) -> bool:
    return view.phase == 2 and _stage(view, seat) == FILL_SEATS


def _rows_being_filled(view: RiversideState, seat: int) -> frozenset:
    boat = view.drafts[seat].turn.boat if view.drafts[seat] is not None else -1
    sheet = _sheet(view, seat)
    return frozenset(("row", seat, boat, row, sheet.seats(boat, row)) for row in range(ROWS_PER_BOAT)) if boat >= 0 else frozenset()


def _fire_crossed(view: RiversideState, seat: int, last: LastMove) -> bool:
    return _sheet(view, seat).fire > 0


def _fire(view: RiversideState, seat: int) -> frozenset:
    return frozenset({("fire", seat)})


def _row_completed(view: RiversideState, seat: int, last: LastMove) -> bool:
    return _sheet(view, seat).all_tickets() > 0 or _stage(view, seat) in (CHOOSE_BONUS, FILL_BONUS)


def _power_activated(view: RiversideState, seat: int, last: LastMove) -> bool:
    return any(_sheet(view, seat).activated)


def _powers(view: RiversideState, seat: int) -> frozenset:
    sheet = _sheet(view, seat)
    return frozenset(("power", seat, boat) for boat, round_ in enumerate(sheet.activated) if round_)


def _planning_excursion(view: RiversideState, seat: int, last: LastMove) -> bool:
    return view.phase == 3 and _stage(view, seat) == PLAN_EXCURSION


def _scored_before(view: RiversideState, seat: int, last: LastMove) -> bool:
    return last is not None and last[0] == seat and isinstance(last[1], Score)


def _excursion_boxes(view: RiversideState, seat: int) -> frozenset:
    sheet = _sheet(view, seat)
    marks = {("excursion", seat, boat, box) for boat, boxes in enumerate(sheet.excursions) for box in range(len(boxes))}
    return frozenset(marks | {("church", seat, box) for box in range(len(sheet.church))})


def _game_over(view: RiversideState, seat: int, last: LastMove) -> bool:
    return view.over


LESSONS = (
    Lesson(
        "roll", "The roll", "1. Roll Dice and Move Ship",
        "The temperature is the median of the base dice: the middle die after sorting them. Base "
        "dice with a higher value than the temperature go to the heating area, with the green die. "
        "The captain moves the cruise ship as many spaces as the temperature.",
        "Choose one base die (←/→, Enter); g adds the green die's value to it.",
        _choosing_dice, _dice,
    ),
    Lesson(
        "seats", "Filling seats", "2. Choose Dice and Fill Seats",
        "Fill seats on the guide boat matching the base die's color equal to the dice value. Cross "
        "out seats from left to right in any given row; you do not have to finish a row before "
        "starting another. Crosses beyond four completed rows are lost.",
        "Choose a row of the marked boat (↑/↓ or 1-4) and Enter crosses the seats from there.",
        _filling_seats, _rows_being_filled,
    ),
    Lesson(
        "fire", "Fire symbols", "2. Choose Dice and Fill Seats",
        "For each die you choose from the heating area (including the green die), cross out fire "
        "symbols on your score sheet equal to the value of the die. If you have fewer uncrossed "
        "fire symbols than the value of the die, you cannot choose that die.",
        "Your fire symbols are marked: spend them on the dice worth it.",
        _fire_crossed, _fire,
    ),
    Lesson(
        "bonus", "Tickets and bonus seats", "2. Choose Dice and Fill Seats",
        "For each completed row, cross out its ticket and its bonus seats: 1 or 2 seats in any row "
        "on the guide boat matching the bonus' color. This can result in gaining additional bonus "
        "seats. Tickets count in excursions, and their points at the end.",
        "Cross the bonus seats where they complete another row, if you can.",
        _row_completed,
    ),
    Lesson(
        "excursion", "Excursions", "3. Go on Excursions",
        "Choose one village within 3 spaces of the cruise ship (each \"+1\" symbol crossed adds 1 "
        "to your range this round; 3 for the game). Multiply the village's value with your tickets "
        "of its color. A stave church village counts the tickets of every boat, for captain points.",
        "Choose a village (Enter) and score its colours, or x to go on none this round.",
        _planning_excursion,
    ),
    Lesson(
        "higher", "Scores must rise", "3. Go on Excursions",
        "Write your score in the leftmost vacant scoring box of the guide boat, provided it is "
        "higher (a tie is not enough) than your previous score on the same guide boat. You do not "
        "use up tickets: the same ticket counts in every later excursion.",
        "Your marked scores are the ones to beat on each boat.",
        _scored_before, _excursion_boxes,
    ),
    Lesson(
        "royal", "A royal power", "Royal Powers",
        "Once you cross out both royal seats on the same guide boat, activate its royal power. You "
        "may use it once (and only once) in any subsequent phase of any round: Early birds, Fan "
        "base, Prize ticket, Warm night or Speed boat.",
        "Your marked power waits: its key (f w v e, t) uses it when it helps most.",
        _power_activated, _powers,
    ),
    Lesson(
        "end", "The game ends", "Game End",
        "The game ends when the cruise ship reaches the anchor. Each guide boat scores its ticket "
        "points plus its excursion points; your captain points are the stave church boat plus your "
        "lowest guide boat. The most captain points get +15, the least -15.",
        "Enter shows the scores, each line with the rule that gave it.",
        _game_over,
    ),
)


def why(view: RiversideState, seat: int, action) -> str:
    """What ``action`` does for ``seat``, in one line of the game's words, that the
    hint's words for the move (`describe_as_advice`: the dice and their seats, the
    village, the points scored, the power) do not say already; else nothing."""
    sheet = _sheet(view, seat)
    if isinstance(action, Cross):
        boat = BOAT_INDEX[action.boat]
        row = BOATS[boat].rows[action.row]
        left = row.seats - sheet.seats(boat, action.row) - 1
        # A seat that completes the row: its words name the ticket and bonus.
        return f"{left} more seat{'s' * (left != 1)} to its {row.ticket}-point ticket" if left else ""
    if isinstance(action, ResolveBonus):
        return "this bonus before the others"
    if isinstance(action, UsePlusOne):
        return "range +1 this round (3 for the game)"
    if isinstance(action, (LeaveVillage, EndExcursions)):
        return "keeps the tickets for a better village"
    return ""


GUIDE = Guide(
    seed=SEED,
    seats=2,
    lessons=LESSONS,
    why=why,
    scoring={
        **{f"{colour.capitalize()} guide boat: tickets": "Game End: the ticket points of the boat's completed rows."
           for colour in ("white", "yellow", "brown", "blue", "pink")},
        **{f"{colour.capitalize()} guide boat: excursions": "3. Go on Excursions: the village's value times your tickets, each score higher than the last."
           for colour in ("white", "yellow", "brown", "blue", "pink")},
        "Captain points: stave church boat": "Stave church: the village's value times every ticket you hold.",
        "Captain points: lowest guide boat again": "Game End: your lowest guide boat counts again in your captain points.",
        "Captain reward": "Game End: the most captain points get +15, the least -15.",
    },
)
