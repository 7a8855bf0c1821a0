"""Shared measuring helpers for the benchmark scripts (never run by the tests).

Throughput is random play: at every step the acting seat's legal actions are
listed and one is picked uniformly and applied, the same loop for our engines and
for OpenSpiel's pure-Python tic-tac-toe (about 40,000 actions/s on the CI kind of
machine), measured in the same run so the ratio is fair.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from river_tui.rules.registry import get_game  # noqa: E402


def openspiel_ttt_actions_per_s(seconds: float = 2.0) -> float:
    """Random-play actions/s of OpenSpiel's pure-Python tic-tac-toe."""
    from open_spiel.python.games import tic_tac_toe

    game = tic_tac_toe.TicTacToeGame()
    rng = random.Random(1)
    actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions / (time.perf_counter() - started)


def engine_actions_per_s(game_id: str, seats: int, seconds: float = 2.0, variant: str | None = None) -> float:
    """Random-play actions/s of one of our engines through the Game contract
    (new games are started as needed; their setup time counts too)."""
    game = get_game(game_id)
    rng = random.Random(1)
    options = {"variant": variant or game.default_variant(seats)}
    actions = 0
    seed = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        seed += 1
        state = game.new(seats, options, seed)
        while True:
            acting = game.to_act(state)
            if not acting:
                break
            seat = min(acting)
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            actions += 1
    return actions / (time.perf_counter() - started)


def compare_with_openspiel(game_id: str, seats: int, goal: float, seconds: float = 2.0, **kw) -> dict:
    """Our engine's and OpenSpiel's actions/s in the same run, and their ratio."""
    baseline = openspiel_ttt_actions_per_s(seconds)
    ours = engine_actions_per_s(game_id, seats, seconds, **kw)
    return report(
        f"{game_id} random play",
        engine_actions_per_s=round(ours),
        openspiel_ttt_actions_per_s=round(baseline),
        ratio=round(ours / baseline, 2),
        goal=goal,
        meets_goal=ours / baseline >= goal,
    )


def median(values: list[float]) -> float:
    return statistics.median(values)


def report(name: str, **figures) -> dict:
    """Print one benchmark's figures as a JSON line and return them."""
    line = {"bench": name, **figures}
    print(json.dumps(line), flush=True)
    return line
