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
"""

from __future__ import annotations

import asyncio
import gc
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
        self._last = asyncio.get_running_loop().time()
        started = time.perf_counter()
        found = gc.collect()
        log.debug("collected %d objects of finished sessions in %.0f ms", found, 1000 * (time.perf_counter() - started))

    def close(self) -> None:
        if self._due is not None:
            self._due.cancel()
            self._due = None
