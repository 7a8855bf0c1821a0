"""Fair shares: one session per connection, three per key, half the server for
guests, server-wide caps on new connections; only key presses keep a session
from idling; a flood is dropped with a notice and the flooder's session stays usable."""

from __future__ import annotations

import asyncio
import random

import asyncssh
import pytest

from river_tui.net.driver import MAX_PASTE
from river_tui.net.paste import Pasted, Pastes

from support.net.echo_app import EchoApp
from support.net.sshclient import Client, Recorder, connect
from support.waiting import wait_until


async def test_a_connection_holds_one_session(make_config, start_server, keys):
    server, port = await start_server(make_config(), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice")
    with pytest.raises(asyncssh.ChannelOpenError, match="One connection holds one session"):
        await alice.conn.create_session(Recorder, encoding=None, term_type="xterm", term_size=(80, 24))
    assert len(server.sessions) == 1
    await alice.close()


async def test_a_key_holds_at_most_three_sessions(make_config, start_server, keys):
    server, port = await start_server(make_config(), EchoApp)
    windows = [await connect(port, "alice", keys["alice"]) for _ in range(3)]
    for window in windows:
        await window.rec.wait_for("hello alice")
    fourth = await connect(port, "alice", keys["alice"])
    await fourth.rec.wait_closed()
    assert "Your key already holds 3 sessions here" in fourth.rec.text()
    bob = await connect(port, "bob", keys["bob"])  # other keys are not affected
    await bob.rec.wait_for("hello bob")
    for client in (*windows, fourth, bob):
        await client.close()


async def test_guests_hold_at_most_half_the_sessions(make_config, start_server, keys):
    server, port = await start_server(make_config(guests=True, max_sessions=4), EchoApp)
    guests = [await connect(port, f"guest{n}", None) for n in range(2)]
    for guest in guests:
        await guest.rec.wait_for("(guest)")
    third = await connect(port, "mallory", keys["mallory"])  # an unknown key is a guest too
    await third.rec.wait_closed()
    assert "Guests may hold at most 2 of this server's sessions" in third.rec.text()
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice (player)")
    for client in (*guests, third, alice):
        await client.close()


async def test_new_connections_per_second_are_capped_whatever_the_address(make_config, start_server, keys):
    server, port = await start_server(make_config(connections_per_second=2), EchoApp)
    outcomes = await asyncio.gather(
        *(connect(port, "alice", keys["alice"]) for _ in range(8)), return_exceptions=True
    )
    refused = [o for o in outcomes if isinstance(o, (OSError, asyncssh.Error))]
    assert refused, outcomes
    for client in outcomes:
        if not isinstance(client, BaseException):
            await client.close()
    later = await connect_when_let_in(port, "bob", keys["bob"])  # the cap is a rate: a little later, one gets in
    await later.rec.wait_for("hello bob")
    await later.close()


async def connect_when_let_in(port: int, name: str, key: asyncssh.SSHKey) -> Client:
    """Connect, trying again while the server refuses new connections."""
    clients: list[Client] = []
    errors: list[BaseException] = []

    async def attempt() -> None:
        try:
            clients.append(await connect(port, name, key))
        except (OSError, asyncssh.Error) as err:
            errors.append(err)
            await asyncio.sleep(0.2)

    await wait_until(lambda: clients, f"{name} to be let in", seen=lambda: errors[-1:], pause=attempt)
    return clients[0]


async def test_handshakes_in_flight_are_capped_server_wide(make_config, start_server, keys):
    server, port = await start_server(make_config(max_handshakes=2, connections_per_second=100), EchoApp)
    silent = [await asyncio.open_connection("127.0.0.1", port) for _ in range(2)]  # never log in
    for reader, _ in silent:
        await asyncio.wait_for(reader.readline(), 10)  # the server's version line: they count now
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    await asyncio.wait_for(reader.read(), 10)  # closed at once (read() returns at the end)
    assert reader.at_eof()
    writer.close()
    for _, silent_writer in silent:
        silent_writer.close()
    alice = await connect_when_let_in(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice")
    await alice.close()


async def test_only_key_presses_keep_a_session_from_idling(make_config, start_server, keys):
    server, port = await start_server(make_config(idle_timeout=2), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice")

    async def fidget() -> None:
        alice.type(b"\x00")  # NUL
        alice.type(b"\x1b[I\x1b[O")  # focus in, focus out
        alice.type(b"\x1b[<35;10;5M")  # mouse motion
        await asyncio.sleep(0.2)

    await wait_until(alice.rec.closed.is_set, "the idle session to be closed", seen=alice.rec.text, pause=fidget)
    assert "Closed after 2 seconds without a key press" in alice.rec.text()


async def keys_work_again(client: Client, key: str) -> None:
    """Press ``key`` until the app shows it (input dropped for coming too fast is lost, not queued)."""
    since = client.mark()

    async def press() -> None:
        client.type(key)
        await asyncio.sleep(0.2)

    await wait_until(
        lambda: f"key {key}" in client.rec.text(since), f"{key!r} to reach the app again",
        seen=lambda: client.rec.text(since)[-300:], pause=press,
    )  # fmt: skip


async def test_a_flood_is_dropped_with_a_notice_and_the_flooder_stays_usable(make_config, start_server, keys):
    server, port = await start_server(make_config(), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    bob = await connect(port, "bob", keys["bob"])
    await alice.rec.wait_for("hello alice")
    await bob.rec.wait_for("hello bob")
    rng = random.Random(17)
    loop = asyncio.get_running_loop()
    until = loop.time() + 6
    bob_keys = 0
    while loop.time() < until:
        alice.type(bytes(b for b in rng.randbytes(4096) if b not in (0x11, 0x03)))  # not ctrl+q, ctrl+c
        alice.type("abcdefgh" * 64)
        alice.type(b"\x1b[200~" + b"p" * 8192)  # a paste that never ends
        bob_keys += 1
        mark = bob.mark()
        bob.type("k")
        await bob.rec.wait_for(f"key k #{bob_keys}", since=mark)
        await asyncio.sleep(0.1)  # bob types at a person's pace (his own keys have a rate too)
    await alice.rec.wait_for("Your input came faster")
    alice.type(b"\x1b[201~")
    await keys_work_again(alice, "z")
    assert len(server.sessions) == 2
    await alice.close()
    await bob.close()


async def test_a_paste_over_the_limit_is_cut_once_at_its_end_and_said_so(make_config, start_server, keys):
    server, port = await start_server(make_config(), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice")
    alice.type(b"\x1b[200~" + b"q" * 20 + b"\x1b[201~")
    await alice.rec.wait_for("pasted 20 chars")
    alice.type(b"\x1b[200~" + b"x" * (MAX_PASTE + 10) + b"\x1b[201~")
    await alice.rec.wait_for(f"pasted {MAX_PASTE} chars")  # its beginning, whole
    await alice.rec.wait_for("Your paste was too long")
    await keys_work_again(alice, "y")
    assert "key x" not in alice.rec.text()  # not one of the paste's characters reached the app as a key
    await alice.close()


def test_a_paste_marker_split_between_reads_is_seen():
    pastes = Pastes(limit=10)
    assert pastes.split(b"ab\x1b[20") == ([b"ab\x1b[20"], False)  # a lone ESC may be the escape key: passed on
    assert pastes.split(b"0~" + b"x" * 8) == ([], True)  # the marker, finished: the parser forgets its beginning
    assert pastes.split(b"xxxx") == ([], False)  # over the limit: cut
    assert pastes.split(b"yyyy\x1b[2") == ([], False)
    assert pastes.split(b"01~k") == ([Pasted("x" * 10, cut=True), b"k"], False)  # after the end marker, keys again
    assert not pastes.open


def test_a_paste_with_escape_sequences_is_one_paste_in_order():
    pastes = Pastes(limit=100)
    assert pastes.split(b"a\x1b[200~X1 \x1b[2J X2\x1b[201~b") == ([b"a", Pasted("X1 \x1b[2J X2", cut=False), b"b"], False)
