"""Counting points: "Every player now counts their points for every Territory to
which one of their Lair Tokens belongs. To this number, all players add their +1
points. The player with the most points wins. In the case of a tie, the player with
the single longest territory wins." """

from __future__ import annotations

from ..core import Result, ScoreLine, ranked_winners
from .board import square_name
from .components import SPECIES
from .state import DUAL, LAKE, LOOP, FlowState, Territory


def score_lines(state: FlowState) -> tuple[tuple[ScoreLine, ...], ...]:
    """Per seat, one line for every Territory that gave it points, in the order closed."""
    lines: list[list[ScoreLine]] = [[] for _ in range(state.seats)]
    for territory in state.territories:
        for seat, points in territory.points().items():
            lines[seat].append(ScoreLine(territory_label(territory, seat), points))
    return tuple(tuple(seat_lines) for seat_lines in lines)


def territory_label(territory: Territory, seat: int) -> str:
    where = f"{square_name(territory.steps[0][0])}-{square_name(territory.steps[-1][0])}"
    if territory.kind in (LAKE, LOOP):
        return f"Point tile: {territory.kind} closed at {where}"
    both = territory.kind == DUAL and territory.owners == (seat, seat)
    pair = " (both Lairs yours: 2L)" if both else ""
    return f"{territory.title.capitalize()} {where}, L={territory.length}{pair}"


def scores(state: FlowState) -> tuple[int, ...]:
    totals = [0] * state.seats
    for territory in state.territories:
        for seat, points in territory.points().items():
            totals[seat] += points
    return tuple(totals)


def longest_territories(state: FlowState) -> tuple[int, ...]:
    """The tie-break: each seat's single longest Territory among those that scored for it."""
    longest = [0] * state.seats
    for territory in state.territories:
        for seat in territory.points():
            longest[seat] = max(longest[seat], territory.length)
    return tuple(longest)


def result(state: FlowState) -> Result | None:
    if not state.over:
        return None
    totals = scores(state)
    longest = longest_territories(state)
    winners = ranked_winners(totals, longest)
    names = [f"Seat {seat + 1} ({SPECIES[seat].short})" for seat in range(state.seats)]
    notes = tuple(
        f"Seat {seat + 1}: longest territory L={length}" if length else f"Seat {seat + 1}: no territory"
        for seat, length in enumerate(longest)
    )
    best = max(totals)
    leaders = [seat for seat in range(state.seats) if totals[seat] == best]
    if len(winners) > 1:
        summary = " and ".join(names[seat] for seat in sorted(winners)) + f" share the win with {best} points."
    elif len(leaders) > 1:
        (seat,) = winners
        summary = f"{names[seat]} wins the tie at {best} points with the longest territory (L={longest[seat]})."
    else:
        (seat,) = winners
        summary = f"{names[seat]} wins with {best} points."
    return Result(totals, score_lines(state), winners, notes, summary)
