"""The board's geometry and the placed-tile codes the engine works with.

Squares are numbered row by row from the north-west corner (0) to the south-east
corner (48); they are named like a chess board, columns A-G and rows 1-7 from the
north ("D4" is the central square). A tile on the board is one small integer, its
*code*: the face's index in `FACES` times four plus its rotation (quarter turns
clockwise). `CONNECTIONS[code][side]` says what the placed tile holds at that side.
"""

from __future__ import annotations

from .components import (
    BOARD_SIZE,
    CENTRE,
    DRY,
    END,
    FIRST_ROUND_RINGS,
    LAIR,
    LAIR_TILES,
    LOCKED_SQUARES,
    RIVER_TILES,
    START_TILE,
    Face,
)

SQUARES = BOARD_SIZE * BOARD_SIZE
OFF_BOARD = -1

FACES: tuple[Face, ...] = (START_TILE, *(face for face, _ in RIVER_TILES), *LAIR_TILES)
FACE_INDEX: dict[str, int] = {face.id: i for i, face in enumerate(FACES)}
RIVER_FACE_IDS: tuple[str, ...] = tuple(face.id for face, _ in RIVER_TILES)
LAIR_FACE_IDS: frozenset[str] = frozenset(face.id for face in LAIR_TILES)
START_CODE = FACE_INDEX[START_TILE.id] * 4


def square_name(square: int) -> str:
    row, col = divmod(square, BOARD_SIZE)
    return f"{'ABCDEFG'[col]}{row + 1}"


def ring(square: int) -> int:
    """0 for the outer ring, 1 and 2 for the inner rings, 3 for the central square."""
    row, col = divmod(square, BOARD_SIZE)
    return min(row, col, BOARD_SIZE - 1 - row, BOARD_SIZE - 1 - col)


def _neighbours(square: int) -> tuple[int, int, int, int]:
    row, col = divmod(square, BOARD_SIZE)
    steps = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N, E, S, W
    out = []
    for dr, dc in steps:
        r, c = row + dr, col + dc
        out.append(r * BOARD_SIZE + c if 0 <= r < BOARD_SIZE and 0 <= c < BOARD_SIZE else OFF_BOARD)
    return tuple(out)  # type: ignore[return-value]


NEIGHBOURS: tuple[tuple[int, int, int, int], ...] = tuple(_neighbours(sq) for sq in range(SQUARES))
RINGS: tuple[int, ...] = tuple(ring(sq) for sq in range(SQUARES))
FIRST_ROUND_SQUARES: tuple[int, ...] = tuple(sq for sq in range(SQUARES) if RINGS[sq] in FIRST_ROUND_RINGS)


def playable_squares(locked_open: bool) -> tuple[bool, ...]:
    """Which squares take tiles: all but the centre, and the locked squares only when open."""
    return tuple(
        sq != CENTRE and (locked_open or sq not in LOCKED_SQUARES) for sq in range(SQUARES)
    )


PLAYABLE = {False: playable_squares(False), True: playable_squares(True)}


def rotate_sides(sides: tuple[int, int, int, int], rotation: int) -> tuple[int, int, int, int]:
    """The face turned ``rotation`` quarter turns clockwise."""
    out = [DRY] * 4
    for side, held in enumerate(sides):
        turned = (side + rotation) % 4
        out[turned] = (held + rotation) % 4 if 0 <= held < 4 else held
    return tuple(out)  # type: ignore[return-value]


CONNECTIONS: tuple[tuple[int, int, int, int], ...] = tuple(
    rotate_sides(face.sides, rotation) for face in FACES for rotation in range(4)
)


def code(face_id: str, rotation: int) -> int:
    return FACE_INDEX[face_id] * 4 + rotation


def _distinct_rotations(face: Face) -> tuple[int, ...]:
    seen: dict[tuple[int, int, int, int], int] = {}
    for rotation in range(4):
        seen.setdefault(rotate_sides(face.sides, rotation), rotation)
    return tuple(seen.values())


DISTINCT_ROTATIONS: dict[str, tuple[int, ...]] = {face.id: _distinct_rotations(face) for face in FACES}
"""The rotations that look different: a crossing has one, a straight two, a bend four."""


def segments(tile_code: int) -> tuple[tuple[int, int], ...]:
    """The rivers of a placed tile as (side, what it holds), one entry per river."""
    sides = CONNECTIONS[tile_code]
    return tuple(
        (side, held) for side, held in enumerate(sides) if held in (END, LAIR) or (0 <= held < 4 and side < held)
    )
