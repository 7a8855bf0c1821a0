"""Setup: lay out the river, hand out the score sheets, place the cruise ship.

Round 1 then starts at once: phase 1 needs no choices (`roll_and_move`).
"""

from __future__ import annotations

from ..rng import Rng
from .board import START
from .components import EXTENSION_TILES, RIVER_TILES
from .roll_and_move import begin_round
from .state import EXTENSION, RiversideState, Sheet


def lay_out_river(rng: Rng, variant: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """"Create the game board by randomly placing the 10 river tiles face up in two
    horizontal rows of 5 tiles each." The extension variant shuffles in the two
    extension tiles and makes two rows of 6."""
    tiles = RIVER_TILES + (EXTENSION_TILES if variant == EXTENSION else ())
    ids = rng.shuffled([tile.id for tile in tiles])
    half = len(ids) // 2
    return tuple(ids[:half]), tuple(ids[half:])


def set_up(seats: int, variant: str, seed: int) -> RiversideState:
    """The table laid out, every sheet blank, and round 1's phase 1 played."""
    rng = Rng(seed)
    north, south = lay_out_river(rng, variant)
    sheets = (Sheet.blank(),) * seats
    # "place the assembled cruise ship on the designated space on the west tile"
    table = RiversideState(seats, variant, north, south, 0, 2, (), 0, START, sheets, (), (), rng)
    return begin_round(table, rng)
