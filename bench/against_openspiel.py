"""Our computer players against an outside one: OpenSpiel's information-set MCTS
(`open_spiel.python.algorithms.ismcts`, random rollouts) on our games through
the adapter (river_tui/openspiel), each side given the same CPU time per decision:
our level's budget (`SearchHints.thinking`). Two seats, ours rotating between
them game by game, one game per seed from ``--seed`` on.

Goal (issue 46): our hard player wins clearly more than its share, the 95%
interval of its share above 1/2, in every game. A game's share is 1 for a win,
1/k for a victory shared by k, 0 for a loss (in We All Take both seats may lose).

Each game is one JSON line (``--out FILE`` appends them), so a long count can be
played in chunks (``--seed 1 --matches 10``, then ``--seed 11`` ...) and pooled:
``--summarize FILE...`` prints each game's and level's share with its interval.

    nice .venv/bin/python bench/against_openspiel.py --game flow --level hard --matches 100
    nice .venv/bin/python bench/against_openspiel.py --summarize runs.jsonl
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np
import pyspiel
from common import add_match_options, play_matches, pooled, report
from open_spiel.python.algorithms import ismcts, mcts

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from river_tui.openspiel import GAME_NAMES, register  # noqa: E402
from river_tui.play.simulate import wilson_interval  # noqa: E402
from river_tui.rules.bots.hints import hints_for  # noqa: E402
from river_tui.rules.bots.levels import bot_catalogue  # noqa: E402
from river_tui.rules.bots.search import WALL_CLOCK_LIMIT  # noqa: E402
from river_tui.rules.registry import get_game  # noqa: E402

SEATS = 2
UCT_C = 2.0
"""OpenSpiel's own examples' exploration constant for IS-MCTS (returns in [0, 1] here)."""


class TimedISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's IS-MCTS, thinking for a CPU-time budget instead of a number of
    simulations (as our search does: the thread's CPU time, at most
    `WALL_CLOCK_LIMIT` times the budget of wall-clock time)."""

    def __init__(self, game: pyspiel.Game, seconds: float, seed: int) -> None:
        rng = np.random.RandomState(seed)
        super().__init__(game, mcts.RandomRolloutEvaluator(1, rng), UCT_C, max_simulations=1, random_state=rng)
        self.seconds = seconds
        self.simulations: list[int] = []

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        """The library's `run_search`, its loop bounded by the clock."""
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        started, wall = time.thread_time(), time.perf_counter() + WALL_CLOCK_LIMIT * self.seconds
        done = 0
        while not done or (time.thread_time() - started < self.seconds and time.perf_counter() < wall):
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.simulations.append(done)
        return self.get_final_policy(state, self._root_node)


def play(game_id: str, level: str, seed: int) -> dict:
    """One game of ours (``level``) against IS-MCTS, dealt from ``seed``; our seat
    is ``seed % 2``."""
    rules = get_game(game_id)
    seconds = getattr(hints_for(rules).thinking, level)
    ours = bot_catalogue(rules)[level]
    our_seat = seed % SEATS
    game = pyspiel.load_game(GAME_NAMES[game_id], {"players": SEATS, "rng_seed": seed})
    theirs = TimedISMCTS(game, seconds, seed)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        seat = state.current_player()
        if seat == our_seat:
            truth = state.rules_state
            action = ours.choose(rules, rules.view(truth, seat), seat, rng)
            state.apply_action(list(rules.legal_actions(truth, seat)).index(action))
        else:
            state.apply_action(theirs.step(state))
    returns = state.returns()
    return {
        "game": game_id,
        "level": level,
        "seed": seed,
        "our_seat": our_seat,
        "ours": returns[our_seat],
        "theirs": returns[1 - our_seat],
        "seconds_per_decision": seconds,
        "ismcts_simulations_median": float(np.median(theirs.simulations)) if theirs.simulations else 0.0,
    }


def summarize(lines: list[dict]) -> None:
    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for line in lines:
        groups[line["game"], line["level"]].append(line)
    for (game_id, level), games in sorted(groups.items()):
        ours = sum(g["ours"] for g in games)
        low, high = wilson_interval(ours, len(games))
        report(
            f"{game_id} {level} against OpenSpiel IS-MCTS",
            games=len(games),
            our_share=round(ours / len(games), 3),
            interval_95=[round(low, 3), round(high, 3)],
            ismcts_share=round(sum(g["theirs"] for g in games) / len(games), 3),
            both_lost=sum(1 for g in games if g["ours"] == g["theirs"] == 0),
            seconds_per_decision=games[0]["seconds_per_decision"],
            ismcts_simulations_median=float(np.median([g["ismcts_simulations_median"] for g in games])),
            goal="interval above 1/2",
            meets_goal=low > 1 / SEATS,
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAME_NAMES), help="a game (again for more; default all)")
    parser.add_argument("--level", action="append", choices=("normal", "hard"), help="our level (default both)")
    add_match_options(parser, "level")
    args = parser.parse_args()
    if args.summarize:
        summarize(pooled(args.summarize))
        return 0
    register()
    cases = [(game_id, level) for game_id in args.game or sorted(GAME_NAMES) for level in args.level or ["normal", "hard"]]
    summarize(play_matches(args, cases, play))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
