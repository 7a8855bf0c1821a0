"""`river-tui serve --workers N`: the front's first look at a worker is its ``ready``,
and then its answers to pings. A worker that ends before it is up has read no table
(none is blamed for it), and one that hangs, as it starts or later, is killed and
replaced, its tables opened elsewhere."""

from __future__ import annotations

import os
import signal

from river_tui.net.tables import TableRegistry
from river_tui.net.workers.directory import CRASHES, MOVED

from support.net.secret_game import GAME
from support.net.sshclient import connect
from support.waiting import wait_until
from .test_presence import identity
from .test_tables import playable  # noqa: F401 (fixture)
from .test_workers import at_table, front  # noqa: F401 (fixture)


async def saved_tables(river_home, keys, count: int) -> None:
    """``count`` tables in tables.json, as the last run left them: each worker is told to open them as it starts."""
    registry = TableRegistry(river_home / "serve")
    made = [registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None) for _ in range(count)]
    await registry.close()
    for shared in made:
        shared.table.close()


FAILED_STARTS = CRASHES
"""As many workers in a row as a table may be blamed for before it is set aside."""


async def test_workers_that_end_before_they_are_up_set_no_table_aside(front, keys, river_home, monkeypatch):  # noqa: F811
    monkeypatch.setenv("RIVER_TUI_TEST_FAILED_STARTS", str(FAILED_STARTS))  # support/net/fails_to_start.py
    await saved_tables(river_home, keys, 1)
    server, port = await front(workers=1, imports=["support.net.secret_game", "support.net.fails_to_start"])
    directory = server.directory  # table 1 is told to each worker as it starts, and each ends
    await wait_until(lambda: 1 in directory.tables and directory.tables[1].turn_words, "table 1 to open",
                     seen=lambda: (directory.broken, [worker.number for worker in server.pool.workers]))  # fmt: skip
    assert (river_home / "worker-starts").read_bytes() == b"+" * (FAILED_STARTS + 1)
    assert directory.broken == [] and [worker.number for worker in server.pool.workers] == [FAILED_STARTS + 1]
    alice = await connect(port, "alice", keys["alice"])
    await at_table(alice, 1, "alice (you), Seat 2 (free)")
    alice.type("1")
    await alice.rec.wait_for("Counter at 1")
    await alice.close()


async def test_a_worker_that_hangs_as_it_starts_is_killed_and_its_tables_open_in_another(front, keys, river_home):  # noqa: F811
    await saved_tables(river_home, keys, 2)
    server, port = await front(workers=2, imports=["support.net.secret_game", "support.net.hangs_at_start"])
    directory, pool, hung_pid = server.directory, server.pool, river_home / "hung-worker"
    await wait_until(lambda: hung_pid.exists() and hung_pid.read_text(), "a worker to hang as it starts")
    hung = next(worker for worker in pool.workers if str(worker.pid) == hung_pid.read_text())
    stuck = [number for number in directory.tables if directory.worker_of(number) is hung]
    assert len(stuck) == 1 and not hung.ready  # one table each: one waits in the hung worker
    pool.look(hung)  # what the pool does `hang_wait` seconds after a worker starts
    await wait_until(lambda: hung.process.returncode is not None, "the hung worker to be killed")
    assert hung.process.returncode == -signal.SIGKILL
    await wait_until(lambda: directory.worker_of(stuck[0]) is not hung and directory.tables[stuck[0]].turn_words,
                     "its table to open in another worker")  # fmt: skip
    assert directory.broken == []
    alice = await connect(port, "alice", keys["alice"])
    await at_table(alice, stuck[0], "alice (you), Seat 2 (free)")
    alice.type("1")
    await alice.rec.wait_for("Counter at 1")
    await alice.close()


async def test_a_worker_whose_loop_is_stuck_answers_no_ping_and_its_players_are_put_back(front, keys):  # noqa: F811
    server, port = await front(workers=1)
    directory, pool = server.directory, server.pool
    directory.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice = await connect(port, "alice", keys["alice"])
    await at_table(alice, 1, "alice (you), Seat 2 (free)")
    stuck = directory.worker_of(1)
    assert stuck.ready
    os.kill(stuck.pid, signal.SIGSTOP)  # its loop runs no more, as in a table's endless loop
    mark = alice.mark()
    pool.look(stuck)  # two of the pool's looks, `hang_wait` apart: the first pings it,
    pool.look(stuck)  # the second finds no answer
    await alice.rec.wait_for(MOVED[:30], since=mark)
    assert stuck.process.returncode == -signal.SIGKILL and directory.worker_of(1) is not stuck
    alice.type("1")
    await alice.rec.wait_for("Counter at 1", since=mark)
    await alice.close()
