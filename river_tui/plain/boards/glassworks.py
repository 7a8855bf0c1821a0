"""River Valley Glassworks in text: the river's tiles, the lake, the bag and each
seat's satchel and glassworks, pieces written as in the move notation (``Wh``)."""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.glassworks.components import COLOURS, END_TRIGGER, SHAPES
from ...rules.glassworks.notation import PIECE, SHAPE_LETTERS
from ...rules.glassworks.scoring import column_points, overflow_points, row_points, score
from ...rules.glassworks.state import BY_INVENTORY, OVER, GlassState
from . import Section


def pieces(held: Sequence[int]) -> str:
    return " ".join(PIECE.write(p) for p in held) or "empty"


def sections(view: GlassState, seat: int | None, names: Sequence[str]) -> list[Section]:
    river = [
        f"{SHAPE_LETTERS[shape]} ({SHAPES[shape].name} tile): {pieces(view.tiles[shape])}"
        for shape in view.river
    ]
    out: list[Section] = [
        ("river", ["The river, from its start to the lake:", *river]),
        ("lake", [f"Lake: {pieces(view.lake)}", f"Bag: {len(view.bag)} pieces", *end_lines(view, names)]),
    ]
    for index, name in enumerate(names):
        board = view.boards[index]
        columns = [
            f"column {n + 1} {COLOURS[column[0] >> 3].name}: {len(column)} ({pieces(column)})"
            for n, column in enumerate(board.columns)
            if column
        ]
        out.append((name, [
            f"{name}: satchel {pieces(view.satchels[index])}; {board.inventory} in the glassworks, "
            f"{len(board.overflow)} in overflow.",
            *(f"  {line}" for line in columns),
            f"  now {points_now(board)}",
        ]))
    return out


def points_now(board) -> str:
    """"9 VP = rows 7 + columns 5 + overflow -3": the glassworks scored as at the end."""
    return (f"{score(board)} VP = rows {sum(row_points(board))} + columns {sum(column_points(board))} "
            f"+ overflow {overflow_points(board)}")


def end_lines(view: GlassState, names: Sequence[str]) -> list[str]:
    """Once the end is triggered: why, and how many turns are left."""
    if view.turns_left is None:
        return []
    cause = f"{names[view.end_seat]} reached {END_TRIGGER}" if view.end_cause == BY_INVENTORY else "the bag ran out"
    if view.phase == OVER:
        return [f"The game is over: {cause}."]
    return [f"{view.turns_left} turn{'s' * (view.turns_left != 1)} left: {cause}."]


def scores(view: GlassState, names: Sequence[str]) -> list[str]:
    """Each glassworks as it would score now (rows, columns, overflow)."""
    return [f"{name}: now {points_now(view.boards[index])}" for index, name in enumerate(names)]
