"""A takeback at a server table is asked of the table: the other seated people
answer Y or N, a person who is gone does not block it past a short wait, and
everyone is told what was taken back (or why not)."""

from __future__ import annotations

from river_tui.net.takeback import TakebackQuestion

from support.net.secret_game import GAME
from support.net.sshclient import connect
from .test_presence import Clock, identity, seated
from .test_tables import playable, river  # noqa: F401 (fixtures)
from support.waiting import wait_until


def said(client, since: int) -> str:
    """What ``client`` was shown since ``since``, notices unwrapped (one space between words)."""
    return " ".join(client.rec.text(since).replace("▌", " ").split())


async def three_at_a_table(river, keys):
    registry, port = await river(clock=Clock())
    registry.takeback_wait = 0.3
    shared = registry.create(identity("alice", keys), GAME.id, seats=3, bots=0, variant=None)
    alice = await seated(port, "alice", keys, "alice (you), Seat 2 (free), Seat 3 (free)")
    bob = await seated(port, "bob", keys, "alice, Seat 2 (free), Seat 3 (free)")
    carol = await seated(port, "carol", keys, "alice, bob, Seat 3 (free)")
    return registry, shared, alice, bob, carol


async def alice_asks(alice, bob, carol):
    """alice paddles 1, then asks to take it back: bob and carol are asked."""
    marks = [client.mark() for client in (bob, carol)]
    alice.type("1")
    for client, mark in zip((bob, carol), marks):
        await client.rec.wait_for("alice paddled 1", since=mark)
    marks = [client.mark() for client in (alice, bob, carol)]
    alice.type("u")
    await alice.rec.wait_for("You asked the table", since=marks[0])
    for client, mark in zip((bob, carol), marks[1:]):
        await client.rec.wait_for("alice asks to take back their last", since=mark)
    return marks


async def test_a_takeback_is_asked_agreed_refused_and_everyone_is_told(river, keys):
    registry, shared, alice, bob, carol = await three_at_a_table(river, keys)
    await alice_asks(alice, bob, carol)
    bob.type("y")
    assert len(shared.table.log) == 1  # carol has not answered yet
    marks = [client.mark() for client in (alice, bob, carol)]
    carol.type("y")
    for client, mark in zip((alice, bob, carol), marks):
        await client.rec.wait_for("alice took back their last move", since=mark)
    told = "alice took back their last move (alice paddled 1): bob agreed; carol agreed."
    await wait_until(lambda: told in said(bob, marks[1]), "bob told", seen=lambda: said(bob, marks[1])[-300:])
    assert shared.table.log == [] and shared.takeback is None

    await alice_asks(alice, bob, carol)
    marks = [client.mark() for client in (alice, bob, carol)]
    bob.type("n")
    for client, mark in zip((alice, bob, carol), marks):
        await client.rec.wait_for("bob refused: alice's move stays", since=mark)
    assert "bob refused: alice's move stays (alice paddled 1)." in said(carol, marks[2])
    assert len(shared.table.log) == 1 and shared.takeback is None
    carols = next(app for app, who in registry.sessions.items() if who.name == "carol")
    await wait_until(lambda: not isinstance(carols.screen, TakebackQuestion), "carol's question to go with the refusal",
                     seen=lambda: carols.screen)  # fmt: skip
    for client in (alice, bob, carol):
        await client.close()


async def test_a_person_who_is_gone_does_not_block_a_takeback_past_a_short_wait(river, keys):
    registry, shared, alice, bob, carol = await three_at_a_table(river, keys)
    await carol.close()
    await alice.rec.wait_for("carol gone")
    marks = [client.mark() for client in (alice, bob)]
    alice.type("1")
    await bob.rec.wait_for("alice paddled 1", since=marks[1])
    alice.type("u")
    await bob.rec.wait_for("(Y/N)", since=marks[1])
    bob.type("y")
    await wait_until(lambda: "carol, who is gone, did not answer" in said(alice, marks[0]), "alice told carol's silence agreed",
                     seen=lambda: said(alice, marks[0])[-300:])  # fmt: skip
    assert shared.table.log == []
    for client in (alice, bob):
        await client.close()


async def test_with_no_one_else_seated_a_takeback_is_made_at_once_and_watchers_are_told(river, keys):
    registry, port = await river(clock=Clock())
    registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice = await seated(port, "alice", keys, "alice (you), Seat 2 (free)")
    watcher = await connect(port, "bob", keys["bob"])
    await watcher.rec.wait_for("Seat 2 (free)")
    watcher.type("w")
    await watcher.rec.wait_for("Counter at")
    alice.type("1")
    await watcher.rec.wait_for("alice paddled 1")
    mark = watcher.mark()
    alice.type("u")
    await alice.rec.wait_for("Took back 1 move")
    await watcher.rec.wait_for("alice took back their last move", since=mark)
    for client in (alice, watcher):
        await client.close()


async def test_a_takeback_is_made_after_an_asked_player_who_agreed_has_left(river, keys):
    """The request ends by putting away the questions still shown: one shown in an app
    that has ended since (its player left) is passed over, and the move is taken back."""
    registry, shared, alice, bob, carol = await three_at_a_table(river, keys)
    await alice_asks(alice, bob, carol)
    bob.type("y")
    await wait_until(lambda: shared.takeback is not None and shared.takeback.waiting == {2}, "bob's answer")
    await bob.close()  # his app ends: its question with it
    await alice.rec.wait_for("bob gone")
    mark = alice.mark()
    carol.type("y")
    await alice.rec.wait_for("alice took back their last move", since=mark)
    assert shared.table.log == [] and shared.takeback is None
    await alice.close()
    await carol.close()
