"""No session can stall the loop: window sizes clamped and coalesced, a session
hogging the loop closed by the watchdog, and the server stopping on SIGTERM
whatever a client is doing."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
import time

from river_tui.net.driver import MAX_SIZE
from river_tui.net.remote_app import RemoteApp
from river_tui.net.server import ServerConfig
from river_tui.net.tables import TableRegistry
from river_tui.net.watchdog import Busy, Watchdog

from support.net.echo_app import EchoApp
from support.net.serve_process import serving_port, start_serve, stop
from support.net.sshclient import Client, connect
from support.waiting import wait_until

WATCHDOG = ServerConfig.busy_share
"""The server's own watchdog limit (the other tests' servers never close a busy session)."""

LATENCY_BOUND = 5.0
"""Seconds a key of another session may take to show while one session storms:
generous for a loaded 2-core machine; before coalescing, the storm held the loop
for minutes."""


async def key_round_trip(client: Client, key: str, count: int) -> float:
    """Seconds from typing ``key`` until the screen shows it as the ``count``-th key."""
    mark, started = client.mark(), time.perf_counter()
    client.type(key)
    await client.rec.wait_for(f"key {key} #{count}", since=mark, timeout=LATENCY_BOUND)
    return time.perf_counter() - started


async def test_a_resize_storm_leaves_other_sessions_answering(make_config, start_server, keys, river_home):
    registry = TableRegistry(river_home / "serve")
    factory = lambda who: RemoteApp(who, registry) if who.name == "alice" else EchoApp(who)  # noqa: E731
    server, port = await start_server(make_config(busy_share=WATCHDOG), factory)
    bob = await connect(port, "bob", keys["bob"], size=(80, 24))
    await bob.rec.wait_for("hello bob")
    alice = await connect(port, "alice", keys["alice"], size=(100_000, 100_000))
    await alice.rec.wait_for("Welcome", timeout=30)

    async def storm() -> None:
        for width, height in ((2**32 - 1, 2**32 - 1), (0, 0)):
            alice.chan.change_terminal_size(width, height)
        for n in range(200):
            alice.chan.change_terminal_size(200 + n, 50 + n % 40)
            await asyncio.sleep(0.01)
        alice.chan.change_terminal_size(90, 30)

    storming = asyncio.ensure_future(storm())
    count = 0
    while not storming.done():
        count += 1
        await key_round_trip(bob, "k", count)  # fails if one key takes longer than LATENCY_BOUND
    await storming
    session = next(s for s in server.sessions if s.identity.name == "alice")
    await wait_until(lambda: session._app.size == (90, 30), "the last size to be laid out", seen=lambda: session._app.size)
    mark = alice.mark()
    alice.type("n")  # alice's session still answers
    await alice.rec.wait_for("New table", since=mark)
    await alice.close()
    await bob.close()


async def test_window_sizes_are_clamped_both_ways(make_config, start_server, keys):
    server, port = await start_server(make_config(busy_share=WATCHDOG), EchoApp)
    alice = await connect(port, "alice", keys["alice"], size=(0, 0))
    await alice.rec.wait_drawn()
    app = next(iter(server.sessions))._app
    await wait_until(lambda: app.size == (1, 1), "a 0x0 window to be laid out at 1x1", seen=lambda: app.size)
    alice.chan.change_terminal_size(2**32 - 1, 2**32 - 1)
    await alice.rec.wait_for(f"size {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    await alice.close()


class Hog(EchoApp):
    """Spends 0.3 s of the loop on every key: a session nobody should share a server with."""

    def on_key(self, event) -> None:
        busy_until = time.perf_counter() + 0.3
        while time.perf_counter() < busy_until:
            pass
        super().on_key(event)


async def test_a_session_hogging_the_loop_is_closed_with_a_sentence(make_config, start_server, keys, caplog):
    factory = lambda who: Hog(who) if who.name == "alice" else EchoApp(who)  # noqa: E731
    server, port = await start_server(make_config(busy_share=WATCHDOG), factory)
    alice = await connect(port, "alice", keys["alice"])
    bob = await connect(port, "bob", keys["bob"])
    await alice.rec.wait_for("hello alice")
    await bob.rec.wait_for("hello bob")

    async def hog() -> None:
        alice.type("x" * 5)
        await asyncio.sleep(0.05)

    await wait_until(alice.rec.closed.is_set, "the hog to be closed", seen=alice.rec.text, pause=hog)
    assert "kept the server busy for everyone" in alice.rec.text()
    assert "alice kept the loop busy" in caplog.text
    mark = bob.mark()
    bob.type("k")
    await bob.rec.wait_for("key k #1", since=mark)
    await bob.close()


class FakeSession:
    def __init__(self) -> None:
        self.busy = Busy()
        self.closed_at: float | None = None

    def overloaded(self, share: float) -> None:
        self.closed_at = share


def test_the_watchdog_closes_only_the_session_over_its_share():
    hog, fair = FakeSession(), FakeSession()
    dog = Watchdog(lambda: [hog, fair], interval=1.0, window=4.0, limit=0.75)
    for second in range(6):
        dog.check(float(second))
        hog.busy.seconds += 0.9
        fair.busy.seconds += 0.5
    assert hog.closed_at is not None and hog.closed_at > 0.75
    assert fair.closed_at is None


def test_the_watchdog_measures_a_share_of_the_time_the_loop_had_a_core():
    """On a machine busy with other work the loop waits for a core: a session that
    takes nearly all the rest is still closed, a modest one is not, and a loop left
    almost no core does not make a small use look large."""
    hog, fair = FakeSession(), FakeSession()
    dog = Watchdog(lambda: [hog, fair], interval=1.0, window=4.0, limit=0.75)
    for second in range(6):
        dog.check(float(second), waited=0.6 * second)  # the loop had a core 0.4 s of every second
        hog.busy.seconds += 0.35
        fair.busy.seconds += 0.05
    assert hog.closed_at is not None and hog.closed_at > 0.75
    assert fair.closed_at is None
    starved = FakeSession()
    dog = Watchdog(lambda: [starved, fair], interval=1.0, window=4.0, limit=0.75)
    for second in range(6):
        dog.check(float(second), waited=0.97 * second)  # 0.03 s of a core every second
        starved.busy.seconds += 0.03
    assert starved.closed_at is None


class Stalled(EchoApp):
    """Each key's handling holds the loop 0.3 s without computing: what a machine busy
    with other work does to a session's steps when it takes the core away."""

    def on_key(self, event) -> None:
        time.sleep(0.3)  # Textual then calls EchoApp.on_key too (each class's handler in turn)


async def test_a_session_held_up_without_computing_is_not_charged_nor_closed(make_config, start_server, keys):
    factory = lambda who: Stalled(who) if who.name == "alice" else EchoApp(who)  # noqa: E731
    server, port = await start_server(make_config(busy_share=WATCHDOG), factory)
    alice = await connect(port, "alice", keys["alice"])
    bob = await connect(port, "bob", keys["bob"])
    await alice.rec.wait_for("hello alice")
    await bob.rec.wait_for("hello bob")
    session = next(s for s in server.sessions if s.identity.name == "alice")
    for _ in range(20):  # 6 s of the loop held: more than the watchdog's 5 s window
        mark, count = alice.mark(), len(session._app.keys) + 1
        alice.type("x")
        await alice.rec.wait_for(f"key x #{count}", since=mark)
    assert session.busy.seconds < 2.0  # of the 6 s it held the loop, only what it computed
    assert not alice.rec.closed.is_set()
    mark = bob.mark()
    bob.type("k")
    await bob.rec.wait_for("key k #1", since=mark)
    await alice.close()
    await bob.close()


async def test_sigterm_stops_the_server_during_a_storm(river_home, keys):
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    (folder / "authorized_keys").write_bytes(keys["alice"].export_public_key() + keys["bob"].export_public_key())
    process = await start_serve(river_home)
    try:
        port = await serving_port(process)
        alice = await connect(port, "alice", keys["alice"], size=(400, 200))
        bob = await connect(port, "bob", keys["bob"])
        await alice.rec.wait_for("No tables yet", timeout=30)
        await bob.rec.wait_for("No tables yet", timeout=30)
        for n in range(300):
            alice.chan.change_terminal_size(100 + n, 40 + n % 100)
            alice.type(os.urandom(512).replace(b"\x11", b"") + b"\x1b[200~" + b"p" * 4096)
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 20) == 0
        await bob.rec.wait_for("The server is shutting down.")
    finally:
        await stop(process)
    assert "stopping" in (folder / "serve.log").read_text()
