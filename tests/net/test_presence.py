"""Who is at a server table: each seat's person here, away or gone, who watches;
a computer standing in for a gone player after the table's grace time, until
they return; and the turn timer. The registry's clock is the test's own
(`Clock`): time passes when the test says so, never by sleeping."""

from __future__ import annotations

import logging

import pytest

from river_tui.net.auth import Identity
from river_tui.net.presence import AWAY_AFTER
from river_tui.net.tables import TableRegistry

from support.net.new_table_form import new_table_form
from support.net.secret_game import GAME
from support.net.sshclient import Client, connect
from .test_tables import ENTER, playable, river, sit  # noqa: F401 (fixtures)
from support.waiting import wait_until


class Clock:
    """The registry's clock: it moves only when a test moves it (``river(clock=...)``)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


def identity(name: str, keys) -> Identity:
    return Identity(name, keys[name].get_fingerprint(), "127.0.0.1")


async def seated(port: int, name: str, keys, seats_line: str) -> Client:
    client = await connect(port, name, keys[name])
    mark = client.mark()
    await sit(client, seats_line)
    await client.rec.wait_for("Paddle 1", since=mark)  # the game's footer (the presence line must not lose it)
    return client


async def alice_and_bob(river, clock, keys, **settings):
    """A two-seat table (``settings``: grace, timer), alice and bob seated at it:
    (registry, table, alice, bob, port)."""
    registry, port = await river(clock=clock)
    shared = registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None, **settings)
    alice = await seated(port, "alice", keys, "alice (you), Seat 2 (free)")
    bob = await seated(port, "bob", keys, "Seat 2 (free)")
    return registry, shared, alice, bob, port


async def test_each_seat_shows_here_away_gone_and_who_watches(river, clock, keys):
    registry, shared, alice, bob, port = await alice_and_bob(river, clock, keys)
    await alice.rec.wait_for("alice here · bob here · nobody watching")
    alices = next(window for window in shared.viewers if window.seat == 0)
    assert alices.presence.words() == "alice here · bob here · nobody watching"  # no turn timer: nothing more
    carol = await connect(port, "carol", keys["carol"])
    await carol.rec.wait_for("alice, bob")
    carol.type("w")
    await alice.rec.wait_for("bob here · watching: carol")

    mark = alice.mark()
    bob.type("q")  # to the lobby: connected, but not at the table
    await alice.rec.wait_for("bob away just now", since=mark)
    await carol.rec.wait_for("bob away just now")
    mark = alice.mark()
    await bob.close()
    await alice.rec.wait_for("bob gone just now", since=mark)
    clock.advance(3 * 60)
    assert "bob gone 3 minutes" in shared.presence.words(clock())

    mark = alice.mark()
    bob = await seated(port, "bob", keys, "alice, bob (you)")
    await alice.rec.wait_for("alice here · bob here", since=mark)

    mark = alice.mark()
    clock.advance(AWAY_AFTER)  # no key from anyone for that long: both are away, idle at the table
    watching = next(window for window in shared.viewers if window.seat is None)
    watching.presence.words()  # as carol's presence line asks every 30 s: idleness comes with no event
    # away since their last key and AWAY_AFTER: alice's was before bob left, bob's when he sat down again
    await alice.rec.wait_for("alice away 3 minutes · bob away just now", since=mark)
    mark = carol.mark()
    bob.type("L")  # a key (the log shown or hidden): bob is back at the keyboard
    await carol.rec.wait_for("alice away 3 minutes · bob here", since=mark)
    for client in (alice, bob, carol):
        await client.close()


async def test_a_gone_players_seat_goes_to_a_computer_after_the_grace_time_until_they_return(river, clock, keys, caplog):
    caplog.set_level(logging.INFO, logger="river_tui.net.tables")
    registry, shared, alice, bob, port = await alice_and_bob(river, clock, keys, grace=5 * 60)
    assert registry.seats_to_hand_over(shared, 0) == ([], "No one who is gone has the move now.")  # it is alice's
    alice.type("1")
    await bob.rec.wait_for("Counter at 1")
    await bob.close()
    await alice.rec.wait_for("bob gone just now")
    await alice.rec.wait_for("H Hand seat")  # offered while a gone player has the move
    assert registry.seats_to_hand_over(shared, None) == ([], "Only the table's seated players may hand a seat to a computer.")

    clock.advance(3.5 * 60)  # 90 s of the 5 minutes left: said in whole minutes, rounded up
    assert registry.seats_to_hand_over(shared, 0) == ([], "bob is gone; their seat can be handed to a computer in 2 minutes.")
    clock.advance(30)
    mark = alice.mark()
    alice.type("H")
    await alice.rec.wait_for("computer in 1 minute", since=mark)
    assert shared.computer_seats_to_act() == []
    clock.advance(30.5)  # 29.5 s left: under a minute, said in whole seconds, rounded up
    alices_window = next(window for window in shared.viewers if window.seat == 0)
    with pytest.raises(ValueError) as refused:
        alices_window.stand_ins.hand_to_computer(1, "easy")
    assert str(refused.value) == "bob is gone; their seat can be handed to a computer in 30 seconds."
    with pytest.raises(ValueError) as refused:
        registry.stand_in(shared, 1, "grandmaster", "alice")
    assert str(refused.value) == "Secret Paddle has no computer player 'grandmaster'."

    clock.advance(29.5)
    assert registry.seats_to_hand_over(shared, 0) == ([1], "")
    alice.type("H")
    await alice.rec.wait_for("bob: the easy computer plays until bob returns")
    alice.type(ENTER)
    await alice.rec.wait_for("alice handed bob's seat")
    await alice.rec.wait_for("bob paddled 2")  # the computer's move (the easy computer always paddles 2)
    await alice.rec.wait_for("(easy computer plays)")
    alice.type("1")
    await wait_until(lambda: len(shared.table.log) == 4, "the computer's second move", seen=lambda: shared.table.log)

    bob = await seated(port, "bob", keys, "alice, bob (you, computer plays)")  # back: the seat is his again
    await alice.rec.wait_for("bob is back and plays")
    assert shared.stand_ins == {}
    assert "alice handed seat 2 at table 1 to the easy computer" in caplog.messages  # what the operator reads
    assert "bob is back at table 1; the computer leaves seat 2" in caplog.messages
    alice.type("1")
    await bob.rec.wait_for("Counter at 7")
    bob.type("1")  # his own move: the computer would have paddled 2
    await alice.rec.wait_for("bob paddled 1")
    assert [(seat, action.strokes) for seat, action in shared.table.log] == [(0, 1), (1, 2), (0, 1), (1, 2), (0, 1), (1, 1)]
    for client in (alice, bob):
        await client.close()


async def test_no_one_may_hand_over_a_seat_whose_player_is_connected(river, clock, keys):
    registry, shared, alice, bob, port = await alice_and_bob(river, clock, keys, grace=60)
    alice.type("1")
    await bob.rec.wait_for("Counter at 1")
    mark = alice.mark()
    bob.type("q")  # in the lobby: away, but connected (and told it is his move)
    await alice.rec.wait_for("bob away just now", since=mark)
    clock.advance(3600)
    assert registry.seats_to_hand_over(shared, 0) == ([], "bob is connected (away).")
    assert "Hand seat" not in alice.rec.text()  # the key is not offered
    for client in (alice, bob):
        await client.close()


async def test_the_turn_timer_has_a_computer_play_a_late_turn(river, clock, keys, caplog):
    caplog.set_level(logging.INFO, logger="river_tui.net.tables")
    registry, shared, alice, bob, port = await alice_and_bob(river, clock, keys, timer=120)
    await bob.rec.wait_for("alice has 2 minutes left")
    bobs = next(window for window in shared.viewers if window.seat == 1)
    assert bobs.presence.words() == "alice here · bob here · nobody watching · alice has 2 minutes left"
    clock.advance(100)
    alice.type("1")
    await bob.rec.wait_for("Counter at 1")
    await alice.rec.wait_for("bob has 2 minutes left")  # his turn's time, from its start
    clock.advance(100)  # 100 s of bob's 120
    registry.check_timer(shared)
    assert shared.timed_out == set()
    clock.advance(20)
    registry.check_timer(shared)
    await bob.rec.wait_for("Time is up for bob")
    assert "turn timer ran out for seat 2 at table 1" in caplog.messages  # what the operator reads
    await alice.rec.wait_for("bob paddled 2")
    assert shared.timed_out == set()  # the turn is over: the next one is bob's own again
    alice.type("1")
    await bob.rec.wait_for("Counter at 4")
    bob.type("1")
    await alice.rec.wait_for("bob paddled 1")
    for client in (alice, bob):
        await client.close()


async def test_grace_time_turn_timer_and_stand_ins_survive_a_restart(river, clock, keys):
    registry, _port = await river(clock=clock)
    alice = identity("alice", keys)
    shared = registry.create(alice, GAME.id, seats=2, bots=0, variant=None, grace=120, timer=3600)
    registry.take_seat(shared, 1, identity("bob", keys))
    registry.stand_in(shared, 1, "easy", "alice")
    await registry.close()
    restored = TableRegistry.restore(registry.folder, clock=clock)
    again = restored.tables[1]
    assert (again.grace, again.timer, again.stand_ins) == (120, 3600, {1: "easy"})
    await restored.close()


async def test_the_new_table_form_chooses_the_grace_time_and_the_turn_timer(river_home):
    async with new_table_form(river_home) as (registry, app, pilot):
        for field in ("#grace", "#timer"):  # one down from 10 minutes' grace and from no timer
            await pilot.click(field)
            await pilot.pause()
            await pilot.press("down", "enter")
            await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_until(lambda: registry.tables, "the table", pause=pilot.pause)
        assert (registry.tables[1].grace, registry.tables[1].timer) == (30 * 60, 60)
