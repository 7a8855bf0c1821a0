"""The two things a seat can do: place a tile, or place its Reservation Tile.

Every possible action exists once, built here at import: legal-move lists are then
lists of ready-made objects, which keeps random playouts fast.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import FACES, SQUARES


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """Place the tile ``tile`` (a face id from the hand) turned ``rotation`` quarter
    turns clockwise on ``square`` (0-48, row by row from the north-west)."""

    tile: str
    rotation: int
    square: int


@dataclass(frozen=True, slots=True)
class PlaceReservation:
    """Put the seat's Reservation Tile on ``square``."""

    square: int


PLACE: dict[tuple[str, int], tuple[PlaceTile, ...]] = {
    (face.id, rotation): tuple(PlaceTile(face.id, rotation, sq) for sq in range(SQUARES))
    for face in FACES
    for rotation in range(4)
}
"""``PLACE[tile, rotation][square]``: the one PlaceTile object for that move."""

RESERVE: tuple[PlaceReservation, ...] = tuple(PlaceReservation(sq) for sq in range(SQUARES))
