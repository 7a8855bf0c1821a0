"""The actions of River Valley Glassworks, one per choice a player makes.

A turn is several small choices, so the screen can offer each step by asking
`legal_actions`: place piece(s) on a tile, gather an adjacent tile, order new
colours one column at a time; or draw lake pieces, then send pieces to overflow.
Pieces are numbers (see pieces.py); tiles are named by their shape's index.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Place:
    """Place 1 piece on the tile of its shape, or 2 pieces of one shape on any tile."""

    pieces: tuple[int, ...]
    tile: int


@dataclass(frozen=True)
class Gather:
    """Gather every piece on a river tile next to the one just placed on."""

    tile: int


@dataclass(frozen=True)
class NewColumn:
    """Put a newly gathered colour in the next empty column of the glassworks."""

    colour: int


@dataclass(frozen=True)
class Draw:
    """Take 4 pieces (all, if the lake holds fewer) from the lake into the satchel."""

    pieces: tuple[int, ...]


@dataclass(frozen=True)
class Overflow:
    """Send one satchel piece to overflow while the satchel holds more than 5."""

    piece: int


@dataclass(frozen=True)
class Pass:
    """The only move left with an empty satchel and an empty lake (after the bag ran out)."""


ACTION_TYPES = (Place, Gather, NewColumn, Draw, Overflow, Pass)
