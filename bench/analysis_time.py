"""The analysis of a finished game: how long it takes, and whether its better
choices are better.

1. Time: a game played by the greedy bots (2 seats of Glassworks and Flow, 3 of
   Riverside and We All Take), saved, then analysed as `river-tui analyse`
   does (the game's budget per decision), in this process so that its CPU
   seconds are measured beside its wall seconds (`river-tui analyse` searches
   in a worker process: the same work). Goals: 2-seat Glassworks or Flow under
   2 minutes, 3-seat Riverside or We All Take under 10, of wall time on a quiet
   2-core machine; the CPU seconds show what a busy machine's wall time hides.
2. Honesty: for the costliest decisions the analysis marked, the seat's view then
   is filled in many times, and the better move and the move played are each
   finished by the greedy bots with the same dice (`analysis.honesty`): the
   share of those decisions where the better move's mean final score is higher,
   and the mean difference.

With ``--decisions K`` only the game's first K decisions are analysed and the
whole game's time is projected from theirs (every decision searches for the same
CPU budget), for a run that must stay within a few minutes.

Each game is one command, a whole game analysed and checked, e.g.
    python bench/analysis_time.py riverside
    python bench/analysis_time.py we-all-take

Usage: python bench/analysis_time.py [--playouts N] [--checked K] [--decisions K] [GAME ...]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import report  # noqa: E402

SEATS = {"glassworks": 2, "flow": 2, "riverside": 3, "we-all-take": 3}
GOAL_S = {"glassworks": 120, "flow": 120, "riverside": 600, "we-all-take": 600}


def played_game(game_id: str, seed: int):
    from river_tui.play.table import Seat, Table
    from river_tui.rules.registry import get_game
    from river_tui.saves import store

    game = get_game(game_id)
    table = Table.create(game_id, [Seat(f"Seat {n + 1}") for n in range(SEATS[game_id])], {}, seed, autosave=False)
    bot = game.bots()["greedy"]
    rng = random.Random(seed)
    while not table.finished:
        seat = min(table.to_act())
        table.apply(seat, bot.choose(game, table.view(seat), seat, rng))
    table.path = store.new_path(game_id, f"bench-{seed}")
    table.save()
    return table


def measure(game_id: str, seed: int, playouts: int, checked: int, decisions: int | None) -> dict:
    from river_tui.play import analysis
    from river_tui.play.analysis import honesty

    table = played_game(game_id, seed)
    done: list[int] = []
    started, started_cpu = time.perf_counter(), time.process_time()
    result = analysis.analyse(table, table.path, progress=lambda n, total: done.append(n),
                              stop=lambda: decisions is not None and done[-1] >= decisions)
    wall, cpu = time.perf_counter() - started, time.process_time() - started_cpu
    whole = len(result.wanted) / max(len(result.decisions), 1)  # 1 when the whole game was analysed
    print(f"{game_id}: {len(result.decisions)} of {len(result.wanted)} decisions in {wall:.1f} s wall, {cpu:.1f} s CPU",
          file=sys.stderr, flush=True)
    judging = analysis.judging_of(table.game)
    marked = sorted((d for d in result.decisions.values() if d.grade(judging) is not None), key=lambda d: -d.loss)
    checks = [honesty.check(table, d, playouts, seed=d.move) for d in marked[:checked]]
    print("\n".join(analysis.summary_lines(table, result)), file=sys.stderr)
    return report(
        f"{game_id} analysis of a {SEATS[game_id]}-seat game",
        moves=len(table.log),
        decisions=len(result.wanted),
        analysed=len(result.decisions),
        budget_s=judging.seconds,
        wall_s=round(wall, 1),
        cpu_s=round(cpu, 1),
        whole_game_wall_s=round(wall * whole, 1),
        whole_game_cpu_s=round(cpu * whole, 1),
        goal_s=GOAL_S[game_id],
        meets_goal=wall * whole < GOAL_S[game_id],
        marked=len(marked),
        checked=len(checks),
        playouts=playouts,
        better_share=round(sum(c.difference > 0 for c in checks) / len(checks), 2) if checks else None,
        mean_difference=round(statistics.fmean(c.difference for c in checks), 2) if checks else None,
        mean_promised=round(statistics.fmean(c.decision.loss for c in checks), 2) if checks else None,
        each=[(c.decision.move + 1, round(c.decision.loss, 1), round(c.difference, 2)) for c in checks],
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(SEATS))
    parser.add_argument("--playouts", type=int, default=40, help="finished games per move checked")
    parser.add_argument("--checked", type=int, default=8, help="costliest marked decisions checked per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=None, help="analyse only the first K decisions, and project")
    args = parser.parse_args()
    os.environ.setdefault("RIVER_TUI_HOME", tempfile.mkdtemp(prefix="river-bench-"))
    for game_id in args.games:
        measure(game_id, args.seed, args.playouts, args.checked, args.decisions)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
