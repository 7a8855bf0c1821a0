"""A move's estimate in the game's final score, where the search judges earlier.

We All Take's search judges its positions at the season's end, by points the
game's evaluation gives a seat's progress; the final score counts only the
objectives met at the end of the game. Where a game's hints ask for it
(`SearchHints.final_playouts`: the analysis of a finished game), the search's
best move and the moves asked about are each played on to the end of the game
by the playout policy that many times, from the same determinizations of the
seat's view (so the same hidden cards and dice follow every move), and their
estimates become the seat's mean final score and share of the victory there.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core import Action, Game, IllegalAction, State
from .hints import SearchHints
from .search import Appraisal


def to_the_end(game: Game, hints: SearchHints, state: State, rng: random.Random) -> State:
    """``state`` played on to the end by the playout policy in every seat."""
    while acting := game.to_act(state):
        mover = min(acting)
        if hints.playout is None:
            action = rng.choice(game.legal_actions(state, mover))
        else:
            action = hints.playout(game, state, mover, rng)
        state = game.apply(state, mover, action)
    return state


def finished(game: Game, hints: SearchHints, view: State, seat: int, appraisals: Sequence[Appraisal],
             include: Sequence[Action], rng: random.Random) -> list[Appraisal]:
    """The best of ``appraisals`` (the first) and those of ``include``, their
    points and win shares now the seat's means at the end of the game over
    ``hints.final_playouts`` playouts (those of them where all are legal); the
    other moves are not listed."""
    listed = {a.action: a for a in appraisals}
    best = appraisals[0].action
    wanted = [best] + [a for a in dict.fromkeys(include) if a in listed and a != best]
    totals = {action: [0.0, 0.0] for action in wanted}
    playouts = 0
    for _ in range(hints.final_playouts):
        state = hints.determinize(view, seat, rng)
        policy_seed = rng.getrandbits(64)
        try:
            after = [game.apply(state, seat, action) for action in wanted]
        except IllegalAction:
            continue  # a filling-in where one of them is not allowed: it tells nothing of their difference
        playouts += 1
        for action, start in zip(wanted, after):
            result = game.result(to_the_end(game, hints, start, random.Random(policy_seed)))
            totals[action][0] += result.scores[seat]
            totals[action][1] += 1.0 / len(result.winners) if seat in result.winners else 0.0
    if not playouts:
        return list(appraisals)
    return [Appraisal(a, points / playouts, wins / playouts, listed[a].visits) for a, (points, wins) in totals.items()]
