"""A hint: what the normal search would do for a seat, its best three choices, each
with the search's estimate in the game's own terms and a line of why.

The hint thinks exactly as a normal computer seat does (`levels.searcher`, the
normal level's hints and time) from the seat's view alone, so it knows no more
than the seat; with the same view, RNG and iterations its first choice is the
normal bot's move. The estimate is the seat's expected points, or, in a
game whose guide judges by victories (`Guide.judged_by`), its chance to win; the
why comes from the game's guide (`Guide.why`: what the move's words do not say, if
anything). Screens ask through `advise_elsewhere`, which thinks in a worker process
as the computer seats do.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

from ..core import Action, Game, State
from ..guides import WINS, Guide, guide_for
from .hints import hints_for
from .levels import searcher
from .thinking_process import IN_A_WORKER, WorkerDied, ask_a_worker

HINT = "hint"
"""A worker request's level that asks for `advise` instead of a move."""

TOP = 3
"""How many choices a hint shows."""


@dataclass(frozen=True)
class Advice:
    """One choice of a hint, best first: the move, the search's estimate of it in
    the game's words ("worth about 42 VP": the seat's mean points where the
    search's lines through it ended, at the end of the game or at its horizon;
    "a 64% chance to win, as the search judged it") and why, in the game's words."""

    action: Action
    estimate: str
    why: str


def estimate_words(guide: Guide | None, points: float, win_share: float) -> str:
    if guide is not None and guide.judged_by == WINS:
        return f"a {win_share:.0%} chance to win, as the search judged it"
    unit = guide.points_name if guide is not None else "points"
    return f"worth about {points:.0f} {unit}"


def advise(game: Game, view: State, seat: int, rng: random.Random, iterations: int | None = None) -> list[Advice]:
    """The normal search's best `TOP` choices for ``seat`` from its ``view``, best
    first (``iterations``: exactly that many, repeatable; else the normal level's time)."""
    guide = guide_for(game)

    def why(action: Action) -> str:
        return guide.why(view, seat, action) if guide is not None and guide.why is not None else ""

    legal = game.legal_actions(view, seat)
    if len(legal) == 1:
        return [Advice(legal[0], "the only move", why(legal[0]))]
    hints = hints_for(game).for_level("normal")
    weighed = hints.moves(view, seat) if hints.moves is not None else legal
    if len(weighed) == 1:  # the search weighs one move here (We All Take's colour)
        return [Advice(weighed[0], "the one move the computer weighs here", why(weighed[0]))]
    appraisals = searcher(game, hints, seat, rng).appraise(view, hints.thinking.normal, iterations)
    return [Advice(a.action, estimate_words(guide, a.points, a.win_share), why(a.action)) for a in appraisals[:TOP]]


def advise_elsewhere(game: Game, view: State, seat: int, seed: int) -> list[Advice]:
    """`advise`, thought in a worker process (here, if the worker dies)."""
    if not os.environ.get(IN_A_WORKER):
        try:
            return ask_a_worker(game.id, HINT, view, seat, seed)
        except WorkerDied:
            pass
    return advise(game, view, seat, random.Random(seed))
