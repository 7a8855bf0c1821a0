"""Flow: Untamed Rivers in the move notation (docs/notation.md).

A tile is its face's id (``bend``, ``crossing``, ``L03`` for a lair), turned by
degrees clockwise (``0``, ``90``, ``180``, ``270``), onto a square named as the
board's edges name it (``C4``: column C, row 4).
"""

from __future__ import annotations

from ..notation import WORD, Notation, Verb, named
from .actions import PlaceReservation, PlaceTile
from .board import SQUARES, square_name

SQUARE = named({sq: square_name(sq) for sq in range(SQUARES)}, "a square such as C4")
TURN = named({r: str(r * 90) for r in range(4)}, "a turn of 0, 90, 180 or 270 degrees")

NOTATION = Notation((
    Verb(PlaceTile, "place", (WORD, TURN, SQUARE)),
    Verb(PlaceReservation, "reserve", (SQUARE,)),
))
