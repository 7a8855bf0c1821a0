"""ssh_load.py's side in each worker process of `serve --workers N`: imported by the
worker before it serves (its config's ``imports``).

It gives the worker's table apps the bench's F12 (a random legal move), records
the same timeline as ssh_load.py's one-process server (the bench keys arriving,
the screens' frames leaving, the table changes told), and writes it to
``$SSH_LOAD_REPORTS/worker-PID.json`` on SIGUSR1.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sys
import time
from pathlib import Path

from textual.binding import Binding

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ssh_load import MainThreadClock, record_timeline  # noqa: E402

from river_tui.net.workers import worker  # noqa: E402
from river_tui.net.workers.table_app import TableApp  # noqa: E402
from river_tui.screens.game_base import GameScreen  # noqa: E402

MOVES: list[tuple[float, str, int]] = []


def action_bench_move(app: TableApp) -> None:
    """ssh_load.py's BenchApp.action_bench_move, in a worker's table app."""
    screen = app.screen
    if not isinstance(screen, GameScreen) or screen.viewer is None:
        return
    screen.put_away_recap()
    actions = screen.legal_actions()
    if actions:
        arrived = time.monotonic()
        if screen.play(random.Random(arrived).choice(actions)):
            MOVES.append((arrived, app.identity.name, len(screen.table.log)))


class BenchTableApp(TableApp):
    """A worker's table app plus F12 (Textual reads a class's bindings once, as it is made)."""

    BINDINGS = [*TableApp.BINDINGS, Binding("f12", "bench_move", show=False, priority=True)]
    action_bench_move = action_bench_move


worker.TableApp = BenchTableApp  # the app each session's stream opens in this worker
KEYS, FRAMES, TOLD = record_timeline(MainThreadClock())


def write_report() -> None:
    path = Path(os.environ["SSH_LOAD_REPORTS"]) / f"worker-{os.getpid()}.json"
    path.with_suffix(".tmp").write_text(json.dumps({"moves": MOVES, "keys": KEYS, "frames": FRAMES, "told": TOLD}))
    path.with_suffix(".tmp").rename(path)


asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, write_report)
