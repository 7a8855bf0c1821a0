"""Gathering from the River: place, gather, flow, refill.

"Only shapes matter when placing & gathering, not colors." Tiles are named by the
index of the shape in their corners; ``s.river`` lists them from the start of
the river to the lake.
"""

from __future__ import annotations

from .components import RIVER_TILES
from .game_end import draw_or_trigger
from .pieces import without
from .state import GATHER, GlassState

STONES: tuple[int, ...] = tuple(stones for _shape, stones in sorted(RIVER_TILES))


def place_in_river(s: GlassState, pieces: tuple[int, ...], tile: int) -> None:
    """"choose 1 glass piece from your satchel and place it on the river tile with
    the matching shape in the corners" or "place 2 pieces with the same shape on
    any river tile". Legality is checked by the caller."""
    satchels = list(s.satchels)
    satchels[s.current] = without(satchels[s.current], pieces)
    s.satchels = tuple(satchels)
    tiles = list(s.tiles)
    tiles[tile] = tiles[tile] + pieces
    s.tiles = tuple(tiles)
    s.placed = tile
    s.phase = GATHER


def adjacent_tiles(river: tuple[int, ...], tile: int) -> tuple[int, ...]:
    """The river tiles beside ``tile``: "The lake isn't considered a river tile.\""""
    i = river.index(tile)
    return river[max(i - 1, 0) : i] + river[i + 1 : i + 2]


def gather_from_river(s: GlassState, tile: int) -> tuple[int, ...]:
    """"Choose 1 adjacent river tile and gather all glass pieces from it.\""""
    gathered = s.tiles[tile]
    tiles = list(s.tiles)
    tiles[tile] = ()
    s.tiles = tuple(tiles)
    flow_river(s, tile)
    refill_start_of_river(s)
    return gathered


def flow_river(s: GlassState, emptied: int) -> None:
    """"Move the empty river tile to the start of the river (furthest from the
    lake) and flow the river forward to fill the gap.\""""
    s.river = (emptied,) + tuple(t for t in s.river if t != emptied)


def refill_start_of_river(s: GlassState) -> None:
    """"Check how many stones are on the next tile in the river and place that many
    pieces from the bag on the empty tile.\""""
    start, following = s.river[0], s.river[1]
    tiles = list(s.tiles)
    tiles[start] = draw_or_trigger(s, STONES[following])
    s.tiles = tuple(tiles)
