"""A finished session's memory handed back soon, not at the next full collection.

A Textual app is a web of reference cycles (parents and children, message
pumps), so a finished session's app is freed only by a full run of Python's
cycle collector, and the server runs those seldom (gc_tuning: each walks every
live object of every session, up to 0.7 s under load). Until then the dead
apps pile up; the memory they take is new to the allocator, and once they are
freed it stays in the process, spread among objects that live on (measured on
bench/ssh_memory.py: some 2 MB of RSS kept for every session that opened a
game screen). So the server collects after sessions end: once per session
ended, but at most once per ``interval`` seconds (a burst of sessions ending
costs one collection).

Before collecting, cancelled timers are dropped from the loop's queue. asyncio
leaves a cancelled timer there until it falls due, and with it the context it
was made in, which names the session's app: a widget's 30 s refresh or the idle
timeout kept a finished app alive that long. asyncio drops them itself only
once they are more than half of over a hundred timers; here, the same, now.
"""

from __future__ import annotations

import asyncio
import gc
import heapq
import logging
import time
from contextvars import Context

log = logging.getLogger(__name__)

SWEEP_INTERVAL = 5.0
"""Least number of seconds between two collections for finished sessions."""
SETTLE = 1.0
"""Seconds after a session ended before its garbage is collected: its connection's
and app's last callbacks have run by then."""


class Sweeper:
    """Runs a full collection soon after a session ended, at most every ``interval`` s."""

    def __init__(self, interval: float = SWEEP_INTERVAL) -> None:
        self.interval = interval
        self._last = -interval
        self._due: asyncio.TimerHandle | None = None

    def session_ended(self) -> None:
        """A session's app has ended: collect its garbage in ``SETTLE`` s, or ``interval`` s after the last."""
        if self._due is None:
            loop = asyncio.get_running_loop()
            delay = max(SETTLE, self._last + self.interval - loop.time())
            # An empty context: the ending session's (its app) must not be kept by the handle.
            self._due = loop.call_later(delay, self._sweep, context=Context())

    def _sweep(self) -> None:
        self._due = None
        loop = asyncio.get_running_loop()
        self._last = loop.time()
        started = time.perf_counter()
        _drop_cancelled_timers(loop)
        found = gc.collect()
        log.debug("collected %d objects of finished sessions in %.0f ms", found, 1000 * (time.perf_counter() - started))

    def close(self) -> None:
        if self._due is not None:
            self._due.cancel()
            self._due = None


def _drop_cancelled_timers(loop: asyncio.AbstractEventLoop) -> None:
    """What `asyncio.BaseEventLoop._run_once` does when cancelled timers are many."""
    scheduled = getattr(loop, "_scheduled", None)
    if not scheduled or not hasattr(loop, "_timer_cancelled_count"):
        return  # not asyncio's own loop: leave it alone
    kept = []
    for handle in scheduled:
        if handle.cancelled():
            handle._scheduled = False
        else:
            kept.append(handle)
    heapq.heapify(kept)
    scheduled[:] = kept
    loop._timer_cancelled_count = 0
