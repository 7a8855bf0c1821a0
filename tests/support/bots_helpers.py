"""Positions for the bot tests: real games played some moves into by their greedy
bots, and the toy game with a determinizer of its own."""

from __future__ import annotations

import dataclasses
import random

from river_tui.rules.bots.hints import SearchHints
from river_tui.rules.registry import get_game
from river_tui.rules.rng import Rng

from support.toygame import GAME as TOY

GAMES = ("glassworks", "flow", "riverside", "we-all-take")


def positions(game_id: str, seats: int, every: int, seed: int = 7):
    """(state, seat to act) every ``every`` moves of a greedy game, to its end."""
    game = get_game(game_id)
    greedy = game.bots()["greedy"]
    rng = random.Random(seed)
    state = game.new(seats, {}, seed)
    moves = 0
    while game.to_act(state):
        seat = min(game.to_act(state))
        if moves % every == 0:
            yield state, seat
        state = game.apply(state, seat, greedy.choose(game, game.view(state, seat), seat, rng))
        moves += 1


def position_at(game_id: str, seats: int, moves: int, seed: int = 7):
    """The state after ``moves`` greedy moves, and the seat to act there."""
    for state, seat in positions(game_id, seats, moves, seed):
        if moves == 0:
            return state, seat
        moves = 0
    raise AssertionError(f"the game ended before move {moves}")


def toy_determinize(view, seat, rng: random.Random):
    """The toy game hides the other seats' secret cards (1 to 5) and its RNG."""
    secrets = tuple(s if s is not None else rng.randint(1, 5) for s in view.secrets)
    return dataclasses.replace(view, secrets=secrets, rng=Rng(rng.getrandbits(64)))


TOY_HINTS = SearchHints(determinize=toy_determinize, scale=3.0)
TOY_GAME = TOY
