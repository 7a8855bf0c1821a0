"""Search hints for Riverside.

Seats share the dice but each fills its own sheet ("Multiple players can utilize
the same dice"); they meet only in the captain's points and the final
comparison. What a choice of dice is worth shows rounds later, when its tickets
are spent in villages, and a tree over a round's choices, judged by the greedy
bot's own valuation of a sheet, played no better than the greedy bot (won 47.5%
of 40 two-seat games). So the search rolls out instead: each choice of dice,
and each plan of excursions, is played to the end of the game by the greedy bot
(every seat) on the same sampled dice, and the choice whose playouts score best
is made; the other decisions (which row to cross, which bonus first, what to
score in a village) are the greedy bot's.
"""

from __future__ import annotations

from ..bots.hints import SearchHints, Thinking
from .bots import choose_greedy
from .determinize import RULES, determinize
from .state import CHOOSE_DICE, PLAN_EXCURSION, RiversideState


def final_scores(state: RiversideState) -> list[float]:
    return list(RULES.result(state).scores)


def worth_rolling_out(view: RiversideState, seat: int) -> bool:
    """The choice of dice (with the powers offered then) and the excursion plan."""
    return view.drafts[seat].turn.stage in (CHOOSE_DICE, PLAN_EXCURSION)


HINTS = SearchHints(
    determinize=determinize,
    evaluate=final_scores,
    playout=choose_greedy,
    rollouts=True,
    rollout_at=worth_rolling_out,
    solitaire=True,
    victory=20.0,
    thinking=Thinking(normal=0.3, hard=1.0),
)
