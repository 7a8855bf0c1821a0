"""What a Flow seat cannot see, filled in for the search bots.

A seat sees the board, its own hand, how many tiles each other seat holds and how
many river tiles are left face down. It knows every printed tile ("40 river
tiles", 15 lair tiles), so the unseen tiles are those neither on the board nor in
its hand. Each seat took 3 lair tiles at setup and marks every Lair it places
with a token, so another seat still holds 3 minus its Lair tokens on the board
of lair tiles; the rest of its hand are river tiles. A determinization deals the
unseen lair tiles to those hands (the rest "are placed back in the box"), the
unseen river tiles to the hands and the pile, uniformly, and gives the state a
fresh RNG for the draws still to come.
"""

from __future__ import annotations

import random
from collections import Counter

from ..rng import Rng
from .board import FACES, RIVER_FACE_IDS, START_CODE
from .components import LAIR_TILES, RIVER_TILES, STARTING_LAIR_TILES
from .state import FlowState

ALL_RIVER_TILES = Counter({face.id: count for face, count in RIVER_TILES})
ALL_LAIR_TILES = tuple(face.id for face in LAIR_TILES)


def unseen_tiles(view: FlowState, seat: int) -> tuple[list[str], list[str]]:
    """The lair and the river tiles ``seat`` has not seen, each sorted."""
    seen = Counter(FACES[code // 4].id for code in view.tiles if code >= 0 and code != START_CODE)
    seen.update(view.hands[seat])
    lairs = [face for face in ALL_LAIR_TILES if not seen[face]]
    rivers = sorted((ALL_RIVER_TILES - seen).elements())
    return lairs, rivers


def lair_tiles_held(view: FlowState, other: int) -> int:
    """Lair tiles ``other`` still holds: those it took, less its Lairs on the board."""
    return STARTING_LAIR_TILES - sum(1 for owner in view.lair_owner if owner == other)


def determinize(view: FlowState, seat: int, rng: random.Random) -> FlowState:
    lairs, rivers = unseen_tiles(view, seat)
    rng.shuffle(lairs)
    rng.shuffle(rivers)
    hands = list(view.hands)
    for other, hand in enumerate(view.hands):
        if other == seat:
            continue
        held = lair_tiles_held(view, other)
        dealt = [lairs.pop() for _ in range(held)] + [rivers.pop() for _ in range(len(hand) - held)]
        hands[other] = tuple(sorted(dealt))
    if len(rivers) != view.pile_size:
        raise ValueError(f"{len(rivers)} unseen river tiles for a pile of {view.pile_size}")
    left = Counter(rivers)
    state = view.copy()
    state.hands = tuple(hands)
    state.pile = tuple(left[face] for face in RIVER_FACE_IDS)
    state.rng = Rng(rng.getrandbits(64))
    return state

