"""Waiting in tests: the one way a test waits for something to happen.

Every wait has a deadline and, when the deadline passes, fails with what it was
waiting for and what it saw last, so a slow machine gives a clear failure instead
of a hang, and no fixed sleep stands in for a condition. The deadline is generous
(a machine busy with other jobs may be ten times slower than a quiet one); it is
never an assertion about speed.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

DEADLINE = 30.0
"""Seconds a test waits before it fails."""

POLL = 0.02
"""Seconds between two looks at the condition."""


def _failure(what: str, timeout: float, seen: Callable[[], Any] | None) -> AssertionError:
    saw = f"; saw {seen()!r}" if seen is not None else ""
    return AssertionError(f"waited {timeout:g} s for {what}{saw}")


async def wait_until(
    condition: Callable[[], Any],
    what: str,
    *,
    seen: Callable[[], Any] | None = None,
    timeout: float = DEADLINE,
    pause: Callable[[], Awaitable[Any]] | None = None,
) -> None:
    """Wait until ``condition()`` is true; after ``timeout`` seconds fail, saying
    ``what`` was awaited and ``seen()`` (what the test saw last). ``pause``: how
    to let the rest of the loop run between looks (a Pilot's ``pause``, so the
    app handles its messages); a short sleep by default."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() >= deadline:
            raise _failure(what, timeout, seen)
        await (pause() if pause is not None else asyncio.sleep(POLL))


def wait_until_sync(
    condition: Callable[[], Any],
    what: str,
    *,
    seen: Callable[[], Any] | None = None,
    timeout: float = DEADLINE,
) -> None:
    """`wait_until` for a test without an event loop (waiting on a thread or a
    process)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() >= deadline:
            raise _failure(what, timeout, seen)
        time.sleep(POLL)


async def computers_moved(table: Any, pilot: Any) -> None:
    """Wait until no computer seat of ``table`` (a `river_tui.play.table.Table` in
    an app driven by ``pilot``) is to act: their moves are made."""
    await wait_until(
        lambda: table.finished or not table.bot_seats_to_act(),
        "the computer seats to move",
        seen=lambda: f"to act: {sorted(table.to_act())}, moves so far: {len(table.log)}",
        pause=lambda: pilot.pause(0.05),
    )


async def workers_done(app: Any, pilot: Any) -> None:
    """Wait until none of ``app``'s workers (a computer seat thinking) is running,
    then let the app handle what they posted."""
    await wait_until(
        lambda: all(worker.is_finished for worker in app.workers),
        "the app's workers to finish",
        seen=lambda: [f"{worker.name}: {worker.state.name}" for worker in app.workers],
        pause=lambda: pilot.pause(0.05),
    )
    await pilot.pause()
