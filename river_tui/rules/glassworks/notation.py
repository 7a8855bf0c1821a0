"""River Valley Glassworks in the move notation (docs/notation.md).

A piece is its colour's letter and its shape's letter, as the board prints it
without the glyph: ``Wh`` a white heart, ``Ct`` a light blue triangle. A river
tile is named by its shape's letter (``h`` the heart tile). A new column is named
by its colour's letter.
"""

from __future__ import annotations

from ..notation import Notation, Verb, listed, named
from .actions import Draw, Gather, NewColumn, Overflow, Pass, Place
from .components import COLOURS, SHAPES
from .pieces import piece

SHAPE_LETTERS = ("h", "t", "c", "s", "d", "x")
"""heart, triangle, circle, square, diamond, star (x: s is the square's)."""
assert len(SHAPE_LETTERS) == len(SHAPES)

PIECE = named(
    {piece(c, s): colour.letter + SHAPE_LETTERS[s] for c, colour in enumerate(COLOURS) for s in range(len(SHAPES))},
    "a piece such as Wh (a white heart)",
)
TILE = named(dict(enumerate(SHAPE_LETTERS)), "a river tile's shape letter (h t c s d x)")
COLOUR = named({c: colour.letter for c, colour in enumerate(COLOURS)}, "a colour's letter such as W")

NOTATION = Notation((
    Verb(Place, "place", (listed(PIECE), TILE)),
    Verb(Gather, "gather", (TILE,)),
    Verb(NewColumn, "column", (COLOUR,)),
    Verb(Draw, "draw", (listed(PIECE),)),
    Verb(Overflow, "overflow", (PIECE,)),
    Verb(Pass, "pass"),
))
