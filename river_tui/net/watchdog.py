"""Who keeps the loop busy: every session's share of the one event loop, and a
watchdog that closes a session taking more than its share.

Every session's app runs in the server's single asyncio loop, so one session
whose handling is slow (a huge window laid out again and again, a flood of
input) makes every other player wait. `LoopMeter` charges the CPU time of each
step of each task to the session whose app created it (Textual's ``active_app``
context variable says which), plus the CPU time the session's own SSH callbacks
take (`LoopMeter.charge`). `Watchdog` wakes every ``interval`` seconds,
measures how late it woke (the loop's lag, logged when large) and closes a
session that used more than ``limit`` of the time the loop had a core over the
last ``window`` seconds.

CPU time, not time by the clock: on a machine busy with other work the loop's
thread waits for a core in the middle of a session's step, and by the clock
that wait would count as the session's. And the share is of the time the loop
had a core (the window less the loop thread's wait for one, from
/proc/thread-self/schedstat where there is one): a session that keeps the loop
busy is closed however little of a core the machine leaves the server.
"""

from __future__ import annotations

import asyncio
import collections.abc
import logging
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from ..patches.borrowed import active_app

log = logging.getLogger(__name__)

LAG_WORTH_LOGGING = 0.5
"""Seconds the loop may run late before the watchdog writes it in the log."""

LEAST_CORE = 0.25
"""Share of a window the loop is taken to have had a core at least: a machine
that leaves the server less does not make a session's small use look large."""

SCHEDSTAT = Path("/proc/thread-self/schedstat")


def waited_for_a_core() -> float:
    """Seconds the calling thread has spent ready to run while no core was free
    (0.0 where the system does not say)."""
    try:
        return int(SCHEDSTAT.read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


class Busy:
    """CPU seconds of the loop's thread one session has used, in total."""

    __slots__ = ("seconds",)

    def __init__(self) -> None:
        self.seconds = 0.0


class _TimedCoroutine(collections.abc.Coroutine):  # type: ignore[type-arg]
    """A task's coroutine whose every step is added to a session's `Busy`."""

    __slots__ = ("_coro", "_busy")

    def __init__(self, coro: Any, busy: Busy) -> None:
        self._coro = coro
        self._busy = busy

    def send(self, value: Any) -> Any:
        started = time.thread_time()
        try:
            return self._coro.send(value)
        finally:
            self._busy.seconds += time.thread_time() - started

    def throw(self, *args: Any) -> Any:
        started = time.thread_time()
        try:
            return self._coro.throw(*args)
        finally:
            self._busy.seconds += time.thread_time() - started

    def close(self) -> None:
        self._coro.close()

    def __await__(self) -> Generator[Any, None, Any]:
        return self._coro.__await__()

    def __next__(self) -> Any:
        return self.send(None)

    def __iter__(self) -> _TimedCoroutine:
        return self


class LoopMeter:
    """Charges loop time to sessions, through the loop's task factory."""

    def __init__(self) -> None:
        self._by_app: dict[int, Busy] = {}

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        """Meter the tasks of ``loop`` (idempotent)."""
        if loop.get_task_factory() != self._create_task:
            loop.set_task_factory(self._create_task)  # type: ignore[arg-type]

    def track(self, app: object, busy: Busy) -> None:
        """Charge the tasks ``app`` creates from now on to ``busy``."""
        self._by_app[id(app)] = busy

    def untrack(self, app: object) -> None:
        self._by_app.pop(id(app), None)

    @staticmethod
    def timed(coro: Any, busy: Busy) -> Any:
        """``coro`` with the time of its every step charged to ``busy``."""
        return _TimedCoroutine(coro, busy)

    def _create_task(self, loop: asyncio.AbstractEventLoop, coro: Any, **options: Any) -> asyncio.Task[Any]:
        app = active_app.get(None)
        busy = self._by_app.get(id(app)) if app is not None else None
        if busy is not None:
            coro = _TimedCoroutine(coro, busy)
        return asyncio.Task(coro, loop=loop, **options)

    @staticmethod
    @contextmanager
    def charge(busy: Busy) -> Generator[None, None, None]:
        """Charge the CPU time of the ``with`` block to ``busy`` (a session's own callbacks)."""
        started = time.thread_time()
        try:
            yield
        finally:
            busy.seconds += time.thread_time() - started


class Metered(Protocol):
    """A session as the watchdog sees it."""

    busy: Busy

    def overloaded(self, share: float) -> None:
        """Close: this session used ``share`` of the loop over the watchdog's window."""


class Watchdog:
    """Wakes every ``interval`` s; closes a session busy more than ``limit`` of the
    time the loop had a core in the last ``window`` s, while other sessions share it."""

    def __init__(
        self,
        sessions: Callable[[], Iterable[Metered]],
        interval: float = 0.25,
        window: float = 5.0,
        limit: float = 0.75,
    ) -> None:
        self._sessions = sessions
        self.interval = interval
        self.window = window
        self.limit = limit
        self._history: dict[int, deque[tuple[float, float, float]]] = {}
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._watch(), name="watchdog")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            expected = loop.time() + self.interval
            await asyncio.sleep(self.interval)
            lag = loop.time() - expected
            self.check(loop.time(), lag, waited_for_a_core())

    def check(self, now: float, lag: float = 0.0, waited: float = 0.0) -> None:
        """Look at every session's loop time since the last look (``waited``: seconds
        the loop's thread has waited for a core so far)."""
        live = list(self._sessions())
        seen = set()
        worst: tuple[float, Metered | None] = (0.0, None)
        for session in live:
            seen.add(id(session))
            history = self._history.setdefault(id(session), deque())
            history.append((now, session.busy.seconds, waited))
            while len(history) > 1 and now - history[1][0] >= self.window:
                history.popleft()
            first_time, first_busy, first_waited = history[0]
            if now - first_time < self.window * 0.9:
                continue  # not watched for a whole window yet
            had_a_core = max(now - first_time - (waited - first_waited), LEAST_CORE * (now - first_time))
            share = (session.busy.seconds - first_busy) / had_a_core
            worst = max(worst, (share, session), key=lambda pair: pair[0])
            if share > self.limit and len(live) > 1:  # alone, it makes no one wait
                log.warning("a session used %.0f%% of the loop for %.1f s; closing it", 100 * share, now - first_time)
                history.clear()
                session.overloaded(share)
        for gone in set(self._history) - seen:
            del self._history[gone]
        if lag > LAG_WORTH_LOGGING:
            log.warning("the loop ran %.2f s late (busiest session: %.0f%% of it)", lag, 100 * worst[0])


METER = LoopMeter()
"""The one meter: there is one loop, and every server in it shares its task factory."""
