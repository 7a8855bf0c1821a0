"""Search hints for Flow: Untamed Rivers."""

from __future__ import annotations

from ...flow.board import PLAYABLE
from ...flow.bots import GreedyEvaluator, promise
from ...flow.determinize import determinize
from ...flow.scoring import scores
from ...flow.state import FlowState
from ...flow.territories import open_lairs
from ..hints import SearchHints


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


HINTS = SearchHints(determinize=determinize, evaluate=evaluate, playout_depth=0, scale=4.0, prior=prior)
