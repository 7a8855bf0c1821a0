"""Whether the analysis's better choices are better: the check behind its figures.

For a decision the analysis marked, the seat's view at that time is filled in
by the game's determinizer many times; from each filled-in position the better
move and the move played are both applied and the game finished by the same
bots (every seat played by the game's greedy bot, each seeing only its own
view), with the same dice for both (common random numbers). The seat's mean
final score after each is what the analysis promised to compare.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass

from ...rules.bots.hints import hints_for
from ...rules.core import Action, Game, State
from ..replay import History
from .decision import Decision


@dataclass(frozen=True)
class Check:
    """The seat's mean final score over the playouts after each move."""

    decision: Decision
    better: float
    played: float

    @property
    def difference(self) -> float:
        return self.better - self.played


def finish(game: Game, state: State, rng: random.Random) -> State:
    """The game played to its end by the greedy bot in every seat."""
    bot = game.bots()["greedy"]
    while acting := game.to_act(state):
        seat = min(acting)
        state = game.apply(state, seat, bot.choose(game, game.view(state, seat), seat, rng))
    return state


def check(table: History, decision: Decision, playouts: int, seed: int = 0) -> Check:
    """Both moves of ``decision`` finished ``playouts`` times from its seat's view."""
    game = table.game
    seat, played = table.log[decision.move]
    view = game.view(table.state_at(decision.move), seat)
    determinize = hints_for(game).determinize
    rng = random.Random(seed)
    scores: dict[Action, list[float]] = {decision.best: [], played: []}
    for _ in range(playouts):
        state = determinize(view, seat, rng)
        dice = rng.getrandbits(64)
        for action, kept in scores.items():
            final = finish(game, game.apply(state, seat, action), random.Random(dice))
            kept.append(game.result(final).scores[seat])
    return Check(decision, statistics.fmean(scores[decision.best]), statistics.fmean(scores[played]))
