"""Final Scoring: rows, the tallest 2 columns, overflow.

`explain` writes a score out like the rulebook's scoring example:
"All Rows: 35 VP (0 + 0 + 2 + 11 + 22)", top row first (the example's order:
only the top rows can score 0 while lower rows score, since columns fill from
the bottom), "Tallest 2 Columns: 26 VP (10 + 16)" left to right, and
"Overflow: -6 VP (2 * (-3))".
"""

from __future__ import annotations

from itertools import permutations

from ..core import Result, ScoreLine, ranked_winners
from .components import COLUMN_VP, COLUMNS, OVERFLOW_VP, ROW_VP, ROWS
from .grid import add_pieces, of_colour, split_new_colours
from .narration import seat_name
from .state import OVER, GlassState, Glassworks


def row_points(board: Glassworks) -> tuple[int, ...]:
    """VP of each row, bottom row first: "Each row scores based on how many spaces
    you filled from left to right without any gaps ... If the first space in a row
    is empty, it scores 0 VP." """
    heights = board.heights
    points = []
    for row in range(ROWS):
        filled = 0
        for h in heights:
            if h <= row:
                break
            filled += 1
        points.append(ROW_VP[filled])
    return tuple(points)


def tallest_columns(board: Glassworks) -> tuple[int, ...]:
    """"Score only the 2 tallest filled columns in your glassworks. If there are any
    ties, score the leftmost tied column(s) first." Column indexes, left to right."""
    heights = board.heights
    ranked = sorted(range(len(heights)), key=lambda i: (-heights[i], i))
    return tuple(sorted(ranked[:2]))


def column_points(board: Glassworks) -> tuple[int, ...]:
    """"Each column scores the VP on its highest filled space." """
    heights = board.heights
    return tuple(COLUMN_VP[i][heights[i] - 1] for i in tallest_columns(board))


def overflow_points(board: Glassworks) -> int:
    return OVERFLOW_VP * len(board.overflow)


def score(board: Glassworks) -> int:
    return sum(row_points(board)) + sum(column_points(board)) + overflow_points(board)


ORDER_SEARCH = 4
"""The most new colours whose every order is tried; more are ordered by count."""


def best_addition(board: Glassworks, gathered) -> Glassworks:
    """The board after adding ``gathered`` with the new colours in the order that scores
    most (the most new colours whose every order is tried: `ORDER_SEARCH`)."""
    known, new = split_new_colours(board, gathered)
    board = add_pieces(board, known)
    colours = sorted({p >> 3 for p in new}, key=lambda c: -sum(1 for p in new if p >> 3 == c))
    if len(colours) < 2 or len(board.columns) >= COLUMNS:
        return add_pieces(board, new)
    orders = permutations(colours) if len(colours) <= ORDER_SEARCH else [colours]
    return max(
        (add_pieces(board, [p for c in order for p in of_colour(new, c)[0]]) for order in orders),
        key=score,
    )


def breakdown(board: Glassworks) -> tuple[ScoreLine, ...]:
    """The rulebook's three headings, labelled alike for every seat."""
    return (
        ScoreLine("All Rows", sum(row_points(board))),
        ScoreLine("Tallest 2 Columns", sum(column_points(board))),
        ScoreLine("Overflow", overflow_points(board)),
    )


def explain(board: Glassworks) -> str:
    """The score written out as the rulebook's scoring example writes it."""
    rows = row_points(board)[::-1]
    columns = column_points(board)
    return (
        f"All Rows: {sum(rows)} VP ({' + '.join(map(str, rows))}) · "
        f"Tallest 2 Columns: {sum(columns)} VP ({' + '.join(map(str, columns)) or 'none'}) · "
        f"Overflow: {overflow_points(board)} VP ({len(board.overflow)} * ({OVERFLOW_VP})) · "
        f"Total: {score(board)} VP"
    )


def result(state: GlassState) -> Result | None:
    """Each glassworks' score, written out, and who won; None before the end."""
    if state.phase != OVER:
        return None
    scores = tuple(score(b) for b in state.boards)
    winners = ranked_winners(scores)  # "If players tie, they share victory."
    who = " and ".join(seat_name(s) for s in sorted(winners))
    verdict = f"{who} {'share the victory' if len(winners) > 1 else 'wins'} with {max(scores)} VP."
    lines = [f"{seat_name(s)}: {explain(b)}" for s, b in enumerate(state.boards)]
    return Result(
        scores,
        tuple(breakdown(b) for b in state.boards),
        winners,
        summary="\n".join([verdict, *lines]),
    )
