"""`ssh -p PORT alice@host plain`: the lobby and the tables in plain lines, with
or without a terminal: tables listed, a table started and played to the end by
typing moves, the table's chat and whispers, who is here, turn notices in the
lobby, each seat's secret in its own session's bytes only, and nothing drawn
(no escape sequences)."""

from __future__ import annotations

import itertools

import pytest

from river_tui.net.auth import Identity
from river_tui.net.plain_link import PlainLink
from river_tui.net.remote_app import RemoteApp
from river_tui.net.session import NO_PLAIN
from river_tui.net.tables import TableRegistry
from river_tui.plain.records import record_lines

from support.net.secret_game import GAME, WORDS
from support.net.sshclient import Client, connect


@pytest.fixture
async def plain_server(make_config, start_server, river_home):
    registry = TableRegistry(river_home / "serve", bot_delay=0.01)
    registry.chat_rates.clock = itertools.count(0, 100).__next__  # a minute and more between lines: never too fast
    server, port = await start_server(
        make_config(), lambda who: RemoteApp(who, registry),
        lambda who, write, echo: PlainLink(who, registry, write, echo),
    )
    yield registry, port
    await registry.close()


async def plain(port: int, name: str, key, pty: bool = False) -> Client:
    client = await connect(port, name, key, pty=pty, command="plain")
    await client.rec.wait_for("You are in the lobby.")
    return client


async def typed(client: Client, line: str, expect: str) -> str:
    mark = client.mark()
    client.type(line + "\n")
    return await client.rec.wait_for(expect, since=mark)


async def at_one_table(port: int, keys) -> tuple[Client, Client]:
    """alice and bob in plain lines at a new table of two, alice to move."""
    alice = await plain(port, "alice", keys["alice"])
    bob = await plain(port, "bob", keys["bob"])
    await typed(alice, f"new {GAME.id} 2", "alice, your move")
    await typed(bob, "sit 1", "alice to move.")
    return alice, bob


async def test_two_players_play_a_whole_game_in_plain_lines(plain_server, keys):
    registry, port = plain_server
    alice = await plain(port, "alice", keys["alice"])
    bob = await plain(port, "bob", keys["bob"], pty=True)  # with a terminal: the server echoes
    carol = await plain(port, "carol", keys["carol"])
    await typed(alice, f"new {GAME.id} 2", "you are in seat 1 (alice)")
    await typed(bob, "tables", "table 1: Secret Paddle; alice, seat 2 free;")
    await typed(bob, "sit 1", "you are in seat 2 (bob)")
    await typed(carol, "watch 1", "you are watching")
    await alice.rec.wait_for("At the table: alice here · bob here · watching: carol.")
    table = registry.tables[1].table
    secrets = table.state.secrets

    alice.type("say hello all\n")
    await bob.rec.wait_for("alice: hello all")
    await carol.rec.wait_for("alice: hello all")
    alice.type("@bob psst\n")
    await bob.rec.wait_for("alice whispers to bob: psst")
    await alice.rec.wait_for("alice whispers to bob: psst")  # her own lines come back: they went out

    mover = {0: alice, 1: bob}
    while not table.finished:
        seat = min(table.to_act())
        client = mover[seat]
        await typed(client, "board", "secrets:")
        await typed(client, "paddle 2", "paddled 2")
    for client in (alice, bob, carol):
        await client.rec.wait_for("Game over.")

    assert "psst" not in carol.rec.text()  # a whisper reaches its two seats only
    for seat, client in mover.items():
        text = client.rec.text()
        assert secrets[seat] in text
        assert not any(word in text for word in WORDS if word != secrets[seat])
        assert "\x1b" not in bytes(client.rec.output).decode()  # lines, never drawing
    assert not any(word in carol.rec.text() for word in WORDS)  # a watcher sees no secret
    for client in (alice, bob, carol):
        await client.close()


async def test_a_turn_is_told_in_the_lobby_and_a_move_refused_with_the_rules_sentence(plain_server, keys):
    registry, port = plain_server
    alice, bob = await at_one_table(port, keys)
    await typed(bob, "paddle 1", "It is not your turn.")
    await typed(bob, "lobby", "You are in the lobby.")
    await typed(alice, "paddle 3", "You paddle 1 or 2 strokes.")  # the rules' own sentence
    await typed(alice, "padle 1", "Did you mean paddle 1")
    mark = bob.mark()
    await typed(alice, "paddle 1", "alice paddled 1")
    await bob.rec.wait_for("It is your move at table 1 (Secret Paddle).", since=mark)
    await typed(bob, "who", "On the server now: alice (table 1), bob (lobby).")
    await typed(bob, "quit", "")
    await bob.rec.wait_closed()
    await alice.close()


async def test_a_server_without_plain_lines_says_so(make_config, start_server, river_home, keys):
    registry = TableRegistry(river_home / "serve")
    server, port = await start_server(make_config(), lambda who: RemoteApp(who, registry))
    client = await connect(port, "alice", keys["alice"], pty=False, command="plain")
    await client.rec.wait_for(NO_PLAIN)
    await client.rec.wait_closed()
    await registry.close()


async def test_control_bytes_and_long_lines_are_dropped(plain_server, keys):
    registry, port = plain_server
    alice = await plain(port, "alice", keys["alice"])
    alice.type(b"\x1b]0;evil\x07\x1b[2Jtab" + b"les\n")
    await alice.rec.wait_for("No table is open")
    await typed(alice, "x" * 5000, "In the lobby: tables, who")
    await typed(alice, "records", "No finished games yet.")
    await alice.close()


async def test_a_key_may_ask_for_plain_lines_in_authorized_keys(make_config, start_server, river_home, keys, tmp_path):
    listed = tmp_path / "keys_with_settings"
    listed.write_bytes(b'environment="RIVER_TUI_PLAIN=1" ' + keys["alice"].export_public_key()
                       + keys["bob"].export_public_key())
    registry = TableRegistry(river_home / "serve")
    _server, port = await start_server(
        make_config(authorized_keys=listed), lambda who: RemoteApp(who, registry),
        lambda who, write, echo: PlainLink(who, registry, write, echo),
    )
    alice = await connect(port, "alice", keys["alice"])  # a terminal, no command: her key's setting decides
    await alice.rec.wait_for("You are in the lobby.")
    assert b"\x1b[" not in bytes(alice.rec.output)
    bob = await connect(port, "bob", keys["bob"])  # no setting: the full screen
    await bob.rec.wait_for("No tables yet")
    assert b"\x1b[?1049h" in bytes(bob.rec.output)
    for client in (alice, bob):
        await client.close()
    await registry.close()


async def test_the_end_of_the_input_ends_a_plain_session(plain_server, keys):
    registry, port = plain_server
    alice = await plain(port, "alice", keys["alice"])
    await typed(alice, "who", "On the server now: alice (lobby).")
    alice.chan.write_eof()  # as `ssh host plain < moves.txt` does at the end of the file
    await alice.rec.wait_closed()
    assert not registry.sessions


async def test_lines_piped_in_at_once_are_all_answered_then_the_session_ends(plain_server, keys):
    registry, port = plain_server
    alice = await connect(port, "alice", keys["alice"], pty=False, command="plain")
    alice.type("who\nrecords\nquit\n")  # as `ssh host plain < lines.txt`: all at once, maybe before the lobby is up
    alice.chan.write_eof()
    await alice.rec.wait_closed()
    text = alice.rec.text()
    assert text.index("You are in the lobby.") < text.index("On the server now: alice (lobby).")
    assert text.rstrip().endswith(record_lines()[-1])  # the records, read in a thread, said before the end


async def test_a_quit_typed_before_the_lobby_is_up_ends_the_session_once(river_home):
    registry = TableRegistry(river_home / "serve")
    said: list[bytes] = []
    link = PlainLink(Identity("alice", "SHA256:alice", "127.0.0.1"), registry, said.append, echo=False)
    link.feed(b"who\nquit\n")
    await link.run_async()  # returns: the quit was read once the lobby was up
    text = b"".join(said).decode()
    assert text.index("You are in the lobby.") < text.index("On the server now: alice (lobby).")
    assert not registry.sessions
    await registry.close()


async def test_a_takeback_is_asked_and_answered_in_plain_lines(plain_server, keys):
    registry, port = plain_server
    alice, bob = await at_one_table(port, keys)
    await typed(alice, "paddle 2", "alice paddled 2")
    await typed(alice, "undo", "waiting for bob to answer")
    await bob.rec.wait_for("alice asks to take back their last move: alice paddled 2 (Y/N)")
    await typed(bob, "y", "alice took back their last move (alice paddled 2)")
    await alice.rec.wait_for("alice took back their last move (alice paddled 2)")
    await alice.rec.wait_for("alice, your move")
    assert registry.tables[1].table.log == []
    await typed(bob, "n", "Nobody is asking you to take a move back now.")
    for client in (alice, bob):
        await client.close()
