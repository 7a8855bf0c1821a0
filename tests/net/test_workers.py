"""`river-tui serve --workers 2`: tables in two worker processes, real SSH clients
in the front. The secret game (secret_game.py) is imported by each worker."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

import pytest

from river_tui.net.tables import TableRegistry
from river_tui.net.takeback import TakebackQuestion
from river_tui.net.workers.directory import CRASHES, MOVED, SET_ASIDE, SET_ASIDE_REASON, Directory
from river_tui.net.workers.front import FrontServer
from river_tui.net.workers.pool import RestartPace
from river_tui.saves import store

from support.net.crashing_game import GAME as CRASHING, HOG, SPARED
from support.net.secret_game import GAME, Paddle
from support.net.sshclient import Client, connect
from support.waiting import wait_until
from .test_presence import identity
from .test_your_move import RECORD_ENV, bells, runs
from .test_tables import playable  # noqa: F401 (fixture)

ENTER = "\r"


@pytest.fixture
async def front(make_config, river_home, playable):  # noqa: F811
    """``await front()`` -> (server, port): a front with two workers."""
    servers: list[FrontServer] = []

    async def start(workers: int = 2, **settings):
        directory = Directory(river_home / "serve", lobby_delay=0.05)
        worker_config = {"folder": str(river_home / "serve"), "imports": ["support.net.secret_game"], "bot_delay": 0.05,
                         **settings}
        server = FrontServer(make_config(), directory, workers, worker_config)
        servers.append(server)
        return server, await server.start()

    yield start
    for server in servers:
        await server.close()


async def at_table(client: Client, row: int, seats_line: str) -> None:
    """From the lobby: to the table in ``row`` of the list (from 1: your moves first), Enter."""
    await client.rec.wait_for(seats_line)
    mark = client.mark()
    client.type("\x1b[A" * 5 + "\x1b[B" * (row - 1) + ENTER)
    await client.rec.wait_for("Counter at", since=mark)


async def alice_and_bob_at_table_1(port: int, keys) -> tuple[Client, Client]:
    """alice at her table 1 (two seats, no computer), then bob in its free seat."""
    alice = await connect(port, "alice", keys["alice"])
    bob = await connect(port, "bob", keys["bob"])
    await at_table(alice, 1, "alice (you), Seat 2 (free)")
    await at_table(bob, 1, "alice, Seat 2 (free)")
    return alice, bob


async def three_at_table_1(port: int, keys) -> dict[str, Client]:
    """alice, bob and carol at alice's table 1 (three seats, no computer), in that order."""
    clients = {name: await connect(port, name, keys[name]) for name in ("alice", "bob", "carol")}
    await at_table(clients["alice"], 1, "alice (you), Seat 2 (free), Seat 3 (free)")
    await at_table(clients["bob"], 1, "alice, Seat 2 (free), Seat 3 (free)")
    await at_table(clients["carol"], 1, "alice, bob, Seat 3 (free)")
    return clients


async def to_the_lobby(client: Client, name: str) -> int:
    """q: from the table back to the lobby (in the front). Returns the mark taken
    before q, so a test may still wait for what came since."""
    mark = client.mark()
    client.type("q")
    await client.rec.wait_for(f"Welcome, {name}", since=mark)
    return mark


async def bob_told_in_the_lobby_then_watching_table_2(alice: Client, bob: Client) -> None:
    """At table 1 alice and bob paddle 1 each; bob goes to the lobby (in the front), is
    told there that it is his move at table 1 (alice paddled 1 again), and watches
    table 2, in the other worker."""
    alice.type("1")
    await bob.rec.wait_for("Counter at 1")
    bob.type("1")
    await alice.rec.wait_for("Counter at 2")
    await to_the_lobby(bob, "bob")
    mark = bob.mark()
    alice.type("1")
    await bob.rec.wait_for("It is your move at table 1", since=mark)
    bob.type("\x1b[A" * 3 + "\x1b[B" + "w")
    await bob.rec.wait_for("Counter at 0", since=mark)


def moves_saved(server: FrontServer, number: int) -> int:
    return len(store.read(server.directory.tables[number].path).log)


async def test_two_tables_in_two_workers_are_played_at_once(front, keys):
    server, port = await front()
    directory = server.directory
    alice, carol = identity("alice", keys), identity("carol", keys)
    directory.create(alice, GAME.id, seats=2, bots=1, variant=None, computer="greedy")
    directory.create(carol, GAME.id, seats=2, bots=1, variant=None, computer="greedy")
    assert directory.worker_of(1) is not directory.worker_of(2)
    assert directory.worker_of(1).pid != directory.worker_of(2).pid != os.getpid()
    alice_client = await connect(port, "alice", keys["alice"])
    carol_client = await connect(port, "carol", keys["carol"])
    await at_table(alice_client, 1, "alice (you), Computer 1 (computer)")
    await at_table(carol_client, 1, "carol (you), Computer 1 (computer)")
    for counter in (3, 6):  # each paddles 1, each table's computer 2, both tables at once
        alice_client.type("1")
        carol_client.type("1")
        await alice_client.rec.wait_for(f"Counter at {counter}")
        await carol_client.rec.wait_for(f"Counter at {counter}")
    assert "CAROL" not in alice_client.rec.text()  # each screen is its own table's
    await wait_until(lambda: moves_saved(server, 1) == moves_saved(server, 2) == 4, "both tables' four moves saved",
                     seen=lambda: (moves_saved(server, 1), moves_saved(server, 2)))
    await wait_until(lambda: directory.tables[1].connected() == ["alice"], "table 1 to list alice")
    for client in (alice_client, carol_client):
        await client.close()


async def test_a_worker_killed_mid_game_loses_no_move_and_its_players_are_put_back(front, keys):
    server, port = await front()
    directory = server.directory
    directory.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    directory.create(identity("carol", keys), GAME.id, seats=2, bots=1, variant=None, computer="greedy")
    alice, bob = await alice_and_bob_at_table_1(port, keys)
    carol = await connect(port, "carol", keys["carol"])
    await at_table(carol, 1, "carol (you), Computer 1 (computer)")
    alice.type("2")
    await bob.rec.wait_for("Counter at 2")
    bob.type("1")
    await alice.rec.wait_for("Counter at 3")
    doomed, other = directory.worker_of(1), directory.worker_of(2)
    carol_mark = carol.mark()
    mark = alice.mark(), bob.mark()
    alice.type("2")  # the move and the kill race: the move is saved before any screen shows it
    await bob.rec.wait_for("Counter at 5", since=mark[1])
    os.kill(doomed.pid, signal.SIGKILL)
    for client, since in zip((alice, bob), mark):
        await client.rec.wait_for(MOVED[:30], since=since)  # a notice: its first line
    await wait_until(lambda: directory.worker_of(1) is not doomed, "table 1 to move to a live worker")
    assert moves_saved(server, 1) == 3
    bob_mark = bob.mark()
    bob.type("2")  # still bob's move, at his seat
    await bob.rec.wait_for("Counter at 7", since=bob_mark)
    await alice.rec.wait_for("Counter at 7", since=mark[0])
    # The other worker's table never noticed.
    assert directory.worker_of(2) is other and other.alive
    carol.type("1")
    await carol.rec.wait_for("Counter at 3", since=carol_mark)
    assert MOVED[:30] not in carol.rec.text()
    for client in (alice, bob, carol):
        await client.close()


async def test_a_session_moves_from_the_lobby_to_tables_in_two_workers_and_back(front, keys):
    server, port = await front()
    directory = server.directory
    alice = identity("alice", keys)
    directory.create(alice, GAME.id, seats=2, bots=0, variant=None)
    directory.create(alice, GAME.id, seats=2, bots=0, variant=None, hints=True)
    client = await connect(port, "alice", keys["alice"])
    await client.rec.wait_for("Welcome, alice")
    await client.rec.wait_for("Secret Paddle (hints)")  # table 2's settings, as its worker holds them
    for number in (2, 1):
        await at_table(client, number, "alice (you), Seat 2 (free)")
        session = next(iter(server._by_sid.values()))
        assert session.relay is not None and session.relay[0] is directory.worker_of(number)
        await wait_until(lambda: directory.tables[number].connected() == ["alice"], "the table to list alice")
        mark = await to_the_lobby(client, "alice")  # the lobby, drawn whole again
        await client.rec.wait_for("On the server now: alice (lobby)", since=mark)
        assert session.relay is None
        mark = client.mark()
        client.type("\x1b[A" * 3)  # the lobby has the keys again: its cursor moves
        await wait_until(lambda: client.mark() > mark, "the lobby to answer a key")
    await client.close()


async def test_a_takeback_is_asked_of_a_player_in_the_lobby_who_answers_there(front, keys):
    server, port = await front(takeback_wait=0.3)
    server.directory.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice, bob = await alice_and_bob_at_table_1(port, keys)
    alice.type("1")
    await bob.rec.wait_for("Counter at 1")
    await to_the_lobby(bob, "bob")
    mark = alice.mark()
    alice.type("u")  # bob, in the lobby (the front), is asked there, as in one process
    await bob.rec.wait_for("alice asks to take back their last move", since=mark)
    assert moves_saved(server, 1) == 1  # it waits for him: he is connected
    bob.type("y")
    await alice.rec.wait_for("Counter at 0", since=mark)
    await alice.rec.wait_for("bob agreed", since=mark)
    assert moves_saved(server, 1) == 0
    for client in (alice, bob):
        await client.close()


async def test_a_worker_that_stalls_delays_no_table_of_another_worker(front, keys):
    server, port = await front()
    directory = server.directory
    directory.create(identity("alice", keys), GAME.id, seats=2, bots=1, variant=None, computer="greedy")
    directory.create(identity("carol", keys), GAME.id, seats=2, bots=1, variant=None, computer="greedy")
    alice = await connect(port, "alice", keys["alice"])
    carol = await connect(port, "carol", keys["carol"])
    await at_table(alice, 1, "alice (you), Computer 1 (computer)")
    await at_table(carol, 1, "carol (you), Computer 1 (computer)")
    stalled = directory.worker_of(1)
    os.kill(stalled.pid, signal.SIGSTOP)  # table 1's worker stops dead, as under a runaway table
    try:
        mark = alice.mark()
        alice.type("1")
        for counter in (3, 6):
            carol.type("1")
            await carol.rec.wait_for(f"Counter at {counter}")
        assert "Counter at 1" not in alice.rec.text(mark)
    finally:
        os.kill(stalled.pid, signal.SIGCONT)
    await alice.rec.wait_for("Counter at 3", since=mark)  # and table 1 goes on once its worker does
    for client in (alice, carol):
        await client.close()


async def test_keys_typed_as_the_stream_moves_reach_the_table(front, keys):
    server, port = await front()
    server.directory.create(identity("alice", keys), GAME.id, seats=2, bots=1, variant=None, computer="greedy")
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("alice (you), Computer 1 (computer)")
    alice.type(ENTER)
    session = next(iter(server._by_sid.values()))
    await wait_until(lambda: session.relay is not None, "the stream to move to the table's worker")
    alice.type("2")  # at once: it reaches the worker while the table opens there
    await alice.rec.wait_for("Counter at 4")
    await alice.close()


async def test_a_dead_workers_table_whose_save_will_not_open_is_listed_as_broken(front, keys, river_home):
    server, port = await front()
    directory = server.directory
    directory.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice = await connect(port, "alice", keys["alice"])
    await at_table(alice, 1, "alice (you), Seat 2 (free)")
    doomed, path = directory.worker_of(1), directory.tables[1].path
    path.write_bytes(b"not a save any more")
    mark = alice.mark()
    os.kill(doomed.pid, signal.SIGKILL)
    await alice.rec.wait_for("Welcome, alice", since=mark)  # back in the lobby, told why
    await alice.rec.wait_for("This table is not on the", since=mark)
    await alice.rec.wait_for("cannot be opened", since=mark)  # the lobby's row for it, with its reason
    assert 1 not in directory.tables
    assert str(path) in (river_home / "serve" / "tables.json").read_text()  # kept, to come back once repaired
    await alice.close()


async def test_your_move_rings_in_the_lobby_and_at_a_table_in_another_worker(front, keys):
    server, port = await front(takeback_wait=0.3)
    directory = server.directory
    directory.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    directory.create(identity("carol", keys), GAME.id, seats=2, bots=1, variant=None, computer="greedy")
    assert directory.worker_of(1) is not directory.worker_of(2)
    alice, bob = await alice_and_bob_at_table_1(port, keys)
    await bob_told_in_the_lobby_then_watching_table_2(alice, bob)
    mark = bob.mark()
    session = next(session for session in server._by_sid.values() if session.identity.name == "bob")
    assert session.relay is not None and session.relay[0] is directory.worker_of(2)
    alice_mark = alice.mark()
    alice.type("u")  # alice takes back her move: bob, watching a table in the other worker, is asked there...
    await bob.rec.wait_for("alice asks to take back their last move", since=mark)
    bob.type("y")
    await alice.rec.wait_for("Counter at 2", since=alice_mark)
    alice.type("2")  # ...and plays another: bob's move again, told at table 2's worker
    await bob.rec.wait_for("It is your move at table 1", since=mark)
    assert bells(bytes(bob.rec.output[mark:])) == 1
    for client in (alice, bob):
        await client.close()


async def test_on_turn_runs_from_the_worker_only_when_its_player_is_connected_nowhere(front, keys, tmp_path):
    out = tmp_path / "runs.jsonl"
    server, port = await front(on_turn=[sys.executable, "-c", RECORD_ENV, str(out)])
    server.directory.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice, bob = await alice_and_bob_at_table_1(port, keys)
    mark = await to_the_lobby(bob, "bob")  # connected, though not in the table's worker
    alice.type("1")
    await bob.rec.wait_for("It is your move at table 1", since=mark)
    bob.type("\x1b[A" * 3 + ENTER)  # back at his seat, he plays; then leaves the server
    await bob.rec.wait_for("Counter at 1")
    bob.type("2")
    await alice.rec.wait_for("Counter at 3")
    await bob.close()
    await alice.rec.wait_for("bob gone")
    assert not runs(out)  # his first turn found him in the lobby: no command
    alice.type("1")
    await wait_until(lambda: runs(out), "the --on-turn command to run", seen=lambda: list(tmp_path.iterdir()))
    assert [run["RIVER_TUI_SEAT"] for run in runs(out)] == ["bob"]
    await alice.close()


async def test_a_table_whose_save_kills_its_reader_is_set_aside_and_the_front_and_the_rest_go_on(
    front, keys, river_home, monkeypatch
):
    monkeypatch.setenv(SPARED, str(os.getpid()))  # a paddle of 2 kills the workers, not this process
    registry = TableRegistry(river_home / "serve")
    registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    doomed = registry.create(identity("alice", keys), CRASHING.id, seats=2, bots=0, variant=None)
    doomed.table.apply(0, Paddle(2))  # saved here; reading the save back plays it again
    await registry.close()
    for shared in registry.tables.values():
        shared.table.close()  # its save's lock: the workers open it

    def replayed(*_args):
        raise AssertionError("the front replayed a save's moves: a save that kills its reader would stop it")

    monkeypatch.setattr(CRASHING, "apply", replayed)  # in this process, the front's
    server, port = await front(workers=1, imports=["support.net.secret_game", "support.net.crashing_game"])
    directory = server.directory  # table 1 shares the worker, and is not blamed: it opened
    await wait_until(lambda: 2 not in directory.tables, "table 2 to be set aside",
                     seen=lambda: [worker.number for worker in server.pool.workers])  # fmt: skip
    assert [broken.reason for broken in directory.broken] == [SET_ASIDE_REASON]
    assert [worker.number for worker in server.pool.workers] == [4]  # three restarts, then no more
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("set aside:")  # the lobby's row of broken tables says why
    await at_table(alice, 1, "alice (you), Seat 2 (free)")
    alice.type("2")  # the other table goes on
    await alice.rec.wait_for("Counter at 2")
    assert str(doomed.path) in (river_home / "serve" / "tables.json").read_text()  # kept, to come back once repaired
    assert [worker.number for worker in server.pool.workers] == [4]
    await alice.close()


async def test_a_table_whose_moves_kill_its_worker_sends_its_players_back_after_three_times(front, keys, monkeypatch):
    monkeypatch.setenv(SPARED, str(os.getpid()))
    server, port = await front(workers=1, imports=["support.net.secret_game", "support.net.crashing_game"])
    directory = server.directory
    directory.create(identity("alice", keys), CRASHING.id, seats=2, bots=0, variant=None)
    alice = await connect(port, "alice", keys["alice"])
    await at_table(alice, 1, "alice (you), Seat 2 (free)")
    for _ in range(CRASHES - 1):
        before, mark = directory.worker_of(1), alice.mark()
        alice.type("2")
        await wait_until(lambda: directory.worker_of(1) is not before, "table 1 to reopen in a new worker")
        await alice.rec.wait_for(MOVED[:30], since=mark)  # put back, the move not made
    mark = alice.mark()
    alice.type("2")
    await alice.rec.wait_for(SET_ASIDE[:30], since=mark)  # the third time: back in the lobby, told why
    await alice.rec.wait_for("Welcome, alice", since=mark)
    assert 1 not in directory.tables and [worker.number for worker in server.pool.workers] == [4]
    await alice.close()


def test_workers_that_keep_ending_are_replaced_at_a_slower_pace():
    now = [0.0]
    pace = RestartPace(burst=5, window=60.0, pause=5.0, clock=lambda: now[0])
    assert [pace.wait() for _ in range(5)] == [0.0] * 5  # a few deaths: replaced at once
    assert [pace.wait() for _ in range(3)] == [5.0, 10.0, 15.0]  # then one every 5 s
    now[0] = 100.0  # a minute and more without a death
    assert pace.wait() == 0.0


async def test_a_worker_watchdog_closes_a_session_that_keeps_it_busy_and_the_front_says_why(front, keys, monkeypatch):
    monkeypatch.setenv(SPARED, str(os.getpid()))
    server, port = await front(workers=1, busy_share=0.5, busy_window=0.5,
                               imports=["support.net.secret_game", "support.net.crashing_game"])  # fmt: skip
    server.directory.create(identity("alice", keys), HOG.id, seats=2, bots=0, variant=None)
    alice, bob = await alice_and_bob_at_table_1(port, keys)

    async def hog() -> None:  # a second of the worker's loop, in her session (again, until it is closed)
        alice.type("2")
        await asyncio.sleep(3.0)

    await wait_until(alice.rec.closed.is_set, "the hog to be closed", seen=alice.rec.text, pause=hog)
    assert "kept the server busy for everyone" in alice.rec.text()
    mark = bob.mark()
    bob.type("1")  # bob's session, in the same worker, goes on
    await bob.rec.wait_for("Counter at 3", since=mark)
    await bob.close()


async def test_a_takeback_question_shown_in_the_lobby_goes_when_the_request_ends_at_the_table(front, keys):
    server, port = await front(workers=1)
    server.directory.create(identity("alice", keys), GAME.id, seats=3, bots=0, variant=None)
    clients = await three_at_table_1(port, keys)
    clients["alice"].type("1")
    await clients["bob"].rec.wait_for("Counter at 1")
    mark = await to_the_lobby(clients["bob"], "bob")
    clients["alice"].type("u")  # asked of carol at the table and of bob in the lobby
    await clients["bob"].rec.wait_for("alice asks to take back their last move", since=mark)
    bob_app = server._app_of(next(s for s in server._by_sid.values() if s.identity.name == "bob"))
    await wait_until(lambda: isinstance(bob_app.screen, TakebackQuestion), "bob's question over the lobby")
    await clients["carol"].rec.wait_for("alice asks to take back their last move")
    clients["carol"].type("n")  # carol refuses: the request ends, and bob's question goes
    await wait_until(lambda: not isinstance(bob_app.screen, TakebackQuestion), "bob's question to go",
                     seen=lambda: bob_app.screen)  # fmt: skip
    assert moves_saved(server, 1) == 1
    for client in clients.values():
        await client.close()


async def test_a_takeback_asked_at_a_table_whose_worker_dies_is_asked_again_where_the_stream_goes(front, keys):
    server, port = await front(takeback_wait=0.3)
    directory = server.directory
    directory.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    directory.create(identity("carol", keys), GAME.id, seats=2, bots=1, variant=None, computer="greedy")
    alice, bob = await alice_and_bob_at_table_1(port, keys)
    await bob_told_in_the_lobby_then_watching_table_2(alice, bob)
    doomed = directory.worker_of(2)
    alice_mark, mark = alice.mark(), bob.mark()
    alice.type("u")
    await bob.rec.wait_for("alice asks to take back their last move", since=mark)
    mark = bob.mark()
    os.kill(doomed.pid, signal.SIGKILL)  # bob's question goes with the app that showed it...
    await bob.rec.wait_for(MOVED[:30], since=mark)
    await bob.rec.wait_for("alice asks to take back their last move", since=mark)  # ...and is asked again
    bob.type("y")
    await alice.rec.wait_for("Counter at 2", since=alice_mark)
    await alice.rec.wait_for("bob agreed", since=alice_mark)
    assert moves_saved(server, 1) == 2
    for client in (alice, bob):
        await client.close()


async def test_a_player_who_answers_a_takeback_at_the_table_is_not_asked_it_again_in_the_lobby(front, keys):
    server, port = await front(workers=1)
    server.directory.create(identity("alice", keys), GAME.id, seats=3, bots=0, variant=None)
    clients = await three_at_table_1(port, keys)
    clients["alice"].type("1")
    await clients["bob"].rec.wait_for("Counter at 1")
    mark, alice_mark = clients["bob"].mark(), clients["alice"].mark()
    clients["alice"].type("u")  # bob and carol are asked at the table; the front keeps it for them
    await clients["bob"].rec.wait_for("alice asks to take back their last move", since=mark)
    await wait_until(lambda: len(server._asked) == 2, "the front to keep both questions", seen=lambda: server._asked)
    clients["bob"].type("y")  # bob answers at the table: the front is told, and will not ask him again
    await wait_until(lambda: [asked.seat for asked in server._asked.values()] == [2], "only carol to be left to ask",
                     seen=lambda: server._asked)  # fmt: skip
    mark = await to_the_lobby(clients["bob"], "bob")
    clients["carol"].type("y")  # the request ends with bob's question in an app that has ended: passed over
    await clients["alice"].rec.wait_for("Counter at 0", since=alice_mark)
    await clients["alice"].rec.wait_for("bob agreed; carol agreed", since=alice_mark)
    assert moves_saved(server, 1) == 0
    for client in clients.values():
        await client.close()
