"""A deadline on every read of a file from outside.

A read can block in the kernel where no flag reaches it (a file system that stops
answering, a kernel file that waits for an event): nothing can interrupt it but a
signal, which a server's loop must not use. So the read runs in a helper thread
and the caller waits at most `SECONDS` for it: past that, `TookTooLong`, and the
caller goes on without the file while the helper stays with the read (it closes
what it opened whenever the read ends). Helpers are kept and reused, so a read
costs a hand-over between threads, not a new thread; at most `MOST_HELPERS`
exist, so reads that never end cannot pile up threads without bound.
"""

from __future__ import annotations

import errno
import os
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

SECONDS = 10.0
"""How long one read of an outside file may take: a local file of the largest
size River TUI reads (8 MB) takes milliseconds; a file system that keeps a
reader waiting this long is not one to wait on."""
MOST_HELPERS = 16


class TookTooLong(OSError):
    """The read did not end in time; its words end a sentence naming the file."""

    def __init__(self, words: str) -> None:
        super().__init__(errno.ETIMEDOUT, words)


_idle: list[queue.SimpleQueue[Callable[[], None]]] = []
_guard = threading.Condition()
_helpers = 0


def in_time(work: Callable[[], T], not_started: Callable[[], Any] = lambda: None) -> T:
    """``work()``'s result or exception, if it ends within `SECONDS`; else
    `TookTooLong`. ``not_started`` is called when no helper became free to run it
    within that time (reads at once beyond `MOST_HELPERS` wait for one)."""
    seconds = SECONDS
    jobs = _helper(seconds)
    if jobs is None:
        not_started()
        raise TookTooLong(f"{MOST_HELPERS} earlier reads are still waiting for their files")
    done = threading.Event()
    answer: list[Any] = []

    def job() -> None:
        try:
            answer.append((True, work()))
        except BaseException as err:  # handed to the caller
            answer.append((False, err))
        finally:
            done.set()

    jobs.put(job)
    if not done.wait(seconds):
        raise TookTooLong(f"reading it took longer than {seconds:g} seconds")
    ok, value = answer[0]
    if not ok:
        raise value
    return value  # type: ignore[no-any-return]


def _helper(seconds: float) -> queue.SimpleQueue[Callable[[], None]] | None:
    """The job queue of an idle helper, started if none is idle; None when
    `MOST_HELPERS` stay busy for ``seconds``."""
    global _helpers
    with _guard:
        if not _guard.wait_for(lambda: _idle or _helpers < MOST_HELPERS, seconds):
            return None
        if _idle:
            return _idle.pop()
        _helpers += 1
    jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
    threading.Thread(target=_serve, args=(jobs,), name="river-tui-read", daemon=True).start()
    return jobs


def _serve(jobs: queue.SimpleQueue[Callable[[], None]]) -> None:
    while True:
        jobs.get()()
        with _guard:
            _idle.append(jobs)
            _guard.notify()


def _forget_helpers() -> None:
    """A forked child has none of its parent's threads: it starts its own helpers."""
    global _helpers
    _idle.clear()
    _helpers = 0


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_helpers)
