"""The lobby says who is on the server and where, also with no table open, and
how long each table has waited for the seats to act."""

from __future__ import annotations

from support.net.secret_game import GAME, Paddle
from support.net.sshclient import connect
from .test_presence import Clock, identity, seated
from .test_tables import playable, river  # noqa: F401 (fixtures)


async def test_the_lobby_lists_who_is_connected_with_no_table_open(river, keys):
    registry, port = await river(guests=True)
    alice = await connect(port, "alice", keys["alice"])
    await alice.rec.wait_for("On the server now: alice (lobby)")
    guest = await connect(port, "eve", None)
    await alice.rec.wait_for("On the server now: alice (lobby), guest-eve (lobby)")
    await guest.close()
    mark = alice.mark()
    await alice.rec.wait_for("On the server now: alice (lobby)", since=mark)
    await alice.close()


async def test_the_lobby_says_where_each_is_and_how_long_each_table_waits(river, keys):
    clock = Clock()
    registry, port = await river(clock=clock)
    shared = registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice = await seated(port, "alice", keys, "alice (you), Seat 2 (free)")
    bob = await seated(port, "bob", keys, "Seat 2 (free)")
    next(v for v in shared.viewers if v.seat == 0).apply(0, Paddle(1))  # bob's move from now
    carol = await connect(port, "carol", keys["carol"])
    await carol.rec.wait_for("alice (table 1), bob (table 1), carol (lobby)")
    await carol.rec.wait_for("Position 1: bob")
    assert "waiting" not in carol.rec.text()  # under a minute: not worth saying
    clock.advance(12 * 60 + 5)
    mark = carol.mark()
    registry.lobby_changed()  # (the lobby also looks again each minute by itself)
    await carol.rec.wait_for("bob (waiting 12 minutes)", since=mark)
    for client in (alice, bob, carol):
        await client.close()
