"""What one decision of We All Take's normal computer seat costs: CPU per search
iteration, the iterations its budget buys, and (with ``--profile``) where the time goes.

    nice .venv/bin/python bench/we_all_take_search_cost.py --players 3 --positions 60

The positions are those of greedy games (seeds 7 and 8) where the search has more
than one move to weigh, a fixed sample of them. Each is searched for exactly
``--iterations`` iterations (repeatable: the same moves are chosen run after run, so
two versions of the code can be compared on the same work; the report prints a
fingerprint of the moves chosen), then for normal's budget of CPU time, whose median
iteration count is the strength a player meets (the budget is set so that count does
not fall when an iteration gets cheaper). Run it niced on a busy machine: CPU time,
not the wall clock, is measured.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import report  # noqa: E402

from river_tui.rules.bots.hints import hints_for  # noqa: E402
from river_tui.rules.bots.search import Search  # noqa: E402
from river_tui.rules.registry import get_game  # noqa: E402
from river_tui.rules.we_all_take.bots import table_mate_moves  # noqa: E402


def positions(game, players: int, count: int) -> list:
    """(view, seat) where the search weighs more than one move, from greedy games."""
    greedy = game.bots()["greedy"]
    found = []
    for seed in (7, 8):
        state = game.new(players, {"variant": game.default_variant(players)}, seed)
        rng = random.Random(seed)
        while game.to_act(state):
            seat = min(game.to_act(state))
            view = game.view(state, seat)
            if len(table_mate_moves(view, seat)) > 1:
                found.append((view, seat))
            state = game.apply(state, seat, greedy.choose(game, view, seat, rng))
    random.Random(0).shuffle(found)
    return found[:count]


def fixed_iterations(game, hints, sample: list, iterations: int) -> tuple[float, str]:
    """CPU seconds for ``iterations`` on every position, and a fingerprint of the moves."""
    chosen = []
    started = time.thread_time()
    for number, (view, seat) in enumerate(sample):
        chosen.append(repr(Search(game, hints, seat, random.Random(number)).choose(view, 99.0, iterations=iterations)))
    return time.thread_time() - started, hashlib.sha256("\n".join(chosen).encode()).hexdigest()[:12]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--profile", action="store_true", help="print the 25 costliest functions of the fixed run")
    args = parser.parse_args()
    game = get_game("we-all-take")
    hints = hints_for(game)
    sample = positions(game, args.players, args.positions)
    profiler = cProfile.Profile() if args.profile else None
    if profiler:
        profiler.enable()
    cpu, fingerprint = fixed_iterations(game, hints, sample, args.iterations)
    if profiler:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    budget = hints.thinking.normal
    counts = []
    for number, (view, seat) in enumerate(sample):
        search = Search(game, hints, seat, random.Random(number))
        search.choose(view, budget)
        counts.append(search.iterations)
    report(
        f"we-all-take normal search cost, {args.players} seats",
        positions=len(sample),
        ms_per_iteration=round(1000 * cpu / (len(sample) * args.iterations), 3),
        moves_chosen=fingerprint,
        budget_s=budget,
        median_iterations_in_budget=statistics.median(counts),
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
