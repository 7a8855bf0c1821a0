"""Stepping through a replay stays instant at the end of a long game.

Plays a few computer-only games of We All Take from the River (most seats), keeps
the longest, opens its replay headless (the game's own screen, read-only, with
its move list) and times one step (a key press until the screen has settled)
back and forth at the first action and at the last. Goal: a step at the last
action takes at most 2x a step at the first (no replay from the start per key).
Also reports the replay model's own cost per step (position + view), no UI.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time

from common import median, report

GOAL = 2.0


def longest_game(game_id: str, seats: int | None, games: int):
    from river_tui.rules.registry import get_game
    from river_tui.play.table import Seat, Table

    game = get_game(game_id)
    count = seats or game.max_seats
    bots = game.bots()
    bot = bots.get("greedy", bots["random"])
    longest = None
    for seed in range(1, games + 1):
        table = Table.create(game_id, [Seat(f"Computer {i + 1}", bot.name) for i in range(count)], {}, seed, autosave=False)
        rng = random.Random(seed)
        while not table.finished:
            seat = min(table.to_act())
            table.apply(seat, bot.choose(game, table.view(seat), seat, rng))
        if longest is None or len(table.log) > len(longest.log):
            longest = table
    return longest


async def ui_step_seconds(table, at: int, steps: int) -> tuple[float, float]:
    """Median seconds of one step, wall clock and CPU, stepping between ``at`` and
    its neighbour (CPU time does not count the waits of a busy machine)."""
    from river_tui.app.river_app import RiverApp
    from river_tui.screens.replay import open_replay

    app = RiverApp()
    wall, cpu = [], []
    async with app.run_test(size=(120, 40)) as pilot:
        open_replay(app, table, at)
        await pilot.pause()
        keys = ("down", "up") if at == 0 else ("up", "down")
        for index in range(steps):
            started, started_cpu = time.perf_counter(), time.process_time()
            await pilot.press(keys[index % 2])
            await pilot.pause()
            wall.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
    return median(wall), median(cpu)


def model_step_seconds(table, at: int, steps: int) -> float:
    from river_tui.play.replay import Replay

    replay = Replay(table, at)
    other = at + 1 if at == 0 else at - 1
    started = time.perf_counter()
    for index in range(steps):
        replay.go(other if index % 2 == 0 else at)
        replay.view(replay.viewer)
    return (time.perf_counter() - started) / steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="we-all-take")
    parser.add_argument("--seats", type=int, help="default: the game's most")
    parser.add_argument("--games", type=int, default=10, help="games played to find the longest")
    parser.add_argument("--steps", type=int, default=40, help="steps timed at each end")
    args = parser.parse_args()
    os.environ["RIVER_TUI_HOME"] = tempfile.mkdtemp(prefix="river-bench-")  # nothing of the user's is touched
    from river_tui.rules.registry import available
    from river_tui.screens.registry import has_screen

    if args.game not in {entry.id for entry in available()} or not has_screen(args.game):
        print(f"{args.game} has no rules or no screen installed yet; nothing to measure.", file=sys.stderr)
        return 1
    table = longest_game(args.game, args.seats, args.games)
    last = len(table.log)
    first_ui, first_cpu = asyncio.run(ui_step_seconds(table, 0, args.steps))
    last_ui, last_cpu = asyncio.run(ui_step_seconds(table, last, args.steps))
    first_model = model_step_seconds(table, 0, 2000)
    last_model = model_step_seconds(table, last, 2000)
    ratio = last_ui / first_ui
    report(
        f"{args.game} replay steps",
        seats=len(table.seats),
        actions=last,
        first_step_ms=round(first_ui * 1000, 1),
        last_step_ms=round(last_ui * 1000, 1),
        ratio=round(ratio, 2),
        first_step_cpu_ms=round(first_cpu * 1000, 1),
        last_step_cpu_ms=round(last_cpu * 1000, 1),
        cpu_ratio=round(last_cpu / first_cpu, 2),
        model_first_step_us=round(first_model * 1e6, 1),
        model_last_step_us=round(last_model * 1e6, 1),
        goal=GOAL,
        meets_goal=ratio <= GOAL,
    )
    return 0 if ratio <= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
