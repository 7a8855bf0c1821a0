"""River TUI over SSH: the lobby, shared tables, seats bound to keys, secrets kept.

A real server on 127.0.0.1 runs the real app for each session; a tiny game with
one secret word per seat (secret_game.py) makes leaks visible in the bytes.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry
from river_tui.rules.registry import GameEntry
from river_tui.net.lobby import screen as lobby

from support.net.secret_game import GAME
from support.net.sshclient import Client, connect
from support.waiting import wait_until

ENTER, CTRL_S = "\r", "\x13"


@pytest.fixture
def playable(monkeypatch):
    """Offer the secret game in the new-table dialog."""
    entry = GameEntry(GAME.id, GAME.title, (GAME.min_seats, GAME.max_seats), "support.net.secret_game")
    monkeypatch.setattr(lobby, "playable_games", lambda: [entry])


@pytest.fixture
async def river(make_config, start_server, river_home, playable):
    """``await river(**config)`` -> (registry, port): the real app behind a real
    server, its tables restored from what an earlier server in this test left
    (``clock=``: the registry's clock of presence and turn timers)."""

    registries: list[TableRegistry] = []

    async def start(clock=time.monotonic, **overrides):
        registry = TableRegistry.restore(river_home / "serve", bot_delay=0.05, clock=clock)
        registries.append(registry)
        server, port = await start_server(make_config(**overrides), lambda who: RemoteApp(who, registry))
        return registry, port

    yield start
    for registry in registries:
        await registry.close()


async def new_table(client: Client) -> None:
    """From the lobby: n, then start the dialog's defaults (the secret game, 2 seats)."""
    await client.rec.wait_for("No tables yet")
    client.type("n")
    await client.rec.wait_for("New table")
    client.type(CTRL_S)
    await client.rec.wait_for("your secret")


async def sit(client: Client, seats_line: str) -> None:
    """From the lobby: wait until the table shows ``seats_line``, then Enter."""
    await client.rec.wait_for(seats_line)
    client.type(ENTER)
    await client.rec.wait_for("Counter at")


async def test_two_seats_join_one_table_and_see_each_others_moves(river, keys):
    registry, port = await river()
    alice = await connect(port, "alice", keys["alice"])
    await new_table(alice)
    bob = await connect(port, "bob", keys["bob"])
    await sit(bob, "alice, Seat 2 (free)")
    table = registry.tables[1]
    assert table.table.seats[1].name == "bob"
    mark = bob.mark()
    alice.type("2")
    await bob.rec.wait_for("Counter at 2", since=mark)
    mark = alice.mark()
    bob.type("1")
    await alice.rec.wait_for("Counter at 3", since=mark)
    assert [seat for seat, _ in table.table.log] == [0, 1]
    assert table.connected() == ["alice", "bob"]
    mark = bob.mark()
    bob.type("q")  # back to the lobby, which now shows only alice at the table
    await bob.rec.wait_for("alice, bob (you)", since=mark)
    await wait_until(lambda: table.connected() == ["alice"], "bob to leave the table", seen=table.connected)
    for client in (alice, bob):
        await client.close()


async def test_a_seat_never_sees_another_seats_secret(river, keys):
    registry, port = await river()
    alice = await connect(port, "alice", keys["alice"])
    await new_table(alice)
    bob = await connect(port, "bob", keys["bob"])
    await sit(bob, "Seat 2 (free)")
    carol = await connect(port, "carol", keys["carol"])
    await carol.rec.wait_for("alice, bob")
    carol.type("w")
    await carol.rec.wait_for("Counter at 0")
    alice.type("1")
    bob_mark = bob.mark()
    await bob.rec.wait_for("Counter at 1", since=bob_mark)
    await carol.rec.wait_for("Counter at 1")
    await alice.rec.wait_for("Counter at 1")
    alice_secret, bob_secret = secrets(registry)
    assert alice_secret in alice.rec.text() and bob_secret in bob.rec.text()
    for client, hidden in ((alice, [bob_secret]), (bob, [alice_secret]), (carol, [alice_secret, bob_secret])):
        for secret in hidden:
            assert secret.encode() not in client.rec.output
            assert secret not in client.rec.text()
    for client in (alice, bob, carol):
        await client.close()


def secrets(registry: TableRegistry) -> tuple[str, ...]:
    """The true secret words at table 1 (the server's own state, not any view)."""
    return registry.tables[1].table.state.secrets


async def test_a_guest_can_watch_but_its_keys_change_nothing(river, keys):
    registry, port = await river(guests=True)
    alice = await connect(port, "alice", keys["alice"])
    await new_table(alice)
    guest = await connect(port, "visitor", None)
    await guest.rec.wait_for("You are a guest")
    guest.type("n")
    await guest.rec.wait_for("Guests may watch tables but not start them")
    guest.type(ENTER)  # sits nowhere: a guest only watches
    await guest.rec.wait_for("Counter at 0")
    guest.type("1")
    await guest.rec.wait_for("You are watching")  # the key was handled, and refused
    assert registry.tables[1].table.log == []
    assert registry.tables[1].free_seats() == [1]
    for client in (alice, guest):
        await client.close()


async def test_the_same_key_reconnecting_gets_the_same_seat(river, keys):
    registry, port = await river()
    alice = await connect(port, "alice", keys["alice"])
    await new_table(alice)
    bob = await connect(port, "bob", keys["bob"])
    await sit(bob, "Seat 2 (free)")
    bob_secret = secrets(registry)[1]
    bob.conn.abort()  # an abrupt disconnect
    carol = await connect(port, "carol", keys["carol"])
    await carol.rec.wait_for("alice, bob")  # bob's seat stays bob's: nothing is free
    carol.type(ENTER)
    await carol.rec.wait_for("Counter at 0")
    assert [v.seat for v in registry.tables[1].viewers if v.identity.name == "carol"] == [None]
    bob = await connect(port, "bob", keys["bob"])
    await bob.rec.wait_for("bob (you)")
    bob.type(ENTER)
    await bob.rec.wait_for(f"your secret {bob_secret}")
    for client in (alice, bob, carol):
        await client.close()


async def test_a_seat_follows_the_key_not_the_user_name(river, keys):
    """Bob's seat is bound to his key: carol's key may not call itself "bob" (the
    name is bob's key's), and as herself only watches and never sees bob's
    secret; bob's key under another name sits in bob's seat again."""
    registry, port = await river()
    alice = await connect(port, "alice", keys["alice"])
    await new_table(alice)
    bob = await connect(port, "bob", keys["bob"])
    await sit(bob, "Seat 2 (free)")
    bob_secret = secrets(registry)[1]
    await bob.close()
    shared = registry.tables[1]
    refused = await connect(port, "bob", keys["carol"])
    await refused.rec.wait_closed()
    assert "The name bob belongs to another key on this server" in refused.rec.text()
    impostor = await connect(port, "carol", keys["carol"])
    await impostor.rec.wait_for("alice, bob")  # no free seat, and none of them its own
    impostor.type(ENTER)
    await impostor.rec.wait_for("Counter at 0")
    impostor.type("2")
    await impostor.rec.wait_for("You are watching")
    assert [v.seat for v in shared.viewers if v.identity.fingerprint == keys["carol"].get_fingerprint()] == [None]
    assert shared.owners[1] == keys["bob"].get_fingerprint()
    renamed = await connect(port, "robert", keys["bob"])
    await renamed.rec.wait_for("bob (you)")  # the seat keeps the name it was taken with
    renamed.type(ENTER)
    await renamed.rec.wait_for(f"your secret {bob_secret}")
    assert bob_secret not in impostor.rec.text() and bob_secret.encode() not in impostor.rec.output
    assert registry.tables[1].table.log == []  # the impostor's "2" moved nothing
    for client in (alice, impostor, renamed):
        await client.close()


async def test_a_restarted_server_offers_its_tables_and_seats_again(river, keys):
    registry, port = await river()
    alice = await connect(port, "alice", keys["alice"])
    await new_table(alice)
    bob = await connect(port, "bob", keys["bob"])
    await sit(bob, "Seat 2 (free)")
    alice.type("2")
    await bob.rec.wait_for("Counter at 2")
    bob_secret = secrets(registry)[1]
    for client in (alice, bob):
        await client.close()
    await registry.close()  # as `serve` does when it stops: the last save is on disk

    restarted, port = await river()
    assert restarted is not registry and list(restarted.tables) == [1]
    assert secrets(restarted)[1] == bob_secret
    bob = await connect(port, "bob", keys["bob"])
    await bob.rec.wait_for("alice, bob (you)")
    bob.type(ENTER)
    await bob.rec.wait_for(f"Counter at 2; your secret {bob_secret}")
    bob.type("1")
    table = restarted.tables[1].table
    await wait_until(lambda: len(table.log) == 2, "bob's move on the restarted server", seen=lambda: table.log)
    await bob.close()


async def test_the_server_plays_the_computer_seats(river, keys):
    registry, port = await river()
    alice_identity = Identity("alice", keys["alice"].get_fingerprint(), "127.0.0.1")
    registry.create(alice_identity, GAME.id, seats=3, bots=2, variant=None)
    alice = await connect(port, "alice", keys["alice"], size=(160, 30))  # the seats on one line
    await sit(alice, "alice (you), Computer 1 (computer), Computer 2 (computer)")
    alice.type("1")
    await alice.rec.wait_for("Counter at 5")  # 1, then each computer paddles 2
    assert [seat for seat, _ in registry.tables[1].table.log] == [0, 1, 2]
    await alice.close()


async def test_garbage_from_one_player_leaves_the_table_and_the_others_alone(river, keys, caplog):
    registry, port = await river()
    alice = await connect(port, "alice", keys["alice"])
    await new_table(alice)
    bob = await connect(port, "bob", keys["bob"])
    await sit(bob, "Seat 2 (free)")
    rng = __import__("random").Random(3)
    # Not ctrl+q or q (keep bob here), nor 1 or 2 (his moves, once it is his
    # turn): whenever the server gets through the garbage, nothing in it moves.
    garbage = bytes(b for b in rng.randbytes(6000) if b not in (0x11, 0x71, 0x31, 0x32))
    bob.type(garbage)
    bob.type(b"\x1b[200~" + b"x" * 300_000 + b"\x1b[201~")
    table = registry.tables[1].table
    assert table.log == []  # it is not bob's turn: nothing he sent can move
    mark = alice.mark()
    alice.type("1")
    await alice.rec.wait_for("Counter at 1", since=mark)
    assert [seat for seat, _ in table.log] == [0]
    assert not bob.rec.closed.is_set()
    assert [r for r in caplog.records if r.levelname == "ERROR"] == []
    for client in (alice, bob):
        await client.close()


@pytest.mark.parametrize("size", [(1, 1), (10_000, 10_000)])
async def test_a_tiny_or_huge_window_leaves_the_table_and_the_others_alone(river, keys, caplog, size):
    registry, port = await river()
    alice = await connect(port, "alice", keys["alice"])
    await new_table(alice)
    odd = await connect(port, "bob", keys["bob"], size=size)
    await odd.rec.wait_drawn()
    drawn = odd.mark()
    odd.type(ENTER + "1")
    odd.chan.change_terminal_size(size[1], size[0])
    mark = alice.mark()
    alice.type("1")
    await alice.rec.wait_for("Counter at 1", since=mark)
    await wait_until(lambda: odd.mark() > drawn, "the odd window to be drawn after its keys", seen=odd.rec.text)
    assert not odd.rec.closed.is_set()
    assert [r for r in caplog.records if r.levelname == "ERROR"] == []
    for client in (alice, odd):
        await client.close()


async def test_a_real_game_keeps_each_role_card_private(river, keys):
    """We All Take from the River: "Players should only see their own role card"."""
    from river_tui.rules.we_all_take.components import ALL_ROLES

    registry, port = await river()
    alice_identity = Identity("alice", keys["alice"].get_fingerprint(), "127.0.0.1")
    # Three seats: with two, both play the one shared role (the Steward).
    shared = registry.create(alice_identity, "we-all-take", seats=3, bots=0, variant=None, seed=1)
    roles = [ALL_ROLES[role].name for role in shared.table.state.roles]
    assert len(set(roles)) == 3
    clients = []
    for name, seats_line in (("alice", "alice (you), Seat 2 (free)"), ("bob", "alice, Seat 2 (free)")):
        client = await connect(port, name, keys[name], size=(160, 50))
        await client.rec.wait_for(seats_line)
        client.type(ENTER)
        clients.append(client)
    for client, own in zip(clients, roles):
        await client.rec.wait_for(own)  # each sees their own card...
    for index, client in enumerate(clients):
        for other in roles[:index] + roles[index + 1 :]:
            assert other.encode() not in client.rec.output  # ...and never another's
    for client in clients:
        await client.close()


@pytest.mark.parametrize("game_id", ["glassworks", "riverside", "flow", "we-all-take"])
async def test_every_game_is_played_and_watched_over_ssh(make_config, start_server, river_home, keys, caplog, game_id):
    """Each real game's screen works through a seat window: two seats and a watcher."""
    registry = TableRegistry(river_home / "serve")
    server, port = await start_server(make_config(), lambda who: RemoteApp(who, registry))
    alice_identity = Identity("alice", keys["alice"].get_fingerprint(), "127.0.0.1")
    shared = registry.create(alice_identity, game_id, seats=2, bots=0, variant=None, seed=5)
    clients = []
    for name, key in (("alice", ENTER), ("bob", ENTER), ("carol", "w")):
        client = await connect(port, name, keys[name], size=(160, 50))
        await client.rec.wait_for(shared.title)
        client.type(key)
        clients.append(client)
    everyone = ["alice", "bob", "carol"]
    await wait_until(lambda: shared.connected() == everyone, "all three at the table", seen=shared.connected)
    assert shared.owners == [alice_identity.fingerprint, keys["bob"].get_fingerprint()]
    for client in clients:  # each screen has been drawn for its seat (or as a watcher)
        await client.rec.wait_for(shared.title)
    assert [r.getMessage() for r in caplog.records if r.levelname == "ERROR"] == []
    for client in clients:
        assert not client.rec.closed.is_set()
        await client.close()
    await registry.close()
