"""Search hints for River Valley Glassworks.

Positions are judged at the end of a turn by the score each glassworks would
get now, the promise of its satchel and the best gather it could make from the
river as it lies (the greedy bot's own look ahead). Playouts only finish a turn
the greedy way (gather, order new colours, overflow); the tree makes every
turn's first choice.
"""

from __future__ import annotations

from functools import lru_cache

from ...glassworks.bots import LOOKAHEAD, choose_greedy, gain, next_turn_gain
from ...glassworks.components import OVERFLOW_VP, SATCHEL_LIMIT
from ...glassworks.determinize import determinize
from ...glassworks.scoring import score
from ...glassworks.state import GATHER, TURN, GlassState
from ..hints import SearchHints

SATCHEL_PIECE = 1.5
"""Points a piece in the satchel is worth until it is placed: the gathers it allows."""

# Boards, satchels and rivers repeat across a search's many determinizations.
cached_score = lru_cache(maxsize=1 << 16)(score)
cached_gain = lru_cache(maxsize=1 << 16)(gain)
cached_next_turn_gain = lru_cache(maxsize=1 << 16)(next_turn_gain)


def satchel_worth(satchel: tuple[int, ...]) -> float:
    """The pieces it may keep are worth a little; those beyond 5 are bound for
    overflow ("Your satchel can only hold 5 pieces")."""
    extra = max(0, len(satchel) - SATCHEL_LIMIT)
    return SATCHEL_PIECE * (len(satchel) - extra) + OVERFLOW_VP * extra


def evaluate(state: GlassState) -> list[float]:
    river, tiles = state.river, state.tiles
    return [
        cached_score(board) + satchel_worth(satchel) + LOOKAHEAD * cached_next_turn_gain(board, satchel, river, tiles)
        for board, satchel in zip(state.boards, state.satchels)
    ]


def finish_turn(game, state: GlassState, seat: int, rng):
    if state.phase == GATHER:
        board, tiles = state.boards[seat], state.tiles
        return max(game.legal_actions(state, seat), key=lambda a: cached_gain(board, tiles[a.tile]))
    if state.phase == TURN:
        return rng.choice(game.legal_actions(state, seat))
    return choose_greedy(game, state, seat, rng)


HINTS = SearchHints(
    determinize=determinize,
    evaluate=evaluate,
    playout=finish_turn,
    playout_depth=0,
    scale=6.0,
)
