"""River Valley Glassworks in text: the river's tiles, the lake, the bag and each
seat's satchel and glassworks, pieces written as in the move notation (``Wh``)."""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.glassworks.components import COLOURS, SHAPES
from ...rules.glassworks.notation import PIECE, SHAPE_LETTERS
from ...rules.glassworks.scoring import score
from ...rules.glassworks.state import GlassState
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
        ("lake", [f"Lake: {pieces(view.lake)}", f"Bag: {len(view.bag)} pieces"]),
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
        ]))
    return out


def scores(view: GlassState, names: Sequence[str]) -> list[str]:
    """Each glassworks as it would score now (rows, columns, overflow)."""
    return [f"{name}: {score(view.boards[index])} points now" for index, name in enumerate(names)]
