"""The server's records keep computers apart from people, and mark the games a
computer played in for a person (standing in for them, or a turn whose time ran out)."""

from __future__ import annotations

from river_tui.records import players

from support.net.secret_game import GAME, Paddle
from support.net.sshclient import connect
from .test_presence import Clock, identity
from .test_tables import playable, river  # noqa: F401 (fixtures)
from support.waiting import wait_until


async def test_a_game_a_stand_in_played_in_is_marked_in_that_persons_record(river, keys):
    registry, port = await river(clock=Clock())
    shared = registry.create(identity("alice", keys), GAME.id, seats=3, bots=1, variant=None)
    registry.take_seat(shared, 1, identity("bob", keys))
    registry.stand_in(shared, 1, "easy", "alice")  # bob is gone: the easy computer plays his seat
    table = shared.table
    table.apply(0, Paddle(1))
    await wait_until(lambda: 0 in table.to_act(), "the computers to move", seen=lambda: table.log)
    assert [seat for seat, _ in table.log] == [0, 1, 2]
    registry.join(shared, object(), identity("bob", keys))  # bob is back: he finishes the game himself
    assert shared.stand_ins == {}
    while not table.finished:
        for seat in (0, 1):
            if seat in table.to_act():
                table.apply(seat, Paddle(1))
        await wait_until(lambda: table.finished or 2 not in table.to_act(), "the computer to move", seen=lambda: table.log)
    await wait_until(lambda: players.load().counted, "the game to be recorded", seen=lambda: players.load())
    records = players.load()
    people = records.games[GAME.id]
    assert sorted(people) == ["alice", "bob"]  # "Computer 1" is no person's name in the records
    assert (people["alice"].played, people["alice"].stood_in) == (1, 0)
    assert (people["bob"].played, people["bob"].stood_in) == (1, 1)
    assert records.computers[GAME.id]["Computer 1 (easy)"].played == 1
    bob = await connect(port, "bob", keys["bob"])
    await bob.rec.wait_for("Enter sits you")
    bob.type("r")  # the server's ladders first (stood-in games are not rated), t: the records
    await bob.rec.wait_for("(t: the records)")
    bob.type("t")
    await bob.rec.wait_for("1 (1 with a stand-in)")
    await bob.close()
