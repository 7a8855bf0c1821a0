"""Save and load-by-replay of a long game of every installed game.

A whole computer-only game is played, written to a save file, then loaded back by
replaying its every action through the rules (which is what resume does).
"""

from __future__ import annotations

import os
import random
import tempfile
import time

from common import median, report

from river_tui.rules.registry import available
from river_tui.saves import store
from river_tui.play.table import Seat, Table

ROUNDS = 5


def long_game(game_id: str, seats: int) -> Table:
    seat_list = [Seat(f"Bot {i + 1}", "greedy") for i in range(seats)]
    table = Table.create(game_id, seat_list, {}, seed=3, autosave=False)
    rng = random.Random(3)
    while not table.finished:
        seat = min(table.to_act())
        table.apply(seat, table.bot_choice(seat, rng))
    table.path = store.new_path(game_id, "bench")
    return table


def main() -> None:
    os.environ["RIVER_TUI_HOME"] = tempfile.mkdtemp(prefix="river-bench-")
    for entry in available():
        seats = entry.seats[1]
        table = long_game(entry.id, seats)
        saves, loads = [], []
        for _ in range(ROUNDS):
            started = time.perf_counter()
            table.save()
            saves.append(time.perf_counter() - started)
            started = time.perf_counter()
            Table.load(table.path)
            loads.append(time.perf_counter() - started)
        report(
            f"{entry.id} save and load",
            seats=seats,
            actions=len(table.log),
            file_bytes=table.path.stat().st_size,
            save_median_ms=round(median(saves) * 1000, 1),
            load_by_replay_median_ms=round(median(loads) * 1000, 1),
        )


if __name__ == "__main__":
    main()
