"""Search hints for Flow: Untamed Rivers.

The tree holds the searching seat's choices, widening from the moves the greedy
bot likes best (hundreds are legal); the others, and playouts finishing a turn,
play the greedy bot's moves. Normal judges positions at the end of a turn by
the points scored so far plus the promise of every Lair whose river is still
open (the greedy bot's own measure); hard plays on to the end of the game.
"""

from __future__ import annotations

from dataclasses import replace

from ..bots.hints import SearchHints, Thinking
from .board import PLAYABLE
from .bots import GreedyEvaluator, choose_greedily, promise
from .determinize import determinize
from .scoring import scores
from .state import FlowState
from .territories import open_lairs


def evaluate(state: FlowState) -> list[float]:
    """Points scored so far, plus the promise of each Lair whose river is still open."""
    points = [float(p) for p in scores(state)]
    for owner, _square, length, _where in open_lairs(state.tiles, state.lair_owner, PLAYABLE[state.locked_open]):
        points[owner] += promise(length)
    return points


def prior(state: FlowState, seat: int, actions) -> list[float]:
    """The greedy seat's worth of each move: points it closes, promise it adds or takes."""
    evaluator = GreedyEvaluator(state, seat)
    return [evaluator.value(action) for action in actions]


NORMAL = SearchHints(
    determinize=determinize,
    evaluate=evaluate,
    playout=choose_greedily,
    playout_depth=0,
    prior=prior,
    others_in_tree=False,
    thinking=Thinking(normal=0.15, hard=0.45),
    scale=4.0,
)

HINTS = replace(NORMAL, hard=replace(NORMAL, playout_depth=None))
"""Hard plays every playout to the end of the game (the greedy bot's moves are
quick) and judges it by who won: games are won by a point or two and the
tie-break, which the evaluation at the end of a turn judges poorly. (Hard
thinking longer over the same turn-deep tree won 55% of 200 games against normal.)"""
