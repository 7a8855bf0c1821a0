"""Search bots that think in a process of their own.

A search is pure Python and holds the interpreter lock while it thinks: in a
thread beside a Textual app it starves the screen (frames seconds apart). So
where a screen or the SSH server waits for a computer seat, the search runs in a
worker process instead and the waiting thread only sleeps on the answer.

A worker is a plain ``python -m river_tui.rules.bots.thinking_worker``
(`thinking_worker.serve`) reading requests from its stdin and writing answers to its stdout (pickles, each
behind its length), so it neither re-imports the app's main module nor touches
the terminal. Workers are started on first use and kept for the next decision;
each thinks for one caller at a time, so concurrent tables get one each. If a
worker dies, the decision is made in the caller's process instead.
"""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from ..core import Action, Bot, Game, State

PACKAGE_ROOT = str(Path(__file__).resolve().parents[3])
"""The folder holding the river_tui package, so a worker imports the same code."""


WORKER_MODULE = f"{__package__}.thinking_worker"
"""What a worker runs (by name: the worker imports the levels, which import this)."""

IN_A_WORKER = "RIVER_TUI_THINKING_WORKER"
"""Set in a worker's environment: a worker thinks itself, it never starts another
(a bug that asked it to would start workers without end)."""


@dataclass(frozen=True)
class AppraiseRequest:
    """A request for a worker's `Search.appraise` of a seat's view (`levels.appraise`)."""

    game_id: str
    level: str
    view: State
    seat: int
    seed: int
    seconds: float
    iterations: int | None = None
    include: tuple[Action, ...] = ()


class WorkerDied(Exception):
    """The worker process ended or answered nonsense."""


def _send(stream: BinaryIO, value: Any) -> None:
    data = pickle.dumps(value)
    stream.write(len(data).to_bytes(8, "big") + data)
    stream.flush()


def _receive(stream: BinaryIO) -> Any:
    header = stream.read(8)
    if len(header) < 8:
        raise EOFError
    size = int.from_bytes(header, "big")
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    return pickle.loads(data)


class Worker:
    """One thinking process."""

    def __init__(self) -> None:
        path = os.pathsep.join(p for p in (PACKAGE_ROOT, os.environ.get("PYTHONPATH")) if p)
        self.process = subprocess.Popen(
            [sys.executable, "-m", WORKER_MODULE],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONPATH": path, IN_A_WORKER: "1"},
        )

    def think(self, game_id: str, level: str, view: State, seat: int, seed: int) -> Action:
        return self.ask((game_id, level, view, seat, seed))

    def ask(self, request: tuple | AppraiseRequest) -> Any:
        """The worker's answer to a decision ``(game_id, level, view, seat, seed)``
        or an `AppraiseRequest`."""
        try:
            _send(self.process.stdin, request)
            ok, answer = _receive(self.process.stdout)
        except (OSError, EOFError, pickle.UnpicklingError) as err:
            self.stop()
            raise WorkerDied(str(err)) from None
        if not ok:
            raise RuntimeError(f"the thinking process failed: {answer}")
        return answer

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


_idle: list[Worker] = []
_lock = threading.Lock()


def _borrow() -> Worker:
    with _lock:
        if _idle:
            return _idle.pop()
    return Worker()


def _give_back(worker: Worker) -> None:
    with _lock:
        _idle.append(worker)


def ask_a_worker(game_id: str, level: str, view: State, seat: int, seed: int) -> Any:
    """What a worker answers to one request (a search level's move, or `advice`'s
    ``HINT``); WorkerDied if it could not (the caller then thinks itself)."""
    worker = _borrow()
    answer = worker.think(game_id, level, view, seat, seed)
    _give_back(worker)
    return answer


def appraised_elsewhere(request: AppraiseRequest) -> list:
    """The `Appraisal` list a worker answers ``request`` with; WorkerDied if it died."""
    worker = _borrow()
    answer = worker.ask(request)
    _give_back(worker)
    return answer


def elsewhere(bot: Bot) -> Bot:
    """``bot`` (a search level of a registered game), thinking in a worker."""

    def choose(game: Game, view: State, seat: int, rng: random.Random) -> Action:
        seed = rng.getrandbits(64)
        if os.environ.get(IN_A_WORKER):
            return bot.choose(game, view, seat, random.Random(seed))
        try:
            return ask_a_worker(game.id, bot.name, view, seat, seed)
        except WorkerDied:  # killed, out of memory: think here instead
            return bot.choose(game, view, seat, random.Random(seed))

    return Bot(bot.name, choose)
