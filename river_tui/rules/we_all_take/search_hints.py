"""Search hints for We All Take from the River.

A game runs to some two hundred moves, far too long to play out, so normal's
playout ends the turn at once (Done, or declining an offer) and the position is
judged by the game's own quick evaluation of each seat's objectives
(`we_all_take.evaluation.evaluate`, about 30 points an objective). Victory is
not a race ("Players must have both objectives complete at the end of the game
to win"), so a seat's reward is its own progress, not its lead.

Hard looks to the end of the season: what a turn does shows there, when the
river's pollution drifts, gold is bought and the city is proposed, voted and
built. Its tree and playouts run on to the season's end, every seat played by
the greedy bot past the tree, and in the last two seasons to the end of the
game.

Both weigh only the moves a good table-mate makes (`table_mate_moves`): no
offers but the one vetted swap at the exchange, and the policies, votes and
the city's construction site left to the greedy bot's judgement, whose worth
shows only after the others have voted or contributed (past normal's horizon:
before, normal left the city unproposed when no greedy seat did it for it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..bots.hints import SearchHints, Thinking
from .actions import DECLINE, DONE
from .bots import choose_greedy, table_mate_moves
from .determinize import determinize
from .evaluation import evaluate as evaluate_seat
from .legal import phase_moves
from .seasons import waits_for
from .trading import offer_to
from .state import WeState


class SeatValues(Sequence):
    """Each seat's evaluation of a position, worked out when the search first reads it
    (it reads only the seats that move on the iteration's path, mostly its own)."""

    __slots__ = ("state", "values")

    def __init__(self, state: WeState) -> None:
        self.state = state
        self.values: list[float | None] = [None] * state.seats

    def __len__(self) -> int:
        return self.state.seats

    def __getitem__(self, seat):
        if isinstance(seat, slice):
            return [self[s] for s in range(len(self))[seat]]
        value = self.values[seat]
        if value is None:
            value = self.values[seat] = evaluate_seat(self.state, seat)
        return value


def evaluate(state: WeState) -> SeatValues:
    return SeatValues(state)


def end_turn(game, state: WeState, seat: int, rng):
    """Done when the seat may stop, else the offer waiting for it answered no, else any
    legal move (the seat's step moves are listed first: cheaper than every offer)."""
    if waits_for(state, seat) and DONE in phase_moves(state, seat):
        return DONE
    if offer_to(state, seat) is not None:
        return DECLINE
    return rng.choice(game.legal_actions(state, seat))


def season_over(root: WeState, state: WeState) -> bool:
    """The end of the root's season; in the last two seasons, none (the end of the game)."""
    return state.season != root.season and root.season < root.last_season - 1


NORMAL = SearchHints(
    determinize=determinize,
    evaluate=evaluate,
    playout=end_turn,
    playout_depth=0,
    victory=60.0,
    # At 0.1 s normal met every objective in 63% of 100 games against the greedy bot.
    # 0.22 s searches as many iterations (about 630 a decision, 3 and 5 seats) as
    # 0.3 s did before the tree listed its moves without every offer, judged other
    # seats only where they move, and kept the season end's greedy judgements.
    thinking=Thinking(normal=0.22, hard=0.5),
    solitaire=True,
    moves=table_mate_moves,
)

HARD = replace(NORMAL, playout=choose_greedy, judge_at=season_over)
HINTS = replace(NORMAL, hard=HARD, analysis=replace(HARD, final_playouts=24))
"""At 0.5 s against normal's 0.3 s hard won 35.7% of 70 games, normal 7.1%.
(Hard with normal's hints, thinking 1.0 s against 0.3 s, won 14.6% of 24
games, normal 22.9%; playouts by the greedy bot to the end of the game, 8.3%
of 12 at 0.3 s each, normal 58.3%.) The analysis of a finished game searches as
hard does, then plays the best move and the move played to the end of the game
24 times each (the greedy bot in every seat), so that its estimates are what the
final score counts: objectives met (docs/analysis.md)."""
