"""The two things a seat can do: place a tile, or place its Reservation Tile.

Every possible action exists once, built here at import: legal-move lists are then
lists of ready-made objects, which keeps random playouts fast.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
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


ACTION_TYPES = (PlaceTile, PlaceReservation)

PLACE: dict[tuple[str, int], tuple[PlaceTile, ...]] = {
    (face.id, rotation): tuple(PlaceTile(face.id, rotation, sq) for sq in range(SQUARES))
    for face in FACES
    for rotation in range(4)
}
"""``PLACE[tile, rotation][square]``: the one PlaceTile object for that move."""

RESERVE: tuple[PlaceReservation, ...] = tuple(PlaceReservation(sq) for sq in range(SQUARES))


class LegalMoves(Sequence):
    """A seat's legal moves, listed without building them: every (tile, rotation)
    row of `PLACE` on every target square, then the Reservation Tile on every free
    square. Random playouts pick one by index without listing hundreds of moves."""

    __slots__ = ("_rows", "_targets", "_reserve", "_placements", "_length")

    def __init__(
        self,
        rows: Sequence[tuple[PlaceTile, ...]] = (),
        targets: Sequence[int] = (),
        reserve: Sequence[int] = (),
    ) -> None:
        self._rows = rows
        self._targets = targets
        self._reserve = reserve
        self._placements = len(rows) * len(targets)
        self._length = self._placements + len(reserve)

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._length))]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("legal move index out of range")
        if index < self._placements:
            row, column = divmod(index, len(self._targets))
            return self._rows[row][self._targets[column]]
        return RESERVE[self._reserve[index - self._placements]]

    def __iter__(self) -> Iterator[PlaceTile | PlaceReservation]:
        for row in self._rows:
            for square in self._targets:
                yield row[square]
        for square in self._reserve:
            yield RESERVE[square]

    def __contains__(self, action: object) -> bool:
        if isinstance(action, PlaceTile):
            row = PLACE.get((action.tile, action.rotation))
            return row in self._rows and action.square in self._targets
        return isinstance(action, PlaceReservation) and action.square in self._reserve

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LegalMoves({list(self)!r})"
