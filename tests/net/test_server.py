"""The SSH server and its Textual driver, with a tiny app, over real connections."""

from __future__ import annotations

import asyncio
import logging
import os
import stat

import asyncssh
import pytest

from river_tui.net.server import RiverServer, ServeError

from support.net.echo_app import EchoApp
from support.net.sshclient import connect
from .test_fair_shares import connect_when_let_in
from support.waiting import wait_until


async def test_keys_reach_the_app_and_the_screen_comes_back(make_config, start_server, keys):
    server, port = await start_server(make_config(), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice (player)")
    mark = alice.mark()
    alice.type("x")
    await alice.rec.wait_for("key x #1", since=mark)
    await alice.close()


async def test_a_lone_escape_becomes_the_escape_key_after_the_delay(make_config, start_server, keys):
    server, port = await start_server(make_config(), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice")
    alice.type("\x1b")
    await alice.rec.wait_for("key escape #1")
    alice.type("\x1b[A")  # an escape sequence is one key, not escape + keys
    await alice.rec.wait_for("key up #2")
    await alice.close()


async def test_the_app_gets_the_session_size_and_resizes_with_it(make_config, start_server, keys):
    server, port = await start_server(make_config(), EchoApp)
    alice = await connect(port, "alice", keys["alice"], size=(90, 28), env={"COLORTERM": "truecolor"})
    await alice.rec.wait_for("size 90x28 colours truecolor")
    mark = alice.mark()
    alice.chan.change_terminal_size(120, 40)
    await alice.rec.wait_for("size 120x40", since=mark)
    bob = await connect(port, "bob", keys["bob"], size=(80, 24))
    await bob.rec.wait_for("size 80x24 colours 256")
    await alice.close()
    await bob.close()


async def test_a_session_without_a_terminal_is_refused_in_one_sentence(make_config, start_server, keys):
    server, port = await start_server(make_config(), EchoApp)
    alice = await connect(port, "alice", keys["alice"], pty=False)
    await alice.rec.wait_closed()
    assert "needs a terminal" in alice.rec.text()
    assert alice.chan.get_exit_status() == 1
    assert not server.sessions
    await alice.close()


async def test_an_unknown_key_is_refused(make_config, start_server, keys):
    server, port = await start_server(make_config(), EchoApp)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(port, "mallory", keys["mallory"])
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(port, "mallory", None)


async def test_guests_come_in_without_a_known_key_when_allowed(make_config, start_server, keys):
    server, port = await start_server(make_config(guests=True), EchoApp)
    mallory = await connect(port, "mallory", keys["mallory"])
    await mallory.rec.wait_for("hello guest-mallory (guest)")  # visibly not a player's name
    anon = await connect(port, "anon", None)
    await anon.rec.wait_for("hello guest-anon (guest)")
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice (player)")
    fingerprints = {s.identity.name: s.identity.fingerprint for s in server.sessions}
    assert fingerprints == {"guest-mallory": None, "guest-anon": None, "alice": keys["alice"].get_fingerprint()}
    for client in (mallory, anon, alice):
        await client.close()


async def test_garbage_bytes_and_a_huge_paste_disturb_no_one(make_config, start_server, keys):
    server, port = await start_server(make_config(), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    bob = await connect(port, "bob", keys["bob"])
    await alice.rec.wait_for("hello alice")
    await bob.rec.wait_for("hello bob")
    rng = __import__("random").Random(8)
    alice.type(bytes(b for b in rng.randbytes(12_000) if b != 0x11))  # 0x11 is ctrl+q: quit
    alice.type(b"\x1b[" + b"9" * 5000 + b"\xff\xfe\x1b\x1b\x1b[<0;-5;99999999M")
    alice.type(b"\x1b[200~" + b"p" * 2_000_000)  # a paste that never ends
    mark = bob.mark()
    bob.type("k")
    await bob.rec.wait_for("key k #1", since=mark)
    # Alice's flood is dropped, not queued: once it is over, her keys work again.
    alice.type(b"\x1b[201~")
    flood_over = alice.mark()

    async def press_z() -> None:
        alice.type("z")
        await asyncio.sleep(0.2)

    await wait_until(
        lambda: "key z" in alice.rec.text(flood_over),
        "alice's keys to work again after her flood",
        seen=lambda: alice.rec.text(flood_over)[-300:],
        pause=press_z,
    )
    assert len(server.sessions) == 2
    await alice.close()
    await bob.close()


@pytest.mark.parametrize("size", [(1, 1), (10_000, 10_000)])
async def test_extreme_window_sizes_are_survived(make_config, start_server, keys, size):
    server, port = await start_server(make_config(), EchoApp)
    odd = await connect(port, "alice", keys["alice"], size=size)
    bob = await connect(port, "bob", keys["bob"])
    await bob.rec.wait_for("hello bob")
    await odd.rec.wait_drawn()
    odd.type("q")
    mark = bob.mark()
    bob.type("k")
    await bob.rec.wait_for("key k #1", since=mark)
    app = next(s for s in server.sessions if s.identity.name == "alice")._app
    assert app is not None and app.size.width <= 400 and app.size.height <= 200
    await odd.close()
    await bob.close()


async def test_an_abrupt_disconnect_ends_only_that_session(make_config, start_server, keys, caplog):
    caplog.set_level(logging.INFO, logger="river_tui.net.auth")
    server, port = await start_server(make_config(), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    bob = await connect(port, "bob", keys["bob"])
    await alice.rec.wait_for("hello alice")
    await bob.rec.wait_for("hello bob")
    alice.conn.abort()
    await wait_until(lambda: len(server.sessions) == 1, "alice's session to end", seen=lambda: server.sessions)
    mark = bob.mark()
    bob.type("k")
    await bob.rec.wait_for("key k #1", since=mark)
    await bob.close()
    ended = [r.getMessage() for r in caplog.records if " ended: " in r.getMessage()]
    # alice's, and not bob's clean goodbye; the OS words an abort "Connection lost" or "reset by peer"
    assert len(ended) == 1 and ended[0].startswith("connection from 127.0.0.1 ended: "), ended
    assert ended[0].endswith(("Connection lost", "Connection reset by peer")), ended


async def test_the_session_cap_refuses_one_more(make_config, start_server, keys):
    server, port = await start_server(make_config(max_sessions=2), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    bob = await connect(port, "bob", keys["bob"])
    await alice.rec.wait_for("hello alice")
    await bob.rec.wait_for("hello bob")
    carol = await connect(port, "carol", keys["carol"])
    await carol.rec.wait_closed()
    assert "The server is full (2 players connected)" in carol.rec.text()
    for client in (alice, bob, carol):
        await client.close()


async def test_one_address_may_not_connect_too_often(make_config, start_server, keys, caplog):
    caplog.set_level(logging.WARNING, logger="river_tui.net.auth")
    server, port = await start_server(make_config(rate_limit=2, rate_window=60), EchoApp)
    first = await connect(port, "alice", keys["alice"])
    second = await connect(port, "alice", keys["alice"])
    with pytest.raises(asyncssh.DisconnectError, match="Too many connections"):
        await connect(port, "alice", keys["alice"])
    assert "refused alice from 127.0.0.1: too many connections" in [r.getMessage() for r in caplog.records]
    await first.close()
    await second.close()


async def test_an_idle_session_is_closed_with_a_sentence(make_config, start_server, keys):
    server, port = await start_server(make_config(idle_timeout=1.5), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice")
    await asyncio.sleep(0.75)  # idle for half the timeout: the behaviour under test, not a wait
    typed = asyncio.get_running_loop().time()
    alice.type("x")  # activity pushes the deadline back
    await alice.rec.wait_for("key x #1")
    await alice.rec.wait_closed()
    assert asyncio.get_running_loop().time() - typed >= 1.5
    assert "without a key press" in alice.rec.text()
    await alice.close()


async def test_the_host_key_is_created_0600_and_kept(make_config, tmp_path):
    config = make_config()
    first = RiverServer(config, EchoApp)
    await first.start()
    await first.close()
    mode = stat.S_IMODE(os.stat(config.host_key).st_mode)
    assert mode == 0o600
    key = asyncssh.read_private_key(config.host_key)
    second = RiverServer(config, EchoApp)
    await second.start()
    await second.close()
    assert asyncssh.read_private_key(config.host_key).get_fingerprint() == key.get_fingerprint()


async def test_a_taken_port_or_a_bad_host_key_is_one_sentence(make_config, start_server, tmp_path):
    server, port = await start_server(make_config(), EchoApp)
    with pytest.raises(ServeError, match=f"Cannot listen on 127.0.0.1 port {port}"):
        await RiverServer(make_config(port=port), EchoApp).start()
    bad_key = tmp_path / "not_a_key"
    bad_key.write_text("hello")
    with pytest.raises(ServeError, match="Cannot use the host key"):
        await RiverServer(make_config(host_key=bad_key), EchoApp).start()


async def test_the_log_says_who_logged_in_from_where_and_with_which_key(make_config, start_server, keys, caplog):
    """The operator reads who came in: the user name, the address, and the key's
    fingerprint (seats are bound to it) or "guest"."""
    caplog.set_level(logging.INFO, logger="river_tui.net.auth")
    server, port = await start_server(make_config(guests=True), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice (player)")
    anon = await connect(port, "anon", None)
    await anon.rec.wait_for("hello guest-anon (guest)")
    assert [r.getMessage() for r in caplog.records if "logged in" in r.getMessage()] == [
        f"alice logged in from 127.0.0.1 as {keys['alice'].get_fingerprint()}",
        "anon logged in from 127.0.0.1 as guest",
    ]
    for client in (alice, anon):
        await client.close()


async def test_a_second_window_on_one_connection_is_refused_saying_how_to_open_one(make_config, start_server, keys):
    server, port = await start_server(make_config(), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice (player)")
    with pytest.raises(asyncssh.ChannelOpenError) as refused:
        await alice.conn.create_session(asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24))
    assert refused.value.code == asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED
    assert refused.value.reason == "One connection holds one session: open another connection for another window."
    alice.type("k")
    await alice.rec.wait_for("key k #1")  # the first window goes on
    await alice.close()


def test_the_operator_is_told_how_many_keys_are_listed_whatever_else_the_file_holds(tmp_path, keys):
    """Comments, blank lines and a comment in Latin-1 (not UTF-8) are no keys and
    stop none; a file of exactly 1024 KB is read, one byte more is refused."""
    from river_tui.net.auth import MAX_AUTHORIZED_KEYS_BYTES
    from river_tui.net.server import prepare_authorized_keys

    listed = tmp_path / "authorized_keys"
    raw = (b"# the friends of this server\n\n   \n  # bob, from the club\n"
           + keys["alice"].export_public_key()
           + keys["bob"].export_public_key().strip() + b" Bob the caf\xe9 owner\n")
    listed.write_bytes(raw)
    assert prepare_authorized_keys(listed) == 2
    padding = b"#" * (MAX_AUTHORIZED_KEYS_BYTES - len(raw) - 1) + b"\n"
    listed.write_bytes(raw + padding)
    assert listed.stat().st_size == 1024 * 1024
    assert prepare_authorized_keys(listed) == 2
    listed.write_bytes(raw + padding + b"\n")
    with pytest.raises(ServeError) as refused:
        prepare_authorized_keys(listed)
    assert str(refused.value) == f"Cannot use the authorized keys {listed}: it is larger than 1024 KB."


async def test_an_authorized_keys_file_broken_while_serving_refuses_logins_and_the_log_says_why(
    make_config, start_server, keys, authorized_keys, caplog
):
    caplog.set_level(logging.ERROR, logger="river_tui.net.auth")
    server, port = await start_server(make_config(), EchoApp)
    authorized_keys.write_bytes(b'permitopen="nowhere" ' + keys["alice"].export_public_key())
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(port, "alice", keys["alice"])
    assert f"cannot use authorized keys file {authorized_keys}: Illegal permitopen value: nowhere" in [
        r.getMessage() for r in caplog.records
    ]


async def test_connections_refused_at_the_handshake_cap_never_free_a_slot(make_config, start_server, keys, caplog):
    """With one login at a time: connections beyond it are closed at once, and the
    log says from where and why; a login that completes frees its slot for the next."""
    caplog.set_level(logging.WARNING, logger="river_tui.net.auth")
    server, port = await start_server(make_config(max_handshakes=1, connections_per_second=100), EchoApp)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    await asyncio.wait_for(reader.readline(), 10)  # the server's version line: this one holds the slot
    for _ in range(3):
        refused_reader, refused_writer = await asyncio.open_connection("127.0.0.1", port)
        await asyncio.wait_for(refused_reader.read(), 10)  # closed at once (read() returns at the end)
        assert refused_reader.at_eof()
        refused_writer.close()
    assert [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused a connection")] == [
        "refused a connection from 127.0.0.1: 1 logins already in progress"
    ] * 3
    writer.close()
    alice = await connect_when_let_in(port, "alice", keys["alice"])  # once the server saw the silent one go
    await alice.rec.wait_for("hello alice (player)")
    bob = await connect(port, "bob", keys["bob"])  # alice's finished login left the slot free
    await bob.rec.wait_for("hello bob (player)")
    for client in (alice, bob):
        await client.close()  # their logins are over: leaving frees no second slot
    await wait_until(lambda: not server.sessions, "alice and bob to be gone", seen=lambda: server.sessions)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    await asyncio.wait_for(reader.readline(), 10)
    refused_reader, refused_writer = await asyncio.open_connection("127.0.0.1", port)
    await asyncio.wait_for(refused_reader.read(), 10)
    assert refused_reader.at_eof()
    for w in (refused_writer, writer):
        w.close()

async def test_a_key_the_operator_allowed_only_from_some_addresses_works_only_from_there(
    make_config, start_server, keys, authorized_keys
):
    authorized_keys.write_bytes(b'from="127.0.0.0/8" ' + keys["alice"].export_public_key()
                                + b'from="10.0.0.0/8" ' + keys["bob"].export_public_key())
    server, port = await start_server(make_config(), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice (player)")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(port, "bob", keys["bob"])
    await alice.close()


async def test_the_connection_limit_counts_each_address_on_its_own(make_config, start_server, keys):
    server, port = await start_server(make_config(rate_limit=1, rate_window=60), EchoApp)
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("hello alice")
    bob = await asyncssh.connect("127.0.0.1", port, username="bob", client_keys=[keys["bob"]], known_hosts=None,
                                 agent_path=None, config=None, local_addr=("127.0.0.2", 0))
    bob.close()
    await bob.wait_closed()
    with pytest.raises(asyncssh.DisconnectError, match="Too many connections"):
        await connect(port, "alice", keys["alice"])
    await alice.close()
