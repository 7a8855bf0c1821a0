"""Table chat over SSH: lines to the table, whispers to one seat, plain text only,
a rate limit per session, and the last lines kept with the table (never in its save).

Real clients on 127.0.0.1 type as players would: ``c`` opens the line, Enter sends.
The rate limit's clock is the test's own (`Clock`), so no test waits for a second
to pass.
"""

from __future__ import annotations

import asyncio
import gc
import json
import weakref

import pytest

from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry
from river_tui.net.chat import ChatLine, named_seat
from river_tui.net.driver import FLOOD_QUIET
from river_tui.play.table import Seat

from support.net.secret_game import GAME
from support.net.sshclient import Client, connect
from .test_tables import playable  # noqa: F401 (a fixture)
from support.waiting import wait_until

ENTER, PASTE, END_PASTE = "\r", "\x1b[200~", "\x1b[201~"


class Clock:
    """The chat's clock, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def identity(name: str, keys) -> Identity:
    return Identity(name, keys[name].get_fingerprint(), "127.0.0.1")


@pytest.fixture
async def river(make_config, start_server, river_home, playable):  # noqa: F811
    """``await river(**config)`` -> (registry, port, clock): the real app behind a real
    server, tables restored from what an earlier server in this test left; the chat's
    rate limit reads ``clock``."""
    registries: list[TableRegistry] = []
    clock = Clock()

    async def start(**overrides):
        registry = TableRegistry.restore(river_home / "serve", bot_delay=0.05)
        registry.chat_rates.clock = clock
        registries.append(registry)
        server, port = await start_server(make_config(**overrides), lambda who: RemoteApp(who, registry))
        return registry, port, clock

    yield start
    for registry in registries:
        await registry.close()


async def at_table(port: int, name: str, keys, shared, size=(120, 40)) -> Client:
    """``name`` logs in (with their key; None: a guest) and presses Enter on the table."""
    client = await connect(port, name, keys[name] if name in keys else None, size=size)
    await client.rec.wait_for(shared.title)
    client.type(ENTER)
    here = lambda: any(who.endswith(name) for who in shared.connected())  # a guest is "guest-NAME"
    await wait_until(here, f"{name} at the table", seen=shared.connected)
    return client


async def say(client: Client, words: str) -> None:
    """c, then ``words``, then Enter."""
    mark = client.mark()
    client.type("c")
    await client.rec.wait_for("Enter sends", since=mark)
    client.type(words)
    await client.rec.wait_for(words[-8:], since=mark)
    client.type(ENTER)


async def close_all(*clients: Client) -> None:
    for client in clients:
        assert not client.rec.closed.is_set()
        await client.close()


async def test_two_seats_and_a_watcher_chat_at_one_table(river, keys):
    registry, port, clock = await river()
    shared = registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice = await at_table(port, "alice", keys, shared)
    bob = await at_table(port, "bob", keys, shared)
    carol = await at_table(port, "carol", keys, shared)  # both seats are taken: she watches
    assert [v.seat for v in shared.viewers] == [0, 1, None]
    marks = [c.mark() for c in (alice, bob, carol)]
    await say(alice, "two fish for your vote?")
    for client, mark in zip((alice, bob, carol), marks):
        await client.rec.wait_for("alice: two fish for your vote?", since=mark)
    clock.now += 1
    await say(carol, "bob, take it")
    for client, mark in zip((alice, bob, carol), marks):
        await client.rec.wait_for("carol (watching): bob, take it", since=mark)
    clock.now += 1
    await say(bob, "deal")
    for client, mark in zip((alice, bob, carol), marks):
        await client.rec.wait_for("bob: deal", since=mark)
    assert [(line.sender, line.seat, line.text) for line in shared.chat.lines] == [
        ("alice", 0, "two fish for your vote?"), ("carol", None, "bob, take it"), ("bob", 1, "deal"),
    ]
    # Bob hides the watchers' lines: carol's next line reaches Alice, not him.
    bob.type("W")
    await bob.rec.wait_for("Watchers' lines hidden")
    clock.now += 1
    mark = bob.mark()
    await say(carol, "still watching")
    await alice.rec.wait_for("carol (watching): still watching")
    await say(alice, "after carol")
    await bob.rec.wait_for("alice: after carol", since=mark)
    assert "still watching" not in bob.rec.text(mark)
    await close_all(alice, bob, carol)


async def test_a_whisper_reaches_only_its_seat(river, keys):
    registry, port, clock = await river(guests=True)
    shared = registry.create(identity("alice", keys), GAME.id, seats=3, bots=0, variant=None)
    alice, bob, carol = [await at_table(port, name, keys, shared) for name in ("alice", "bob", "carol")]
    guest = await at_table(port, "visitor", keys, shared)
    mark = alice.mark()
    await say(alice, "@bob the secret plan")
    await bob.rec.wait_for("alice whispers: the secret plan")
    await alice.rec.wait_for("alice whispers to bob: the secret plan", since=mark)
    clock.now += 1
    await say(alice, "hello everyone")
    for client in (bob, carol, guest):
        await client.rec.wait_for("alice: hello everyone")  # came after the whisper, on the same path
    for client in (carol, guest):
        assert b"secret plan" not in client.rec.output and "secret plan" not in client.rec.text()
    # Watchers cannot whisper to players; the line stays to be changed.
    mark = guest.mark()
    await say(guest, "@alice psst")
    await guest.rec.wait_for("Watchers cannot whisper to players", since=mark)
    guest.type("\x1b")  # Esc: not sent
    assert [line.text for line in shared.chat.lines] == ["the secret plan", "hello everyone"]
    assert "psst" not in alice.rec.text()
    await close_all(alice, bob, carol, guest)


async def test_control_characters_and_markup_arrive_as_plain_text(river, keys):
    registry, port, _clock = await river()
    shared = registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice = await at_table(port, "alice", keys, shared)
    bob = await at_table(port, "bob", keys, shared)
    mark = alice.mark()
    alice.type("c")
    await alice.rec.wait_for("Enter sends", since=mark)
    # A bell, a backspace, a delete, a C1 escape and a right-to-left override, pasted.
    alice.type(f"{PASTE}[bold]big[/bold] a\x07\x08b\x7f\u009b2J\u202e [link=x]y[/link]{END_PASTE}")
    await alice.rec.wait_for("[/link]", since=mark)
    alice.type(ENTER)
    await bob.rec.wait_for("alice: [bold]big[/bold] ab2J [link=x]y[/link]")
    assert not any(ch in bob.rec.text() for ch in "\x07\x08\x7f\u009b\u202e")
    assert [line.text for line in shared.chat.lines] == ["[bold]big[/bold] ab2J [link=x]y[/link]"]
    await close_all(alice, bob)


async def test_each_line_says_how_long_ago_it_was_written(river, keys):
    """On screen, how long ago ("now", "2 h"); in the chat file, when (UTC)."""
    registry, port, _clock = await river()
    registry.chat_rates.wall_clock = lambda: 1_796_000_000.0
    shared = registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    shared.chat.add(ChatLine("bob", 1, "see you tonight", at=1_796_000_000.0 - 2 * 3600 - 5))
    alice = await at_table(port, "alice", keys, shared)
    await alice.rec.wait_for("2 h bob: see you tonight")
    await say(alice, "back now")
    await alice.rec.wait_for("now alice: back now")
    await shared.chat.flush()
    kept = json.loads(shared.chat.path.read_text())["lines"]
    assert [(line["text"], line["at"]) for line in kept] == [
        ("see you tonight", "2026-11-29T22:53:15Z"), ("back now", "2026-11-30T00:53:20Z"),
    ]  # fmt: skip
    await close_all(alice)


async def test_a_pasted_line_with_escape_sequences_arrives_in_the_order_typed(river, keys):
    registry, port, _clock = await river()
    shared = registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice = await at_table(port, "alice", keys, shared)
    mark = alice.mark()
    alice.type("c")
    await alice.rec.wait_for("Enter sends", since=mark)
    alice.type(f"{PASTE}X1 \x1b[2J X2 \x1b]0;title\x07X3{END_PASTE}")
    await alice.rec.wait_for("X3", since=mark)
    alice.type(ENTER)
    await wait_until(lambda: shared.chat.lines, "the line", seen=lambda: alice.rec.text(mark)[-300:])
    assert [line.text for line in shared.chat.lines] == ["X1 [2J X2 ]0;titleX3"]
    await close_all(alice)


@pytest.mark.parametrize("bracketed", [True, False], ids=["bracketed", "typed"])
async def test_a_huge_paste_is_cut_once_at_its_end_and_said_so(river, keys, bracketed):
    """1 MB pasted into the chat line, by a terminal that marks pastes or by one that
    types them: the line holds its first 300 characters, in order, and the notice
    says it was cut."""
    registry, port, _clock = await river()
    shared = registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice = await at_table(port, "alice", keys, shared)
    mark = alice.mark()
    alice.type("c")
    await alice.rec.wait_for("Enter sends", since=mark)
    words = "".join(f"w{n} " for n in range(200_000))[: 1024 * 1024]
    alice.type(f"{PASTE}{words}{END_PASTE}" if bracketed else words)
    await alice.rec.wait_for("your paste was cut" if bracketed else "Your input came faster", since=mark)

    async def press_enter() -> None:  # dropped while the paste is still coming in
        alice.type(ENTER)
        await asyncio.sleep(FLOOD_QUIET * 2)

    await wait_until(lambda: shared.chat.lines, "the line", seen=lambda: alice.rec.text(mark)[-300:], pause=press_enter)
    assert [line.text for line in shared.chat.lines] == [words[:300].strip()]
    await close_all(alice)


async def test_the_second_line_within_a_second_is_refused(river, keys):
    registry, port, clock = await river()
    shared = registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice = await at_table(port, "alice", keys, shared)
    bob = await at_table(port, "bob", keys, shared)
    await say(alice, "first")
    await bob.rec.wait_for("alice: first")
    clock.now += 0.5
    mark = alice.mark()
    await say(alice, "second")
    await alice.rec.wait_for("One line a second", since=mark)
    assert [line.text for line in shared.chat.lines] == ["first"]
    clock.now += 0.5  # a second after the first: Enter again sends the line kept in the input
    alice.type(ENTER)
    await bob.rec.wait_for("alice: second")
    assert [line.text for line in shared.chat.lines] == ["first", "second"]
    await close_all(alice, bob)


async def test_the_chat_is_shown_to_who_sits_down_later_and_survives_a_restart(river, keys):
    registry, port, clock = await river()
    shared = registry.create(identity("alice", keys), GAME.id, seats=3, bots=0, variant=None)
    alice = await at_table(port, "alice", keys, shared)
    bob = await at_table(port, "bob", keys, shared)
    await say(alice, "anyone for a third seat?")
    await bob.rec.wait_for("alice: anyone for a third seat?")
    clock.now += 1
    await say(bob, "@alice carol is slow")
    await alice.rec.wait_for("bob whispers: carol is slow")
    carol = await at_table(port, "carol", keys, shared)
    await carol.rec.wait_for("alice: anyone for a third seat?")
    assert shared.seat_of(identity("carol", keys)) == 2
    assert "carol is slow" not in carol.rec.text()
    await close_all(alice, bob, carol)
    await registry.close()
    save = shared.path.read_bytes()
    assert b"third seat" not in save and b"slow" not in save  # the chat is not in the game's save

    registry, port, clock = await river()  # the server restarts
    shared = registry.tables[1]
    alice = await at_table(port, "alice", keys, shared)
    await alice.rec.wait_for("alice: anyone for a third seat?")
    await alice.rec.wait_for("bob whispers: carol is slow")
    carol = await at_table(port, "carol", keys, shared)
    await carol.rec.wait_for("alice: anyone for a third seat?")
    assert "carol is slow" not in carol.rec.text()
    await close_all(alice, carol)


async def test_a_hostile_chat_file_neither_stops_the_table_nor_is_written_over(river, keys, river_home):
    registry, port, clock = await river()
    shared = registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    await registry.close()
    chat_file = shared.path.with_name(shared.path.stem + ".chat.json")
    hostile = b'{"format": "river-tui-chat", "version": 1, "lines": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    chat_file.write_bytes(hostile)

    registry, port, clock = await river()
    shared = registry.tables[1]
    alice = await at_table(port, "alice", keys, shared)
    bob = await at_table(port, "bob", keys, shared)
    await say(alice, "still here")
    await bob.rec.wait_for("alice: still here")
    await close_all(alice, bob)
    await registry.close()
    assert chat_file.read_bytes() == hostile


async def test_a_guest_cannot_write_to_a_table_they_left(river, keys):
    registry, port, clock = await river(guests=True)
    shared = registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice = await at_table(port, "alice", keys, shared)
    guest = await at_table(port, "visitor", keys, shared)
    window = next(v for v in shared.viewers if v.identity.is_guest)
    guest.type("q")
    await wait_until(lambda: shared.connected() == ["alice"], "the guest back in the lobby", seen=shared.connected)
    assert window.chat.say("from the lobby") == "You can write only at a table you are looking at."
    assert list(shared.chat.lines) == []
    await close_all(alice, guest)


class QuietApp:
    """A session's app that is never drawn: what it is asked to run is kept."""

    def __init__(self) -> None:
        self.calls = []

    def call_later(self, callback, *args) -> None:
        self.calls.append((callback, args))


class Pane:
    """Stands in for a chat pane listening to the table."""

    def heard(self, line) -> None:
        pass


async def test_a_pane_whose_session_ended_without_taking_it_down_is_forgotten(river_home, keys):
    registry = TableRegistry(river_home / "serve")
    shared = registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice_app, bob_app = QuietApp(), QuietApp()
    alice = registry.join(shared, alice_app, identity("alice", keys))
    bob = registry.join(shared, bob_app, identity("bob", keys))
    alice.listeners.append(print)  # alice looks at the table
    pane = Pane()
    bob.chat.listen(pane.heard)
    gone = weakref.ref(pane)
    registry.forget(bob_app)  # bob's session ended; its pane never unmounted
    del pane
    assert alice.chat.say("anyone there?") is None
    gc.collect()
    assert gone() is None and bob_app.calls == []
    await registry.close()


@pytest.mark.parametrize(
    "typed, whispered",
    [("@2 hi", (1, "hi")), ("@² hi", None), ("@٢ hi", None), ("@02 hi", None), ("@+2 hi", None),
     ("@" + "1" * 5000 + " hi", None), ("@3 hi", None)],
    ids=["2", "superscript-2", "arabic-indic-2", "02", "+2", "5000-digits", "no-seat-3"],
)
def test_a_seat_number_typed_in_a_whisper_is_read_in_ascii_digits_only(typed, whispered):
    assert named_seat([Seat("alice"), Seat("bob")], typed) == whispered
