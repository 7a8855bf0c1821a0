"""Adding to Your Glassworks: "Only colors matter when adding to your glassworks,
not shapes." """

from __future__ import annotations

from collections.abc import Iterable

from .components import COLUMNS, ROWS
from .state import Glassworks


def add_pieces(board: Glassworks, pieces: Iterable[int]) -> Glassworks:
    """Add pieces one by one, in the order given.

    "When you add glass of a new color to your glassworks, place it in the next
    empty column on your grid, going left to right." "When you add a color you
    already have, add it to the matching column, filling from bottom to top."
    "If you can't fit a piece because its column is full or you already have 7
    other colors, place it in overflow."
    """
    columns = list(board.columns)
    overflow = list(board.overflow)
    for p in pieces:
        colour = p >> 3
        for i, column in enumerate(columns):
            if column[0] >> 3 == colour:
                if len(column) < ROWS:
                    columns[i] = column + (p,)
                else:
                    overflow.append(p)
                break
        else:
            if len(columns) < COLUMNS:
                columns.append((p,))
            else:
                overflow.append(p)
    return Glassworks(tuple(columns), tuple(overflow))


def split_new_colours(board: Glassworks, pieces: Iterable[int]) -> tuple[list[int], list[int]]:
    """The pieces whose colour already has a column, and those of new colours."""
    known_colours = {column[0] >> 3 for column in board.columns}
    known, new = [], []
    for p in pieces:
        (known if p >> 3 in known_colours else new).append(p)
    return known, new


def order_matters(board: Glassworks, new: Iterable[int]) -> bool:
    """"If you gathered more than one new color, you choose the order to place
    them" — a real choice only while an empty column is left for one of them."""
    return len(board.columns) < COLUMNS and len({p >> 3 for p in new}) > 1


def of_colour(pieces: Iterable[int], colour: int) -> tuple[list[int], list[int]]:
    """The pieces of ``colour``, and the rest."""
    chosen, rest = [], []
    for p in pieces:
        (chosen if p >> 3 == colour else rest).append(p)
    return chosen, rest
