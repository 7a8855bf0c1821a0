"""Search hints for We All Take from the River.

A game runs to some two hundred moves, far too long to play out, so a playout
ends the turn at once (Done, or declining an offer) and the position is judged
by the game's own quick evaluation of each seat's objectives
(`we_all_take.evaluation.evaluate`, about 30 points an objective). Victory is
not a race ("Players must have both objectives complete at the end of the game
to win"), so a seat's reward is its own progress, not its lead.
"""

from __future__ import annotations

from ...we_all_take.actions import DECLINE, DONE
from ...we_all_take.determinize import determinize
from ...we_all_take.evaluation import evaluate as evaluate_seat
from ...we_all_take.state import WeState
from ..hints import SearchHints, Thinking


def evaluate(state: WeState) -> list[float]:
    return [evaluate_seat(state, seat) for seat in range(state.seats)]


def end_turn(game, state: WeState, seat: int, rng):
    """Done when the seat may stop, else its first legal move (the offer answered no)."""
    legal = game.legal_actions(state, seat)
    for quick in (DONE, DECLINE):
        if quick in legal:
            return quick
    return rng.choice(legal)


HINTS = SearchHints(
    determinize=determinize,
    evaluate=evaluate,
    playout=end_turn,
    playout_depth=0,
    victory=60.0,
    # At 0.1 s normal met every objective in 63% of 100 games against the greedy bot.
    thinking=Thinking(normal=0.3, hard=1.0),
    solitaire=True,
)
