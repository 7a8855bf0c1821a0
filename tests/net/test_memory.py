"""A finished session leaves nothing behind: after twenty sessions came (to the
lobby, to a shared table) and went, no app of theirs is alive, nor anything its
widgets drew; and the server frees a finished app itself, without waiting for
Python's next full collection."""

from __future__ import annotations

import asyncio
import contextvars
import gc
import weakref
from collections.abc import Callable

import pytest
from textual._styles_cache import StylesCache

from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.sweeper import Sweeper
from river_tui.net.tables import TableRegistry

from support.net.sshclient import connect
from support.waiting import wait_until

CTRL_S = "\x13"


def tracked_apps(registry: TableRegistry) -> tuple[list[weakref.ref[RemoteApp]], Callable[[Identity], RemoteApp]]:
    """A weak reference to every app the returned factory builds, and the factory."""
    apps: list[weakref.ref[RemoteApp]] = []

    def build(identity: Identity) -> RemoteApp:
        app = RemoteApp(identity, registry)
        apps.append(weakref.ref(app))
        return app

    return apps, build


@pytest.mark.patches  # what the memory patches bought (Textual issue #6665 without them)
async def test_no_app_outlives_its_session(make_config, start_server, keys, river_home):
    registry = TableRegistry(river_home / "serve", bot_delay=0.05)
    apps, build = tracked_apps(registry)
    server, port = await start_server(make_config(), build)
    for n in range(20):
        client = await connect(port, ("alice", "bob")[n % 2], keys[("alice", "bob")[n % 2]], size=(80, 24))
        await client.rec.wait_for("Welcome")
        if n == 0:  # a table with a computer seat, saved and moved by the server
            client.type("n")
            await client.rec.wait_for("New table")
            client.type(CTRL_S)
            await client.rec.wait_for("q Lobby")
        elif n % 3:
            mark = client.mark()
            client.type("\r")  # sit at (or watch) the table
            await client.rec.wait_for("q Lobby", since=mark)
            if n % 3 == 1:
                mark = client.mark()
                client.type("q")  # back to the lobby
                await client.rec.wait_for("Welcome", since=mark)
        await client.close()
        await wait_until(lambda: not server.sessions, "the session to end", seen=lambda: server.sessions)
    await registry.close()

    def live() -> list[RemoteApp]:
        gc.collect()
        return [app for app in (ref() for ref in apps) if app is not None]

    # Soon: a cancelled timer of the app's (its idle timeout, a widget's refresh) may
    # hold it until the server next collects.
    await wait_until(lambda: not live(), "every finished app to be freed", seen=live)
    assert len(apps) == 20
    drawn = [thing for thing in gc.get_objects() if isinstance(thing, StylesCache)]
    assert drawn == []  # each widget's lines, as it drew them last


@pytest.mark.patches  # what the memory patches bought (Textual issue #6665 without them)
async def test_a_session_that_ends_before_others_is_freed_while_they_go_on(make_config, start_server, keys, river_home):
    """Sessions end in another order than they began: alice's first session ends while
    bob's goes on, her second begins, bob's ends. Her first app is freed while her
    second still runs (Textual's print capture of a finished app had stayed in
    sys.stdout, holding it, until no session was left)."""
    registry = TableRegistry(river_home / "serve", bot_delay=0.05)
    apps, build = tracked_apps(registry)
    server, port = await start_server(make_config(), build)
    first = await connect(port, "alice", keys["alice"], size=(80, 24))
    await first.rec.wait_for("Welcome")
    bob = await connect(port, "bob", keys["bob"], size=(80, 24))
    await bob.rec.wait_for("Welcome")
    await first.close()
    await wait_until(lambda: len(server.sessions) == 1, "alice's first session to end", seen=lambda: server.sessions)
    second = await connect(port, "alice", keys["alice"], size=(80, 24))
    await second.rec.wait_for("Welcome")
    await bob.close()
    await wait_until(lambda: len(server.sessions) == 1, "bob's session to end", seen=lambda: server.sessions)

    def first_alive() -> bool:
        gc.collect()
        return apps[0]() is not None

    await wait_until(lambda: not first_alive(), "alice's first app to be freed", seen=lambda: gc.get_referrers(apps[0]()))
    assert apps[2]() is not None and server.sessions  # her second session goes on
    await second.close()
    await registry.close()


async def test_the_server_frees_a_finished_app(make_config, start_server, keys, river_home):
    """Python's own full collections are rare on the server (gc_tuning); with them
    off altogether, a finished session's app is still freed soon after it ends."""
    registry = TableRegistry(river_home / "serve", bot_delay=0.05)
    apps, build = tracked_apps(registry)
    server, port = await start_server(make_config(), build)
    gc.disable()
    try:
        client = await connect(port, "alice", keys["alice"], size=(80, 24))
        await client.rec.wait_for("Welcome")
        client.type("n")
        await client.rec.wait_for("New table")
        client.type(CTRL_S)
        await client.rec.wait_for("q Lobby")
        await client.close()
        await wait_until(lambda: apps[0]() is None, "the finished app to be freed", seen=lambda: server.sessions)
    finally:
        gc.enable()
        await registry.close()


async def test_a_cancelled_timer_lets_go_of_its_session_once_one_ends():
    """asyncio keeps a cancelled timer, and the context it was made in (a session's
    app), until it falls due; the server drops such timers when a session ends."""
    session = contextvars.ContextVar("session")

    class App:
        pass

    app = App()
    freed = weakref.ref(app)
    context = contextvars.copy_context()
    context.run(session.set, app)
    loop = asyncio.get_running_loop()
    sooner = loop.call_later(1800, print)  # a timer due before it, as a busy server has many
    loop.call_later(3600, print, context=context).cancel()
    del app, context
    gc.collect()
    assert freed() is not None  # held by the cancelled timer, for an hour
    sweeper = Sweeper()
    sweeper.session_ended()
    try:
        await wait_until(lambda: freed() is None, "the app to be freed", seen=lambda: gc.get_referrers(freed()))
    finally:
        sweeper.close()
        sooner.cancel()
