"""Shared measuring helpers for the benchmark scripts (never run by the tests).

Throughput is random play: at every step the acting seat's legal actions are
listed (from its view, as a computer seat sees the game) and one is picked
uniformly and applied, the same loop for our engines and for OpenSpiel's
pure-Python tic-tac-toe (about 40,000 actions/s on the CI kind of machine),
measured in turns in the same run so the ratio is fair. What an engine's action
costs, counted rather than timed, is tests/rules/test_work_per_action.py.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
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


def engine_actions_per_s(game_id: str, seats: int, seconds: float = 2.0, variant: str | None = None,
                         view: bool = True) -> float:
    """Random-play actions/s of one of our engines through the Game contract
    (new games are started as needed; their setup time counts too). With ``view``
    (the default) each move is chosen the way a computer seat chooses: from the
    legal actions of the acting seat's view, then applied to the true state."""
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
            seen = game.view(state, seat) if view else state
            state = game.apply(state, seat, rng.choice(game.legal_actions(seen, seat)))
            actions += 1
    return actions / (time.perf_counter() - started)


def compare_with_openspiel(game_id: str, seats: int, goal: float, seconds: float = 2.0, rounds: int = 6, **kw) -> dict:
    """Our engine's and OpenSpiel's actions/s in the same run, and their ratio:
    with each seat's view on the path (the goal's figure), and without it (the
    figure benchmarks.md gave before 2026-12-07's evening). The three take turns in
    ``rounds`` short slices of ``seconds`` in all, so a change in the machine's load
    reaches all three alike (measured one after the other, a load that came or went
    in between moved the ratio by a third); the ratio is the median of the rounds'
    ratios, with the lowest and highest beside it."""
    slice_s = seconds / rounds
    measured = [
        (openspiel_ttt_actions_per_s(slice_s), engine_actions_per_s(game_id, seats, slice_s, **kw),
         engine_actions_per_s(game_id, seats, slice_s, view=False, **kw))
        for _ in range(rounds)
    ]  # fmt: skip
    ratios = sorted(ours / baseline for baseline, ours, _ in measured)
    bare_ratios = sorted(bare / baseline for baseline, _, bare in measured)
    ratio = median(ratios)
    return report(
        f"{game_id} random play, {seats} seats",
        engine_actions_per_s=round(median([ours for _, ours, _ in measured])),
        without_view=round(median([bare for _, _, bare in measured])),
        openspiel_ttt_actions_per_s=round(median([baseline for baseline, _, _ in measured])),
        ratio=round(ratio, 2),
        ratio_range=[round(ratios[0], 2), round(ratios[-1], 2)],
        ratio_without_view=round(median(bare_ratios), 2),
        goal=goal,
        meets_goal=ratio >= goal,
    )


def median(values: list[float]) -> float:
    return statistics.median(values)


def report(name: str, **figures) -> dict:
    """Print one benchmark's figures as a JSON line and return them."""
    line = {"bench": name, **figures}
    print(json.dumps(line), flush=True)
    return line


# --- benchmarks of whole games, one per seed (against_openspiel, levels_ladder) -----------
def add_match_options(parser: argparse.ArgumentParser, per: str) -> None:
    """``--matches`` (games per game and ``per``), ``--seed``, ``--out``, ``--summarize``."""
    parser.add_argument("--matches", type=int, default=100, help=f"games per game and {per} (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--out", type=Path, help="append each game's JSON line to this file")
    parser.add_argument("--summarize", type=Path, nargs="+", help="pool the games of these files")


def pooled(paths: list[Path]) -> list[dict]:
    """The games' JSON lines of these files, together."""
    return [json.loads(line) for path in paths for line in path.read_text().splitlines() if line]


def play_matches(args: argparse.Namespace, cases: Iterable[tuple], play: Callable[..., dict]) -> list[dict]:
    """``play(*case, seed)`` for each case and each seed of ``args``; each game's
    line appended to ``args.out`` as it ends (a run stopped keeps what it played)."""
    played = []
    for case in cases:
        for seed in range(args.seed, args.seed + args.matches):
            line = play(*case, seed)
            played.append(line)
            if args.out:
                with args.out.open("a") as out:
                    out.write(json.dumps(line) + "\n")
    return played
