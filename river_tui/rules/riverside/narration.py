"""Log lines in the game's own words: one per action, and the automatic steps
(the captain's roll, the ship's move, a phase resolving, the game's end)."""

from __future__ import annotations

from ..changes import Changes
from ..voice import ADVICE, Voice
from .actions import ChooseDice, Cross, EndExcursions, LeaveVillage, ResolveBonus, Score, UsePlusOne, UsePower, Visit
from .components import BOATS, CHURCH, COLOURS, EXCURSIONS, POWER_TEXT, POWERS, ROWS_PER_BOAT, TILES, WARM_NIGHT
from .dice_and_seats import BOAT_INDEX, dice_value, fire_cost
from .excursions import excursion_score, reach
from .powers import power_name, used_this_round
from .roll_and_move import heating_area
from .state import RiversideState, Sheet


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def village_name(tile_id: str) -> str:
    """"the white 9 / blue 4 village" """
    parts = " / ".join(f"{'stave church' if target == CHURCH else target} {value}" for target, value in TILES[tile_id].village)
    return f"the {parts} village"


PUBLIC_WORDS: dict[type, str] = {
    ChooseDice: "chose their dice",
    Cross: "crossed a seat",
    ResolveBonus: "chose which bonus comes next",
    UsePower: "used a royal power",
    UsePlusOne: 'crossed a "+1" symbol',
    Visit: "went on an excursion",
    Score: "scored an excursion",
    LeaveVillage: "left the village",
    EndExcursions: "is done for this round",  # the phase's summary then says which excursions, or none
}


def describe(state: RiversideState, seat: int, action) -> str:
    """At a table of several seats a step only says that it was made: what each
    seat chose shows when the phase resolves (`events`), as when everyone reveals
    their sheet. Alone, the whole story at once."""
    if state.seats > 1:
        return f"{seat_name(seat)} {PUBLIC_WORDS.get(type(action), 'acted')}"
    return describe_in_full(state, seat, action)


def describe_in_full(state: RiversideState, seat: int, action, voice: Voice | None = None) -> str:
    """What the step did, in full (alone at the table, or once all is revealed);
    in the `ADVICE` voice, what to do."""
    v = voice or Voice(seat_name(seat))
    draft = state.drafts[seat] if 0 <= seat < len(state.drafts) else None
    if isinstance(action, ChooseDice):
        die = BOAT_INDEX.get(action.die, 0)
        green = f" and the green die ({state.green})" if action.green else ""
        if draft is None:
            return f"{v.did('chose', 'choose')} the {action.die} die{green}"
        warm = used_this_round(draft.sheet, WARM_NIGHT, state.round)
        value = dice_value(state, draft.sheet, die, action.green)
        cost = fire_cost(state, die, action.green, warm)
        fire = f", crossing {cost} fire" if cost else ""
        return f"{v.did('chose', 'choose')} the {action.die} die ({state.base[die]}){green}: {value} seat{'' if value == 1 else 's'} on the {action.die} guide boat{fire}"
    if isinstance(action, Cross):
        line = f"{v.did('crossed', 'cross')} a seat in row {action.row + 1} of the {action.boat} guide boat"
        boat = BOAT_INDEX.get(action.boat)
        if draft is not None and boat is not None and 0 <= action.row < ROWS_PER_BOAT:
            row = BOATS[boat].rows[action.row]
            if draft.sheet.seats(boat, action.row) + 1 == row.seats:
                bonus = f"{row.bonus_seats} bonus seat{'s' if row.bonus_seats > 1 else ''} on {COLOURS[row.bonus_boat]}"
                line += f", completing it: a {row.ticket}-point ticket and {bonus}"
        return line
    if isinstance(action, ResolveBonus):
        return f"{v.did('resolved', 'resolve')} the bonus of row {action.row + 1} of the {action.boat} guide boat"
    if isinstance(action, UsePower):
        return f"{v.did('used', 'use')} {power_name(action.power)}: {POWER_TEXT.get(action.power, '')}"
    if isinstance(action, UsePlusOne):
        after = f": range {reach(state, draft) + 1} this round" if draft is not None else ""
        return f'{v.did("crossed", "cross")} a "+1" symbol{after}'
    if isinstance(action, Visit):
        if action.tile not in TILES:
            return f"{v.did('looked', 'look')} for a village that is not on the river"
        trips = ", ".join(EXCURSIONS[target] for target, _ in TILES[action.tile].village)
        return f"{v.did('went', 'go')} on an excursion to {village_name(action.tile)} ({trips})"
    if isinstance(action, Score):
        return _describe_score(state, v, draft, action)
    if isinstance(action, LeaveVillage):
        return f"{v.did('left', 'leave')} the village"
    if isinstance(action, EndExcursions):
        # not "no more excursions": the summary follows
        return v.did("is done for this round", "make no more excursions this round")
    return f"{v.did('played', 'play')} {action}"


def describe_as_advice(state: RiversideState, seat: int, action) -> str:
    return describe_in_full(state, seat, action, ADVICE)


def _describe_score(state: RiversideState, v: Voice, draft, action: Score) -> str:
    where = "stave church boat" if action.target == CHURCH else f"{action.target} guide boat"
    prize = " with the Prize ticket" if action.prize else ""
    if draft is None or draft.turn.village < 0:
        return f"{v.did('scored', 'score')} on the {where}{prize}"
    value = dict(TILES[state.board.tiles[draft.turn.village]].village).get(action.target, 0)
    points = excursion_score(state, draft.sheet, action.target, value, action.prize)
    return f"{v.did('scored', 'score')} {points} on the {where}{prize} ({value} x {points // value if value else 0} tickets)"


def events(before: RiversideState, after: RiversideState) -> list[str]:
    """What happened by itself between two states: a phase resolving shows every
    seat's choices; a new round shows the roll and the ship's move."""
    lines: list[str] = []
    if before.phase == 2 and after.phase == 3:
        lines += [_phase_2_summary(seat, a, b) for seat, (a, b) in enumerate(zip(before.sheets, after.sheets))]
    if before.phase == 3 and after.phase != 3:
        lines += [_phase_3_summary(seat, a, b) for seat, (a, b) in enumerate(zip(before.sheets, after.sheets))]
    if after.round != before.round:
        lines.append(roll_line(after))
        if after.over:
            lines.append("The cruise ship reached the anchor: the game is over.")
    return lines


def final_roll_line(state: RiversideState, dice: bool = True) -> str:
    """The end as the final board shows it: "Final roll: green 4; white 3, ...;
    the cruise ship reached the anchor." (without ``dice``, the temperature only)."""
    if not dice:
        return f"Final roll: temperature {state.temperature}; the cruise ship reached the anchor."
    base = ", ".join(f"{colour} {value}" for colour, value in zip(COLOURS, state.base))
    return f"Final roll: green {state.green}; {base}; the cruise ship reached the anchor."


def roll_line(state: RiversideState) -> str:
    dice = ", ".join(f"{colour} {value}" for colour, value in zip(COLOURS, state.base))
    heated = ["green"] + [COLOURS[i] for i in heating_area(state.base, state.temperature)]
    return (
        f"Round {state.round}: the captain rolled green {state.green}; {dice}. "
        f"Temperature {state.temperature}; in the heating area: {', '.join(heated)}. "
        f"The cruise ship sailed {state.temperature} space{'' if state.temperature == 1 else 's'}."
    )


def _phase_2_summary(seat: int, before: Sheet, after: Sheet) -> str:
    seats = []
    for b, colour in enumerate(COLOURS):
        rows = slice(b * ROWS_PER_BOAT, (b + 1) * ROWS_PER_BOAT)
        crossed = sum(after.filled[rows]) - sum(before.filled[rows])
        if crossed:
            seats.append(f"{crossed} {colour}")
    line = f"{seat_name(seat)} crossed seats: {', '.join(seats) or 'none'}"
    tickets = after.all_tickets() - before.all_tickets()
    if tickets:
        line += f"; {tickets} new ticket{'s' if tickets > 1 else ''}"
    if after.fire != before.fire:
        line += f"; {after.fire - before.fire} fire"
    return line + _powers(before, after)


def _phase_3_summary(seat: int, before: Sheet, after: Sheet) -> str:
    scored = [
        f"{colour} {score}"
        for b, colour in enumerate(COLOURS)
        for score in after.excursions[b][len(before.excursions[b]) :]
    ]
    scored += [f"stave church {score}" for score in after.church[len(before.church) :]]
    line = f"{seat_name(seat)} scored excursions: {', '.join(scored)}" if scored else f"{seat_name(seat)} went on no excursion"
    plus = after.plus_ones - before.plus_ones
    if plus:
        line += f'; {plus} "+1" symbol{"s" if plus > 1 else ""}'
    return line + _powers(before, after) + "."


def _powers(before: Sheet, after: Sheet) -> str:
    used = [power_name(p) for i, p in enumerate(POWERS) if after.used[i] and not before.used[i]]
    activated = [power_name(p) for i, p in enumerate(POWERS) if after.activated[i] and not before.activated[i]]
    return (f"; used {', '.join(used)}" if used else "") + (f"; activated {', '.join(activated)}" if activated else "")


# --- what a move changed, as a seat's view shows it (rules/changes.py) ------------------
ROLL, CROSSED, SCORED, FINISHED = "Roll and ship", "Seats crossed", "Excursions", "Finished"
HEADINGS = (ROLL, CROSSED, SCORED, FINISHED)
"""The headings of the "since your last turn" summary (not `EXCURSIONS`: the
components' excursion names)."""


def changes(before: RiversideState, after: RiversideState, actor: int) -> Changes:
    """The sheets, dice and ship a move changed, as a view shows them: another seat's
    work in a phase shows only when the phase resolves (its draft is hidden), the
    viewer's own as it is made. Marks: ``("row", seat, boat, row, crossed before)``,
    ``("excursion", seat, boat, box)``, ``("church", seat, box)``, ``("fire", seat)``,
    ``("plus", seat)``, ``("power", seat, boat)``, ``("dice",)``, ``("ship", from, to)``."""
    marks: set = set()
    for seat in range(after.seats):
        marks |= _sheet_marks(seat, _sheet_seen(before, seat), _sheet_seen(after, seat))
    lines: list[tuple[str, str]] = []
    if after.round != before.round:  # the news first: a new roll, the ship sailed
        marks.add(("dice",))
        marks.add(("ship", before.ship, after.ship))
        lines.append((ROLL, roll_line(after)))
        if after.over:
            lines.append((ROLL, "The cruise ship reached the anchor: the game is over"))
    finished = before.phase != after.phase or before.round != after.round or after.committed[actor]
    if finished and not before.committed[actor]:
        lines.append((FINISHED, f"{seat_name(actor)} finished phase {before.phase}"))
    if before.phase == 2 and after.phase == 3:
        lines += [(CROSSED, _phase_2_summary(s, a, b)) for s, (a, b) in enumerate(zip(before.sheets, after.sheets))]
    if before.phase == 3 and after.phase != 3:
        lines += [(SCORED, _phase_3_summary(s, a, b).removesuffix("."))
                  for s, (a, b) in enumerate(zip(before.sheets, after.sheets))]
    return Changes(frozenset(marks), tuple(lines))


def _sheet_seen(state: RiversideState, seat: int) -> Sheet:
    """A seat's sheet as the view shows it: its draft if the view holds it (the
    viewer's own), else the sheet as the phase began."""
    draft = state.drafts[seat] if seat < len(state.drafts) else None
    return draft.sheet if draft is not None else state.sheets[seat]


def _sheet_marks(seat: int, before: Sheet, after: Sheet) -> set:
    if before == after:
        return set()
    marks: set = set()
    for index, (old, new) in enumerate(zip(before.filled, after.filled)):
        if new != old:
            marks.add(("row", seat, *divmod(index, ROWS_PER_BOAT), old))
    for boat, (old, new) in enumerate(zip(before.excursions, after.excursions)):
        marks.update(("excursion", seat, boat, box) for box in range(len(old), len(new)))
    marks.update(("church", seat, box) for box in range(len(before.church), len(after.church)))
    if before.fire != after.fire:
        marks.add(("fire", seat))
    if before.plus_ones != after.plus_ones:
        marks.add(("plus", seat))
    powers = zip(zip(before.activated, before.used), zip(after.activated, after.used))
    marks.update(("power", seat, boat) for boat, (old, new) in enumerate(powers) if old != new)
    return marks
