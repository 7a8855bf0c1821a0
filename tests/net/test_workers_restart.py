"""`river-tui serve --workers N` starting again on the tables the last run left:
the front reads each save's header only, never its moves."""

from __future__ import annotations

import json

from river_tui.net import tables
from river_tui.net.tables import TableRegistry
from river_tui.net.workers.pool import WorkerProcess
from river_tui.play.table import Table
from river_tui.records import players

from support.net.secret_game import GAME, Paddle
from support.waiting import wait_until
from .test_seat_table import ALICE, BOB, FakeApp
from .test_workers import front  # noqa: F401 (fixture)
from .test_tables import playable  # noqa: F401 (fixture)


def played_to_the_end(registry: TableRegistry):
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    windows = registry.join(shared, FakeApp(), ALICE), registry.join(shared, FakeApp(), BOB)
    for window in windows * 3:  # 2 strokes each: 12, the goal
        window.apply(window.seat, Paddle(2))
    assert shared.table.finished
    return shared


async def test_the_front_starts_on_headers_and_a_worker_counts_the_game_the_last_run_did_not(
    front, river_home, monkeypatch  # noqa: F811
):
    monkeypatch.setattr(tables, "record_game", lambda game, stood_in: players.Recorded(False))  # the last run stops first
    registry = TableRegistry(river_home / "serve")
    counted, uncounted = played_to_the_end(registry), played_to_the_end(registry)
    going_on = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    registry.join(going_on, FakeApp(), ALICE).apply(0, Paddle(1))
    await registry.close()
    for shared in (counted, uncounted, going_on):
        shared.table.close()  # the last run has ended: its saves are free
    monkeypatch.setattr(tables, "record_game", players.record_game)  # (not undo(): that drops RIVER_TUI_HOME too)
    players.record_game(counted.table.finished_game())  # one of them made it to the records
    assert len(json.loads((river_home / "serve" / tables.INDEX).read_text())) == 3

    def no_replay(path):
        raise AssertionError(f"the front replayed {path}")

    monkeypatch.setattr(Table, "load", no_replay)  # in this process: the front (its workers are others)
    sent = []
    send = WorkerProcess.send
    monkeypatch.setattr(WorkerProcess, "send", lambda worker, kind, *fields: sent.append((kind, *fields)) or send(worker, kind, *fields))
    server, _port = await front(workers=1)
    listed = server.directory.tables
    assert [(number, table.path, table.finished) for number, table in listed.items()] == [(1, going_on.path, False)]
    assert [fields for kind, *fields in sent if kind == "record"] == [[str(uncounted.path), []]]
    key = uncounted.table.finished_game().key
    await wait_until(lambda: key in players.load().counted, "the worker to count the game", seen=lambda: players.load().counted)
    assert {name: tally.played for name, tally in players.load().games[GAME.id].items()} == {"alice": 2, "bob": 2}
    await wait_until(lambda: listed[1].turn_words, "the unfinished table's worker to describe it")
    assert [entry["path"] for entry in json.loads((river_home / "serve" / tables.INDEX).read_text())] == [str(going_on.path)]
