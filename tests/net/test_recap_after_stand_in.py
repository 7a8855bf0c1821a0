"""A player a computer stood in for comes back to a summary of everything since
their own last move, the computer's moves for them marked; and those moves are
not theirs to take back."""

from __future__ import annotations

import pytest

from river_tui.rules.changes import Changes

from support.net.secret_game import GAME, Paddle
from .test_presence import Clock, identity, seated
from .test_tables import playable, river  # noqa: F401 (fixtures)
from support.waiting import wait_until


@pytest.fixture
def told_moves(monkeypatch):
    """Secret Paddle says what each move did, as a real game does for its summary."""

    def changes(before, after, actor):
        return Changes(lines=(("Moves", f"Seat {actor + 1} paddled {after.position - before.position}"),))

    monkeypatch.setattr(GAME, "changes", changes)
    monkeypatch.setattr(type(GAME), "summary_headings", ("Moves",))


async def test_the_summary_after_a_stand_in_covers_its_moves_marked(river, keys, told_moves):
    registry, port = await river(clock=Clock())
    shared = registry.create(identity("alice", keys), GAME.id, seats=2, bots=0, variant=None)
    alice = await seated(port, "alice", keys, "alice (you), Seat 2 (free)")
    bob = await seated(port, "bob", keys, "Seat 2 (free)")
    alices, bobs = (next(v for v in shared.viewers if v.seat == seat) for seat in (0, 1))
    alices.apply(0, Paddle(1))
    bobs.apply(1, Paddle(1))  # bob's own last move
    await bob.close()
    await alice.rec.wait_for("bob gone")
    registry.stand_in(shared, 1, "easy", "alice")
    for moves in (4, 6):
        alices.apply(0, Paddle(1))
        await wait_until(lambda: len(shared.table.log) == moves, "the computer's move", seen=lambda: shared.table.log)
    bob = await seated(port, "bob", keys, "alice, bob (you, computer plays)")
    mark = bob.mark()
    bob.type("u")  # the computer's move for him is not his to take back
    await bob.rec.wait_for("A computer made that move", since=mark)  # (the notice wraps the rest)
    assert len(shared.table.log) == 6
    mark = bob.mark()
    alices.apply(0, Paddle(1))  # bob's turn: he is told everything since his own move
    recap = await bob.rec.wait_for("Any key to go on", since=mark)
    assert "Since bob's last turn" in recap
    assert "bob paddled 2 (computer standing in) (×2)" in recap  # said once, with its count
    assert "alice paddled 1 (×3)" in recap
    for client in (alice, bob):
        await client.close()
