"""How the computer opponents think: screen responsiveness and time per move.

1. Frame gaps: a Pilot-driven session of each game against the "hard" bot, with
   the screen asked to redraw 60 times a second and a key pressed every 50 ms.
   While the bot thinks, every frame the compositor renders is timestamped; the
   largest gap between two frames is reported (goal: no gap over 100 ms). Three
   runs per game: two people (the machine's floor), the search in the screen's
   worker thread (it holds the interpreter lock), and the search in its worker
   process (what the app does). The process's cycle collector is tuned as
   `river-tui` tunes it before its app starts.
2. Thinking time: the "normal" and "hard" bots play games against the greedy
   bot; the median wall-clock and CPU time of their decisions (those with more
   than one legal move that the level searches) is compared with the level's
   budget (goal: median within budget); the largest overrun of one decision
   (CPU time beyond the budget) is reported too.

Usage: python bench/bot_think.py [--seconds S] [--games N] [GAME ...]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import report  # noqa: E402

from river_tui.gc_tuning import tune_gc  # noqa: E402
from river_tui.rules.bots import bot_catalogue  # noqa: E402
from river_tui.rules.bots.hints import hints_for  # noqa: E402
from river_tui.rules.registry import get_game  # noqa: E402

GAMES = ("glassworks", "flow", "riverside", "we-all-take")
FRAME_GOAL_MS = 100.0


async def frame_gaps(game_id: str, seconds: float, opponent: str = "process") -> dict:
    """Largest gap between rendered frames while the hard bot thinks.

    ``opponent``: "process" (as the app plays: the search in a worker process),
    "thread" (the search in the screen's own worker thread, for comparison) or
    "none" (two people: the machine's own floor, every frame counted).
    """
    from textual.screen import Screen

    from river_tui.play import table as table_module
    from river_tui.app.river_app import RiverApp
    from river_tui.screens.game_base import GameScreen
    from river_tui.play.table import Seat, Table

    first = Seat("You", "human") if opponent == "none" else Seat("Computer", "hard")
    table = Table.create(game_id, [first, Seat("You")], {}, seed=11, autosave=False)
    app = RiverApp(table, bot_delay=0)
    frames: list[tuple[float, bool]] = []
    original_refresh = Screen._compositor_refresh
    original_catalogue = table_module.bot_catalogue

    def stamped(screen: Screen) -> None:
        original_refresh(screen)
        if isinstance(screen, GameScreen):
            frames.append((time.perf_counter(), screen._bot_busy or opponent == "none"))

    Screen._compositor_refresh = stamped
    if opponent == "thread":
        table_module.bot_catalogue = lambda game, separate_process=False: original_catalogue(game)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            app.set_interval(1 / 60, screen.refresh)
            keys = ["right", "down", "left", "up"]
            started = time.perf_counter()
            presses = 0
            while time.perf_counter() - started < seconds and not table.finished:
                await pilot.press(keys[presses % len(keys)])
                presses += 1
                await pilot.pause(0.05)
                legal = screen.legal_actions() if app.screen is screen and screen.viewer == 1 else []
                if legal:
                    screen.play(random.Random(presses).choice(legal))
    finally:
        Screen._compositor_refresh = original_refresh
        table_module.bot_catalogue = original_catalogue
    gaps = [(b - a) * 1000 for (a, busy_a), (b, busy_b) in zip(frames, frames[1:]) if busy_a or busy_b]
    what = "with no computer seat" if opponent == "none" else f"while the hard bot thinks ({opponent})"
    return report(
        f"{game_id} frame gaps {what}",
        frames=len(gaps),
        bot_moves=sum(1 for seat, _ in table.log if seat == 0) if opponent != "none" else 0,
        max_gap_ms=round(max(gaps), 1) if gaps else None,
        p99_gap_ms=round(sorted(gaps)[int(0.99 * (len(gaps) - 1))], 1) if gaps else None,
        median_gap_ms=round(statistics.median(gaps), 1) if gaps else None,
        goal_ms=FRAME_GOAL_MS,
        meets_goal=bool(gaps) and max(gaps) <= FRAME_GOAL_MS,
    )


def searches(hints, view, seat: int) -> bool:
    """Whether the level searches this decision (Riverside's rollouts leave most
    decisions to the greedy policy at once; those are not counted)."""
    return not hints.rollouts or hints.rollout_at is None or hints.rollout_at(view, seat)


def thinking_times(game_id: str, level: str, games: int) -> dict:
    """Median time per decision of ``level`` playing the greedy bot."""
    game = get_game(game_id)
    bots = bot_catalogue(game)
    hints = hints_for(game)
    budget = getattr(hints.thinking, level)
    wall: list[float] = []
    cpu: list[float] = []
    for number in range(games):
        seats = [bots[level], bots["greedy"]] if number % 2 == 0 else [bots["greedy"], bots[level]]
        searcher = number % 2
        state = game.new(2, {}, 100 + number)
        rng = random.Random(number)
        while game.to_act(state):
            seat = min(game.to_act(state))
            view = game.view(state, seat)
            timed = seat == searcher and len(game.legal_actions(view, seat)) > 1 and searches(hints, view, seat)
            wall_start, cpu_start = time.perf_counter(), time.thread_time()
            action = seats[seat].choose(game, view, seat, rng)
            if timed:
                wall.append(time.perf_counter() - wall_start)
                cpu.append(time.thread_time() - cpu_start)
            state = game.apply(state, seat, action)
    return report(
        f"{game_id} {level} thinking time per move",
        decisions=len(wall),
        budget_s=budget,
        median_cpu_s=round(statistics.median(cpu), 3),
        max_cpu_over_budget_s=round(max(cpu) - budget, 3),  # one iteration or playout at most
        median_wall_s=round(statistics.median(wall), 3),
        max_wall_s=round(max(wall), 3),
        meets_goal=statistics.median(cpu) <= budget * 1.05,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--seconds", type=float, default=8.0, help="length of each Pilot session")
    parser.add_argument("--matches", type=int, default=1, help="games per level for thinking times")
    args = parser.parse_args()
    tune_gc()  # as river-tui does before its app starts
    for game_id in args.games:
        for opponent in ("none", "thread", "process"):
            asyncio.run(frame_gaps(game_id, args.seconds, opponent))
    for game_id in args.games:
        for level in ("normal", "hard"):
            thinking_times(game_id, level, args.matches)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
