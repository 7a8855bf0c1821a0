"""Setup, following the rulebook's five steps."""

from __future__ import annotations

from ..rng import Rng
from .bag import draw_from_bag
from .components import LAKE_SIZE, RIVER_TILES, SATCHEL_START
from .game_end import FIRST_PLAYER
from .pieces import full_bag
from .state import TURN, GlassState, Glassworks


def set_up(seats: int, seed: int) -> GlassState:
    s = GlassState(
        seats=seats,
        # 1. "Place all colored glass pieces (except black) in the bag. Only add
        #    black if you have 5 players."
        bag=full_bag(seats),
        river=(),
        tiles=((),) * len(RIVER_TILES),
        lake=(),
        satchels=((),) * seats,
        boards=(Glassworks(),) * seats,
        current=FIRST_PLAYER,
        phase=TURN,
        round=1,
        placed=None,
        pending=(),
        turns_left=None,
        end_cause=None,
        end_seat=None,
        rng=Rng(seed),
    )
    # 2. "Line up the 6 river tiles in random order. Draw 1 or 2 glass pieces onto
    #    each tile, matching the number of stones printed on it."
    s.river = tuple(s.rng.shuffled([shape for shape, _stones in RIVER_TILES]))
    tiles = list(s.tiles)
    for shape, stones in RIVER_TILES:
        tiles[shape] = draw_from_bag(s, stones)
    s.tiles = tuple(tiles)
    # 3. "Place the lake tile at the end of the river. Fill it with 5 glass pieces."
    s.lake = tuple(sorted(draw_from_bag(s, LAKE_SIZE)))
    # 4. "Each player places a marker on 0 on their inventory track and draws 3
    #    random glass pieces onto their satchel."
    s.satchels = tuple(tuple(sorted(draw_from_bag(s, SATCHEL_START))) for _ in range(seats))
    # 5. The first player marker: see game_end.FIRST_PLAYER.
    return s
