"""Difficulty levels: easy is the game's greedy bot (or its own easy one: Flow's
plays the greedy weighing with a mood per decision), normal and hard search.

The two search levels differ in how long they think per decision (the game's
`Thinking`, in CPU seconds of the thinking thread) and, where a game says so
(`SearchHints.hard`), in how they search: Flow's hard level plays its playouts
to the end of the game, We All Take's to the end of the season.
"""

from __future__ import annotations

import os
import random

from ..core import Action, Bot, Game, State
from ..registry import get_game
from .final_points import finished
from .hints import SearchHints, hints_for
from .rollouts import Rollouts
from .search import Appraisal, Search
from .thinking_process import IN_A_WORKER, AppraiseRequest, WorkerDied, appraised_elsewhere, elsewhere

LEVELS = ("easy", "normal", "hard")
"""In the order the setup screen offers them."""


def searcher(game: Game, hints: SearchHints, seat: int, rng: random.Random) -> Search:
    """The search the game asks for: the tree, or policy rollouts."""
    return (Rollouts if hints.rollouts else Search)(game, hints, seat, rng)


def search_bot(name: str, hints: SearchHints, seconds: float) -> Bot:
    """A bot that searches for ``seconds`` per decision."""

    def choose(game: Game, view: State, seat: int, rng: random.Random) -> Action:
        return searcher(game, hints, seat, rng).choose(view, seconds)

    return Bot(name, choose)


def bot_catalogue(game: Game, separate_process: bool = False) -> dict[str, Bot]:
    """Every computer player of ``game`` by name: its own bots (``game.bots()``),
    "easy" (its own easy bot, else its greedy one) and, where the search knows the game, "normal" and
    "hard". With ``separate_process`` the search levels think in a worker process
    (for screens and servers, whose threads the search would starve)."""
    bots = dict(game.bots())
    if "greedy" in bots and "easy" not in bots:
        bots["easy"] = Bot("easy", bots["greedy"].choose)
    hints = hints_for(game)
    if hints is not None:
        for level in ("normal", "hard"):
            bot = search_bot(level, hints.for_level(level), getattr(hints.thinking, level))
            bots[level] = elsewhere(bot) if separate_process else bot
    return bots


def appraise(request: AppraiseRequest, separate_process: bool = False) -> list[Appraisal]:
    """`Search.appraise` of the request's view with the search of its ``level``
    ("normal" or "hard"), from its seed; with ``separate_process`` in a worker
    process (here if the worker dies)."""
    if separate_process and not os.environ.get(IN_A_WORKER):
        try:
            return appraised_elsewhere(request)
        except WorkerDied:
            pass
    game = get_game(request.game_id)
    hints = hints_for(game).for_level(request.level)
    rng = random.Random(request.seed)
    appraisals = searcher(game, hints, request.seat, rng).appraise(
        request.view, request.seconds, request.iterations, request.include)
    if hints.final_playouts and appraisals:  # the estimates in the final score (final_points.py)
        appraisals = finished(game, hints, request.view, request.seat, appraisals, request.include, rng)
    return appraisals
