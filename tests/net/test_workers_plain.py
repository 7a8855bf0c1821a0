"""Plain lines (`ssh host plain`) on a server whose tables live in workers: the
lobby's lines come from the front, a table's from its worker, and a plain player
plays, chats, whispers, answers a takeback and watches as in one process; a worker
killed mid-game puts them back at their seat with one sentence."""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import time

from river_tui.net.chat import PER_MINUTE
from river_tui.net.server import KEY_FULL, SESSIONS_PER_KEY
from river_tui.net.workers.directory import MOVED
from river_tui.net.workers.front import FrontSession

from support.net.secret_game import GAME, WORDS
from support.net.sshclient import connect
from support.waiting import wait_until
from .test_plain_ssh import plain, typed
from .test_tables import playable  # noqa: F401 (fixture)
from .test_workers import at_table, front, moves_saved  # noqa: F401 (fixture)


async def test_plain_players_play_chat_and_take_back_at_a_table_in_a_worker(front, keys):  # noqa: F811
    server, port = await front(workers=1)
    alice = await plain(port, "alice", keys["alice"])
    bob = await plain(port, "bob", keys["bob"], pty=True)  # with a terminal: the worker echoes at the table
    await typed(alice, f"new {GAME.id} 2", "alice, your move")
    session = next(s for s in server._by_sid.values() if s.identity.name == "alice")
    assert session.relay is not None and session.relay[0] is server.directory.worker_of(1)
    await typed(bob, "tables", "table 1: Secret Paddle; alice, seat 2 free;")
    await typed(bob, "sit 1", "you are in seat 2 (bob)")
    carol = await connect(port, "carol", keys["carol"])  # the full screen, watching the same table
    await at_table(carol, 1, "alice, bob")
    await alice.rec.wait_for("At the table: alice here · bob here · watching: carol.")

    alice.type("say hello all\n")
    await bob.rec.wait_for("alice: hello all")
    await carol.rec.wait_for("hello all")
    bob.type("@alice psst\n")
    await alice.rec.wait_for("bob whispers to alice: psst")

    await typed(alice, "paddle 2", "alice paddled 2")
    await bob.rec.wait_for("bob, your move")
    await typed(bob, "paddle 1", "bob paddled 1")
    await typed(bob, "undo", "waiting for alice to answer")
    await alice.rec.wait_for("bob asks to take back their last move: bob paddled 1 (Y/N)")
    await typed(alice, "y", "bob took back their last move (bob paddled 1)")
    await wait_until(lambda: moves_saved(server, 1) == 1, "the takeback saved")

    for client in (alice, bob):
        await typed(client, "board", "secrets:")
    await typed(bob, "lobby", "You are in the lobby.")  # the front's lines again
    await typed(bob, "who", "On the server now: alice (table 1), bob (lobby), carol (table 1).")
    assert "psst" not in carol.rec.text()
    secrets = {name: next(word for word in WORDS if word in client.rec.text())
               for name, client in (("alice", alice), ("bob", bob))}  # fmt: skip
    assert secrets["alice"] != secrets["bob"]
    assert secrets["bob"] not in alice.rec.text() and secrets["alice"] not in bob.rec.text()
    assert b"\x1b" not in bytes(alice.rec.output)  # lines, never drawing
    for client in (alice, bob, carol):
        await client.close()


async def test_a_plain_player_whose_worker_is_killed_is_put_back_at_the_seat(front, keys):  # noqa: F811
    server, port = await front(workers=1)
    alice = await plain(port, "alice", keys["alice"])
    await typed(alice, f"new {GAME.id} 2 1 easy", "alice, your move")
    await typed(alice, "paddle 2", "alice paddled 2")
    await alice.rec.wait_for("alice, your move")
    doomed = server.directory.worker_of(1)
    mark = alice.mark()
    os.kill(doomed.pid, signal.SIGKILL)
    await alice.rec.wait_for(MOVED, since=mark)
    await alice.rec.wait_for("alice, your move", since=mark)
    assert "You are in the lobby." not in alice.rec.text(mark)
    assert server.directory.worker_of(1) is not doomed
    await typed(alice, "paddle 1", "alice paddled 1")
    await wait_until(lambda: moves_saved(server, 1) == 4, "every move kept", seen=lambda: moves_saved(server, 1))
    alice.type("\x04")  # ctrl+d at the table leaves the server, as in one process
    await alice.rec.wait_closed()


async def test_lines_piped_through_a_table_in_a_worker_are_all_answered(front, keys, monkeypatch):  # noqa: F811
    server, port = await front(workers=1)
    run_plain = FrontSession._run_plain

    async def after_the_input(session):  # as ssh sends a small file: every line and its end before the lobby is up
        await wait_until(lambda: session._input_ended, "the end of the input")
        await run_plain(session)

    monkeypatch.setattr(FrontSession, "_run_plain", after_the_input)
    alice = await connect(port, "alice", keys["alice"], pty=False, command="plain")
    alice.type(f"new {GAME.id} 2\npaddle 2\nlobby\nwho\nsit 1\nquit\nquit\n")  # all at once, as from a file
    alice.chan.write_eof()
    await alice.rec.wait_closed()
    text = alice.rec.text()
    at = 0
    for line in ("you are in seat 1", "alice paddled 2", "You are in the lobby.", "On the server now: alice (lobby).",
                 "Table 1: Secret Paddle", "You are in the lobby."):  # fmt: skip
        at = text.index(line, at) + len(line)  # each said, in the order typed
    assert moves_saved(server, 1) == 1


async def test_chat_lines_count_per_session_in_the_lobby_and_at_a_table_in_a_worker(front, keys):  # noqa: F811
    server, port = await front(workers=1)
    start = time.monotonic() - 30  # each one's lines in the lobby a second apart, the last over 10 s ago
    alices = [start + n for n in range(PER_MINUTE)]
    bobs = [start + n + 0.5 for n in range(PER_MINUTE - 1)]
    server.directory.chat_rates.clock = itertools.chain(alices, bobs, iter(time.monotonic, None)).__next__
    alice = await plain(port, "alice", keys["alice"])
    bob = await plain(port, "bob", keys["bob"])
    for client, name, lines in ((alice, "alice", alices), (bob, "bob", bobs)):
        for n in range(len(lines)):
            await typed(client, f"say line {n}", f"{name} (lobby): line {n}")
    await typed(alice, f"new {GAME.id} 2", "alice, your move")
    await typed(alice, "say at the table", "At most 20 lines a minute")  # her lobby's lines count in the worker
    await typed(bob, "sit 1", "you are in seat 2")
    await typed(bob, "say the last one", "bob: the last one")  # his 20th of the minute
    await typed(bob, "lobby", "You are in the lobby.")
    await typed(bob, "say and here", "send it again in")  # the table's line counts in the lobby
    for client in (alice, bob):
        await client.close()


async def test_keys_waiting_and_presence_at_a_table_in_a_worker_reach_the_front(front, keys):  # noqa: F811
    """The idle timer is the front's: a key at a table in a worker (the screen's or a
    plain line) counts there, a player waiting for the others is busy, and presence
    at the table knows who is in the front's lobby ("away")."""
    server, port = await front(workers=1)
    alice = await plain(port, "alice", keys["alice"])
    await typed(alice, f"new {GAME.id} 2", "alice, your move")
    bob = await connect(port, "bob", keys["bob"])  # the full screen
    await at_table(bob, 1, "alice, Seat 2 (free)")
    session = {s.identity.name: s for s in server._by_sid.values()}
    for name, client, key in (("alice", alice, "who\n"), ("bob", bob, "L")):
        before = session[name]._last_input
        client.type(key)
        await wait_until(lambda: session[name]._last_input > before, f"{name}'s key to reach the front's idle timer")
    await wait_until(lambda: server.directory.tables[1].to_act == [0], "the front to know whose move it is")
    now = asyncio.get_running_loop().time()
    assert session["bob"]._app.last_change() >= now  # waiting for alice: busy, not idle
    assert session["alice"]._app.last_change() < now  # her move: only her keys and her table's changes count
    mark = alice.mark()
    bob.type("q")  # to the front's lobby: connected, away from the table
    await alice.rec.wait_for("At the table: alice here · bob away", since=mark)
    await bob.close()
    await alice.rec.wait_for("bob gone", since=mark)
    await alice.close()


async def test_names_and_the_sessions_per_key_are_the_fronts_whatever_worker_holds_a_table(front, keys):  # noqa: F811
    server, port = await front(workers=1)
    sessions = [await plain(port, "alice", keys["alice"]) for _ in range(SESSIONS_PER_KEY)]
    await typed(sessions[0], f"new {GAME.id} 2", "alice, your move")  # one of them at a table in the worker
    extra = await connect(port, "alice", keys["alice"], pty=False, command="plain")
    await extra.rec.wait_closed()
    assert KEY_FULL.format(count=SESSIONS_PER_KEY) in extra.rec.text()
    impostor = await connect(port, "alice", keys["carol"], pty=False, command="plain")
    await impostor.rec.wait_closed()
    assert "The name alice belongs to another key on this server" in impostor.rec.text()
    for client in sessions:
        await client.close()
