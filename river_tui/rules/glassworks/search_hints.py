"""Search hints for River Valley Glassworks.

The tree holds the searching seat's choices; the others, and the playouts, play
the greedy bot's choices without its look ahead (quick enough to make many).
Placements are tried best-looking first. The normal level judges positions at
the end of a turn by the score each glassworks would get now, the promise of its
satchel and the best gather it could make from the river as it lies (the greedy
bot's own look ahead); the hard level plays every line on to the end of the game
and counts the final scores.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ..bots.hints import SearchHints, Thinking
from .actions import Place
from .bots import LOOKAHEAD, choose_greedy, gain, next_turn_gain
from .components import LAKE_DRAW, OVERFLOW_VP, SATCHEL_LIMIT
from .determinize import determinize
from .legal import legal_actions
from .river import adjacent_tiles
from .scoring import score
from .state import GATHER, TURN, GlassState

SATCHEL_PIECE = 1.5
"""Points a piece in the satchel is worth until it is placed: the gathers it allows."""

PAIR_COST = 0.25
"""Placing two pieces spends one the satchel could use later (the greedy bot's figure)."""

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


def quick_move(game, state: GlassState, seat: int, rng):
    """The greedy bot's choices without its look ahead (so they are quick): the
    placement and gather that add most to the score now, a random draw when only
    drawing is left."""
    phase = state.phase
    if phase == GATHER:
        board, tiles = state.boards[seat], state.tiles
        return max(game.legal_actions(state, seat), key=lambda a: cached_gain(board, tiles[a.tile]))
    if phase != TURN:
        return choose_greedy(game, state, seat, rng)
    legal = game.legal_actions(state, seat)
    places = [a for a in legal if type(a) is Place]
    if not places:
        return rng.choice(legal)
    return max(places, key=lambda a: (place_gain(state, seat, a), rng.random()))


def place_gain(state: GlassState, seat: int, place: Place) -> float:
    """The best score gain of gathering next to where ``place`` puts its pieces;
    a pair costs a little (a piece the satchel could use later)."""
    board, tiles = state.boards[seat], state.tiles
    best = max(cached_gain(board, tiles[g]) for g in adjacent_tiles(state.river, place.tile))
    return best - PAIR_COST * (len(place.pieces) - 1)


def sensible_moves(state: GlassState, seat: int) -> list:
    """Every legal move but a draw that sends pieces to overflow while a placement
    gathers without loss: the waste a player sees at a glance ("Usually you only want
    to draw when you have 0 or 1 pieces left"). Judged at the end of the turn, such
    a draw looked as good as a gather (a full satchel's promise), and normal
    overflowed a piece every other game; where every placement loses, the draw
    stays (the rulebook: "sometimes it's worth taking overflow pieces")."""
    legal = legal_actions(state, seat)
    satchel = state.satchels[seat]
    if state.phase != TURN or len(satchel) + min(LAKE_DRAW, len(state.lake)) <= SATCHEL_LIMIT:
        return legal
    board, tiles = state.boards[seat], state.tiles
    places = [a for a in legal if type(a) is Place]
    if any(cached_gain(board, tiles[g]) >= 0 for a in places for g in adjacent_tiles(state.river, a.tile)):
        return places
    return legal


def prior(state: GlassState, seat: int, actions) -> list[float]:
    return [place_gain(state, seat, a) if type(a) is Place else 0.0 for a in actions]


NORMAL = SearchHints(
    determinize=determinize,
    evaluate=evaluate,
    playout=quick_move,
    playout_depth=0,
    prior=prior,
    moves=sensible_moves,
    others_in_tree=False,
    # Normal finds the best turn it can at a glance; hard thinks forty times as long.
    thinking=Thinking(normal=0.01, hard=0.4),
    scale=6.0,
)

HINTS = replace(NORMAL, hard=replace(NORMAL, playout_depth=None))
"""Hard (and the analysis, which searches as hard does) plays its playouts to the
end of the game, so a move's estimate is the seat's final score. Judging at the end
of the turn as normal does, hard won 55% of 49 games against normal (2 seats,
2026-12-07); played to the end, 58% of 54: no clear gain either (docs/benchmarks.md)."""
