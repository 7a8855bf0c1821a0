"""Stopping the server's workers: a worker that ends just as the wait for it gives up
is stopped like any other (killing a process that has ended raised ProcessLookupError
and failed the server's close)."""

from __future__ import annotations

import asyncio

from river_tui.net.workers import pool as pool_module
from river_tui.net.workers.pool import Pool, WorkerProcess


class EndsAsTheWaitGivesUp:
    """A worker's process still running when the stop's wait gives up, and ended by the
    time it is killed."""

    pid = 4242
    returncode = None

    def __init__(self) -> None:
        self.waits = 0

    async def wait(self) -> int:
        self.waits += 1
        if self.waits == 1:
            await asyncio.Event().wait()  # until the stop's wait gives up
        self.returncode = 0
        return 0

    def kill(self) -> None:
        raise ProcessLookupError


class Unheard:
    def send(self, *message) -> None:
        pass


async def test_a_worker_that_ends_as_the_stop_gives_up_waiting_is_stopped(monkeypatch) -> None:
    monkeypatch.setattr(pool_module, "STOP_WAIT", 0.01)
    pool = Pool(1, {}, handle=lambda worker, message: None, died=lambda worker: None)
    process = EndsAsTheWaitGivesUp()
    pool.workers.append(WorkerProcess(1, process, Unheard()))
    await pool.stop()
    assert process.returncode == 0
