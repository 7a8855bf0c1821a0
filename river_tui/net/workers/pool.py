"""The front's worker processes: started, told, watched, and replaced when one dies."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import sys
import time
from collections.abc import Callable
from contextlib import suppress
from contextvars import Context
from typing import Any

from .framing import Channel, ChannelClosed, open_channel

log = logging.getLogger(__name__)

STOP_WAIT = 2.0
"""Seconds a worker gets to save and end once told to stop; then it is killed."""
MOST_WORKERS = 8
"""Workers started by default on a machine with more cores: each holds its own copy of
the app's code and caches (some 60 MB), and one front relays for about this many
(docs/scaling.md); more can be asked for with ``--workers``."""

MOST_ASKED_WORKERS = 64
"""The most ``--workers`` may ask for: a number past any machine's cores is a typo."""

HANG_WAIT = 30.0
"""Seconds a worker has to say it is up (``ready``: its games imported, its loop
running), and then to answer each ``ping`` the front sends it every so often, before
it is taken to have hung (at its start, or in a table's code) and is killed, then
replaced. A worker is asked nothing else that it must answer: without this, one whose
loop is stuck would never be noticed (it neither reads nor ends)."""


def default_count() -> int:
    """`serve`'s workers unless told: one per core this process may use, at most
    `MOST_WORKERS` (1: everything in one process, as on a one-core machine)."""
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13: the cores this process may use
    if counted is not None:
        cores = counted()
    elif hasattr(os, "sched_getaffinity"):
        cores = len(os.sched_getaffinity(0))
    else:
        cores = os.cpu_count()
    return max(1, min(cores or 1, MOST_WORKERS))


class WorkerProcess:
    """One worker: its process, its end of the socket, and what the front placed in it."""

    def __init__(self, number: int, process: asyncio.subprocess.Process, channel: Channel) -> None:
        self.number = number
        self.process = process
        self.channel = channel
        self.tables: set[int] = set()
        """The tables this worker holds."""
        self.opening: set[int] = set()
        """The tables it was told to open and has not described yet."""
        self.alive = True
        self.ready = False
        """Whether it has said it is up: until then it has read no table, so its end is not a table's doing."""
        self.heard = False
        """Whether it has said it is up, or answered a ping, since the front's last look."""
        self.next_look: asyncio.TimerHandle | None = None

    @property
    def pid(self) -> int:
        return self.process.pid

    def send(self, kind: str, *fields: Any) -> None:
        if self.alive:
            self.channel.send(kind, *fields)


Handler = Callable[[WorkerProcess, list[Any]], None]


class RestartPace:
    """How soon a dead worker is replaced: at once, but past ``burst`` deaths within
    ``window`` seconds (a worker that cannot start, a Python install changed under a
    running server) one replacement every ``pause`` seconds, so a failing start is
    not an endless loop that burns the machine's cores and fills the log."""

    def __init__(self, burst: int = 5, window: float = 60.0, pause: float = 5.0,
                 clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        self.burst, self.window, self.pause, self.clock = burst, window, pause, clock
        self._deaths: list[float] = []
        self._next = 0.0

    def wait(self) -> float:
        """A worker died: the seconds to wait before starting its replacement."""
        now = self.clock()
        self._deaths = [t for t in self._deaths if now - t < self.window] + [now]
        if len(self._deaths) <= self.burst:
            return 0.0
        self._next = max(now, self._next) + self.pause
        return self._next - now


class Pool:
    """``count`` worker processes; ``handle`` gets each message a worker sends, and
    ``died`` each worker that ended without being told to (after its replacement started)."""

    def __init__(self, count: int, config: dict[str, Any], handle: Handler, died: Callable[[WorkerProcess], None]) -> None:
        self.count = count
        self._config = config
        self._handle = handle
        self._died = died
        self.workers: list[WorkerProcess] = []
        self._numbers = 0
        self._stopping = False
        self._watchers: set[asyncio.Task[None]] = set()
        self.pace = RestartPace()
        self.hang_wait: float = config.get("hang_wait", HANG_WAIT)

    async def start(self) -> None:
        for _ in range(self.count):
            self.workers.append(await self._spawn())

    async def _spawn(self) -> WorkerProcess:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        try:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "river_tui.net.workers", str(theirs.fileno()),
                pass_fds=(theirs.fileno(),), env=env, stdin=asyncio.subprocess.DEVNULL,
            )  # fmt: skip
        finally:
            theirs.close()
        self._numbers += 1
        worker = WorkerProcess(self._numbers, process, await open_channel(ours))
        worker.send("config", self._config)
        loop = asyncio.get_running_loop()
        worker.next_look = loop.call_later(self.hang_wait, self.look, worker, context=Context())
        task = loop.create_task(self._listen(worker), context=Context())
        self._watchers.add(task)
        task.add_done_callback(self._watchers.discard)
        log.info("worker %d started (process %d)", worker.number, worker.pid)
        return worker

    async def _listen(self, worker: WorkerProcess) -> None:
        while True:
            try:
                message = await worker.channel.receive()
            except ChannelClosed:
                break
            if message in (["ready"], ["pong"]):
                worker.ready = worker.heard = True
                continue
            try:
                self._handle(worker, message)
            except Exception:
                log.exception("a message of worker %d could not be handled: %.200r", worker.number, message)
        worker.alive = False
        if worker.next_look is not None:
            worker.next_look.cancel()
        worker.channel.close()
        await worker.process.wait()
        if worker in self.workers:
            self.workers.remove(worker)
        if self._stopping:
            return
        log.error("worker %d (process %d) ended with status %s; its tables move", worker.number, worker.pid,
                  worker.process.returncode)
        wait = self.pace.wait()
        if wait:
            log.error("workers keep ending: the next starts in %.0f s", wait)
            await asyncio.sleep(wait)
        if self._stopping:
            return
        if len(self.workers) < self.count:
            self.workers.append(await self._spawn())
        self._died(worker)

    def look(self, worker: WorkerProcess) -> None:
        """Every ``hang_wait`` seconds from ``worker``'s start: if it has not said it is up, or
        not answered the ping of the last look, it hangs: it is killed, and replaced as any
        worker that ends; else it is pinged again."""
        if not worker.alive or worker.process.returncode is not None:
            return
        if not worker.heard:
            log.error("worker %d (process %d) %s within %.0f s; killing it", worker.number, worker.pid,
                      "answered nothing" if worker.ready else "did not start", self.hang_wait)  # fmt: skip
            worker.process.kill()
            return
        worker.heard = False
        worker.send("ping")
        worker.next_look = asyncio.get_running_loop().call_later(self.hang_wait, self.look, worker, context=Context())

    def least_busy(self) -> WorkerProcess:
        """The live worker holding the fewest tables (a new table goes there); ValueError,
        with a sentence, while none is (they keep ending and are restarted slowly)."""
        if not self.workers:
            raise ValueError("No table can be opened now: the server's processes are restarting; try again soon.")
        return min(self.workers, key=lambda worker: len(worker.tables))

    def broadcast(self, kind: str, *fields: Any) -> None:
        for worker in self.workers:
            worker.send(kind, *fields)

    async def stop(self) -> None:
        """Tell every worker to save and end; kill those that have not within ``STOP_WAIT``."""
        self._stopping = True
        for worker in self.workers:
            if worker.next_look is not None:
                worker.next_look.cancel()
            worker.send("stop")
        for worker in list(self.workers):
            try:
                await asyncio.wait_for(worker.process.wait(), STOP_WAIT)
            except TimeoutError:
                log.warning("worker %d did not stop in time; killing it", worker.number)
                with suppress(ProcessLookupError):  # it may end just as the wait gives up
                    worker.process.kill()
                await worker.process.wait()
        for task in self._watchers:
            task.cancel()  # one may be waiting to replace a worker that ended
        await asyncio.gather(*self._watchers, return_exceptions=True)
