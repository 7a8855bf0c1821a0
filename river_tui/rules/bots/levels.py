"""Difficulty levels: easy is the game's greedy bot, normal and hard search.

The two search levels differ only in how long they think per decision (the
game's `Thinking`, in CPU seconds of the thinking thread).
"""

from __future__ import annotations

import random

from ..core import Action, Bot, Game, State
from .hints import SearchHints, hints_for
from .search import Search

LEVELS = ("easy", "normal", "hard")
"""In the order the setup screen offers them."""


def search_bot(name: str, hints: SearchHints, seconds: float) -> Bot:
    """A bot that searches for ``seconds`` per decision."""

    def choose(game: Game, view: State, seat: int, rng: random.Random) -> Action:
        return Search(game, hints, seat, rng).choose(view, seconds)

    return Bot(name, choose)


def bot_catalogue(game: Game) -> dict[str, Bot]:
    """Every computer player of ``game`` by name: its own bots (``game.bots()``),
    "easy" (its greedy bot) and, where the search knows the game, "normal" and
    "hard"."""
    bots = dict(game.bots())
    if "greedy" in bots:
        bots["easy"] = Bot("easy", bots["greedy"].choose)
    hints = hints_for(game)
    if hints is not None:
        bots["normal"] = search_bot("normal", hints, hints.thinking.normal)
        bots["hard"] = search_bot("hard", hints, hints.thinking.hard)
    return bots
