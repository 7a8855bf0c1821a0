"""The lobby's chat: a channel for everyone in the lobby (guests too), with a table
chat's limits and cleaning, kept across a restart in serve/lobby.chat.json."""

from __future__ import annotations

import json

from river_tui.net.chat import MAX_CHARS

from support.net.sshclient import connect
from .test_chat import ENTER, PASTE, END_PASTE, close_all, river  # noqa: F401 (fixture)
from .test_tables import playable  # noqa: F401 (fixture)
from support.waiting import wait_until


async def write(client, words: str) -> None:
    mark = client.mark()
    client.type("c")
    await client.rec.wait_for("To the lobby:", since=mark)
    client.type(words)
    client.type(ENTER)


async def test_everyone_in_the_lobby_reads_a_line_as_typed_and_it_is_kept(river, keys, river_home):
    registry, port, clock = await river(guests=True)
    alice = await connect(port, "alice", keys["alice"])
    eve = await connect(port, "eve", None)
    for client in (alice, eve):
        await client.rec.wait_for("On the server now")
    await write(alice, f"{PASTE}[b]hi[/b] all\x07\x1b[2J{END_PASTE}")
    await eve.rec.wait_for("now alice: [b]hi[/b] all[2J")  # markup shown as typed, control characters dropped
    clock.now += 2
    await write(eve, "hello from the rail")
    await alice.rec.wait_for("now guest-eve: hello from the rail")
    await registry.lobby_chat.flush()
    kept = json.loads((river_home / "serve" / "lobby.chat.json").read_text())["lines"]
    assert [(line["from"], line["text"]) for line in kept] == [("alice", "[b]hi[/b] all[2J"), ("guest-eve", "hello from the rail")]
    await close_all(alice, eve)
    await registry.close()

    registry, port, clock = await river(guests=True)  # a restart: the lobby's lines are still there
    bob = await connect(port, "bob", keys["bob"])
    await bob.rec.wait_for("guest-eve: hello from the rail")
    await close_all(bob)


async def test_the_lobby_chat_keeps_a_table_chats_limits(river, keys):
    registry, port, clock = await river()
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("On the server now")
    await write(alice, "first")
    await alice.rec.wait_for("now alice: first")
    mark = alice.mark()
    await write(alice, "second, at once")  # within a second: refused, kept in the line to send again
    await alice.rec.wait_for("One line a second", since=mark)
    assert [line.text for line in registry.lobby_chat.lines] == ["first"]
    clock.now += 2
    alice.type(ENTER)
    await wait_until(lambda: len(registry.lobby_chat.lines) == 2, "the second line", seen=lambda: registry.lobby_chat.lines)
    clock.now += 2
    await write(alice, f"{PASTE}{'x' * (MAX_CHARS + 50)}{END_PASTE}")  # the line holds no more than a table's
    await wait_until(lambda: len(registry.lobby_chat.lines) == 3, "the long line", seen=lambda: registry.lobby_chat.lines)
    assert registry.lobby_chat.lines[-1].text == "x" * MAX_CHARS
    await close_all(alice)
