"""Game Setup: the shuffled piles, each seat's hand, the start tile on the centre."""

from __future__ import annotations

from ..rng import Rng
from .board import PLAYABLE, SQUARES, START_CODE
from .components import CENTRE, LAIR_TILES, RIVER_TILES, STARTING_LAIR_TILES, STARTING_RIVER_TILES
from .state import RESERVATION_IN_HAND, STRATEGY, FlowState
from .turn import actions_per_turn, draw_river_tile


def set_up(seats: int, variant: str, seed: int) -> FlowState:
    """"Shuffle all River Tiles and all Lair Tiles separately ... each of you takes
    3 Lair Tiles and 3 River Tiles from the prepared piles. After that the remaining
    Lair Tiles ... are placed back in the box." The start tile lies on the centre."""
    rng = Rng(seed)
    lair_pile = rng.shuffled([face.id for face in LAIR_TILES])
    pile = [count for _, count in RIVER_TILES]
    hands = []
    for _ in range(seats):
        hand = [lair_pile.pop() for _ in range(STARTING_LAIR_TILES)]
        hand += [draw_river_tile(pile, rng) for _ in range(STARTING_RIVER_TILES)]
        hands.append(tuple(sorted(hand)))
    # "If this more strategic variant is chosen with 4 or 5 players, the 4 locked
    # squares may also be occupied."
    locked_open = variant == STRATEGY and seats >= 4
    playable = PLAYABLE[locked_open]
    tiles = [-1] * SQUARES
    tiles[CENTRE] = START_CODE
    return FlowState(
        seats=seats,
        variant=variant,
        locked_open=locked_open,
        tiles=tuple(tiles),
        lair_owner=(-1,) * SQUARES,
        reservations=(RESERVATION_IN_HAND,) * seats,
        hands=tuple(hands),
        pile=tuple(pile),
        pile_size=sum(pile),
        actions_left=actions_per_turn(variant),
        turn=0,
        empty_squares=sum(playable),
        territories=(),
        rng=rng,
    )
