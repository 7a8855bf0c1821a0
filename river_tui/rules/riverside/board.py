"""The game board: river tiles in two rows between the west and east tiles, the
ship's track along the white-dotted line, and shortest distances for range.

"The cruise ship starts in the west, follows the white-dotted line to the east,
where it turns and sails back to the west until the game ends on the anchor
space." The track runs west to east through the north row, turns on the east tile
and runs back west through the south row to the anchor on the west tile. Range
counts the shortest distance, which may go through the north/south passage of a
column when both of its tiles have one.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from .components import EAST_TILE_SPACES, PASSAGE_LENGTH, SPACES_PER_TILE, TILES

START = 0
"""The ship's designated space on the west tile."""


@dataclass(frozen=True)
class Board:
    """One laid-out board. ``north`` and ``south`` list tile ids west to east.

    Villages are numbered by slot: the north row west to east, then the south row
    west to east. ``pier_space[slot]`` is the track space of that village's pier and
    ``distance[space][slot]`` the shortest distance from a track space to it;
    ``between[space]`` maps every track space to its shortest distance from ``space``.
    """

    north: tuple[str, ...]
    south: tuple[str, ...]
    anchor: int
    pier_space: tuple[int, ...]
    distance: tuple[tuple[int, ...], ...]
    between: tuple[dict[int, int], ...]

    @property
    def columns(self) -> int:
        return len(self.north)

    @property
    def tiles(self) -> tuple[str, ...]:
        """Tile ids by village slot."""
        return self.north + self.south

    def slot_of(self, tile_id: str) -> int:
        return self.tiles.index(tile_id)

    def tile_spaces(self, row: int, column: int) -> tuple[int, ...]:
        """Track spaces of a tile in the ship's direction of travel (row 0 north, 1 south)."""
        return _tile_spaces(self.columns, row, column)

    def east_spaces(self) -> tuple[int, ...]:
        first = 1 + SPACES_PER_TILE * self.columns
        return tuple(range(first, first + EAST_TILE_SPACES))

    def spaces_in_range(self, ship: int, reach: int) -> frozenset[int]:
        """Track spaces within ``reach`` of the ship (for drawing the range)."""
        return frozenset(space for space, d in self.between[ship].items() if d <= reach and space <= self.anchor)

    def in_range(self, ship: int, reach: int) -> tuple[int, ...]:
        """Village slots within ``reach`` spaces of the ship."""
        row = self.distance[ship]
        return tuple(slot for slot, d in enumerate(row) if d <= reach)


def _tile_spaces(columns: int, row: int, column: int) -> tuple[int, ...]:
    if row == 0:
        first = 1 + SPACES_PER_TILE * column
    else:
        first = 1 + SPACES_PER_TILE * columns + EAST_TILE_SPACES + SPACES_PER_TILE * (columns - 1 - column)
    return tuple(range(first, first + SPACES_PER_TILE))


@lru_cache(maxsize=256)
def board_for(north: tuple[str, ...], south: tuple[str, ...]) -> Board:
    """Build (once per layout) the board with these tile rows."""
    columns = len(north)
    passages = tuple((TILES[top].passage, TILES[bottom].passage) for top, bottom in zip(north, south))
    between = _distances_between_spaces(columns, passages)
    piers = tuple(
        _tile_spaces(columns, row, column)[TILES[tiles[column]].pier]
        for row, tiles in enumerate((north, south))
        for column in range(columns)
    )
    distance = tuple(tuple(row[pier] for pier in piers) for row in between)
    return Board(north, south, len(between) - 1, piers, distance, between)


@lru_cache(maxsize=64)
def _distances_between_spaces(
    columns: int, passages: tuple[tuple[int | None, int | None], ...]
) -> tuple[dict[int, int], ...]:
    """Shortest distances from every track space, for one shape of river: the
    number of columns and where each column's tiles have their passages. (Most
    layouts share a shape, so this runs rarely.)"""
    anchor = 1 + 2 * SPACES_PER_TILE * columns + EAST_TILE_SPACES
    neighbours: dict[int, list[int]] = {space: [] for space in range(anchor + 1)}

    def link(a: int, b: int) -> None:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)

    for space in range(anchor):
        link(space, space + 1)
    extra = anchor + 1
    for column, (top, bottom) in enumerate(passages):
        if top is None or bottom is None:
            continue
        path = [_tile_spaces(columns, 0, column)[top]]
        path += list(range(extra, extra + PASSAGE_LENGTH - 1))
        extra += PASSAGE_LENGTH - 1
        path.append(_tile_spaces(columns, 1, column)[bottom])
        for a, b in zip(path, path[1:]):
            link(a, b)
    return tuple(_distances_from(neighbours, space) for space in range(anchor + 1))


def _distances_from(neighbours: dict[int, list[int]], start: int) -> dict[int, int]:
    """Breadth-first: the shortest distance from ``start`` to every space."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen
