"""Riverside in text: the roll, the river's villages and each seat's score sheet
(your own as you are filling it in this phase; the others' as the phase began)."""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.riverside.components import BOATS, FIRE_SYMBOLS, PLUS_ONE_SYMBOLS, POWERS, ROWS_PER_BOAT
from ...rules.riverside.narration import roll_line, village_name
from ...rules.riverside.powers import power_name
from ...rules.riverside.scoring import captain_points, guide_boat_points, scores_now
from ...rules.riverside.state import RiversideState, Sheet
from . import Section


def points_line(sheet: Sheet, now: tuple[int, int]) -> str:
    """The sheet's points as the app's sheet ends: each guide boat's, the captain's,
    and the final score were the game to end now with its captain reward."""
    boats = [guide_boat_points(sheet, b) for b in range(len(BOATS))]
    score, reward = now
    return (f"  points: guide boats {', '.join(map(str, boats))} = {sum(boats)}; captain {captain_points(sheet)} "
            f"(church {sum(sheet.church)} + lowest {min(boats)}); reward {reward:+d}; score {score} "
            f"were the game to end now.")


def sheet_lines(name: str, sheet: Sheet, now: tuple[int, int], note: str = "") -> list[str]:
    out = [f"{name}'s sheet{note}: fire symbols {sheet.fire} of {FIRE_SYMBOLS} crossed, "
           f'"+1" {sheet.plus_ones} of {PLUS_ONE_SYMBOLS} crossed.']
    for b, boat in enumerate(BOATS):
        rows = ", ".join(f"row {r + 1} {sheet.seats(b, r)}/{boat.rows[r].seats}" for r in range(ROWS_PER_BOAT))
        scores = ", ".join(map(str, sheet.excursions[b])) or "none"
        out.append(f"  {boat.colour} boat: {rows}; excursion scores {scores}.")
    out.append(f"  stave church boat: {', '.join(map(str, sheet.church)) or 'none'}.")
    powers = [
        f"{power_name(p)} ({'used' if sheet.used[i] else 'ready'})" for i, p in enumerate(POWERS) if sheet.activated[i]
    ]
    out.append(f"  royal powers: {', '.join(powers) or 'none yet'}.")
    out.append(points_line(sheet, now))
    return out


def sections(view: RiversideState, seat: int | None, names: Sequence[str]) -> list[Section]:
    if view.round:
        roll = roll_line(view)
    else:
        roll = "The captain has not rolled yet."
    river = [
        "north row: " + "; ".join(f"{tile} {village_name(tile)}" for tile in view.north),
        "south row: " + "; ".join(f"{tile} {village_name(tile)}" for tile in view.south),
        f"The cruise ship is on space {view.ship}.",
    ]
    out: list[Section] = [("roll", [roll]), ("river", river)]
    sheets = list(view.sheets)
    own = view.drafts[seat] if seat is not None else None
    if own is not None:
        sheets[seat] = own.sheet  # your own choices this phase count at once, as on the app's sheet
    now = scores_now(tuple(sheets))
    for index, name in enumerate(names):
        note = " (as you are filling it in)" if own is not None and index == seat else ""
        out.append((name, sheet_lines(name, sheets[index], now[index], note)))
    return out


def scores(view: RiversideState, names: Sequence[str]) -> list[str]:
    """Each sheet as the phase began, scored as "Game End" would were the game to end
    now: guide boat points, captain points and the captain's +15/-15."""
    out = []
    for name, sheet, (score, reward) in zip(names, view.sheets, scores_now(view.sheets)):
        boats = [guide_boat_points(sheet, b) for b in range(len(BOATS))]
        out.append(f"{name}: guide boats {', '.join(map(str, boats))}; captain points {captain_points(sheet)}; "
                   f"reward {reward:+d}; score {score} now")
    return out
