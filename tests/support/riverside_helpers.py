"""Build Riverside tables and sheets exactly as a test needs them."""

from __future__ import annotations

from river_tui.rules.core import IllegalAction
from river_tui.rules.riverside import GAME
from river_tui.rules.riverside.components import COLOURS, POWERS, ROWS_PER_BOAT
from river_tui.rules.riverside.roll_and_move import temperature_of
from river_tui.rules.riverside.state import PHASE_2_START, PHASE_3_START, Draft, RiversideState, Sheet, evolve

# The range example's board: with the ship on space 9, the brown (R3) and the
# pink/yellow (R6) villages are within 3; white (R1), yellow/blue (R7) and the
# stave church (R10) are 5 spaces away.
RANGE_EXAMPLE = (("R9", "R10", "R6", "R3", "R8"), ("R2", "R7", "R5", "R1", "R4"))
RANGE_EXAMPLE_SHIP = 9


def sheet(
    filled: dict[str, tuple[int, ...]] | None = None,
    *,
    fire: int = 0,
    plus_ones: int = 0,
    excursions: dict[str, tuple[int, ...]] | None = None,
    church: tuple[int, ...] = (),
    activated: dict[str, int] | None = None,
    used: dict[str, int] | None = None,
) -> Sheet:
    """A score sheet; ``filled`` gives crossed seats per row (top row first) by colour."""
    rows = [0] * (len(COLOURS) * ROWS_PER_BOAT)
    for colour, counts in (filled or {}).items():
        b = COLOURS.index(colour)
        rows[b * ROWS_PER_BOAT : b * ROWS_PER_BOAT + len(counts)] = counts
    trips = tuple((excursions or {}).get(colour, ()) for colour in COLOURS)
    return Sheet(
        tuple(rows),
        fire,
        plus_ones,
        trips,
        church,
        tuple((activated or {}).get(p, 0) for p in POWERS),
        tuple((used or {}).get(p, 0) for p in POWERS),
    )


def table(
    seats: int = 1,
    *,
    phase: int = 2,
    dice: tuple[int, ...] = (3, 1, 2, 3, 4, 5),
    ship: int | None = None,
    layout: tuple[tuple[str, ...], tuple[str, ...]] | None = None,
    sheets: tuple[Sheet, ...] | None = None,
    round_: int = 2,
    variant: str | None = None,
    seed: int = 0,
) -> RiversideState:
    """A table at the start of ``phase`` with these dice (green first, then white,
    yellow, brown, blue, pink), ship space, board and sheets."""
    state = GAME.new(seats, {"variant": variant}, seed)
    north, south = layout or (state.north, state.south)
    sheets = sheets or state.sheets
    start = PHASE_2_START if phase == 2 else PHASE_3_START
    return evolve(
        state,
        north=north,
        south=south,
        round=round_,
        phase=phase,
        dice=dice,
        temperature=temperature_of(dice[1:]),
        ship=state.ship if ship is None else ship,
        sheets=sheets,
        drafts=tuple(Draft(s, start) for s in sheets),
        committed=(False,) * seats,
    )


def play(state: RiversideState, seat: int, *actions) -> RiversideState:
    for action in actions:
        state = GAME.apply(state, seat, action)
    return state


def draft(state: RiversideState, seat: int = 0) -> Draft:
    return state.drafts[seat]


def refused(state: RiversideState, seat: int, action) -> str:
    """The reason the rules give for refusing ``action`` (fails if they accept it)."""
    try:
        GAME.apply(state, seat, action)
    except IllegalAction as err:
        return err.reason
    raise AssertionError(f"{action} was accepted")
