"""The server's shared tables, as a player at a seat window or the operator
reading the server's log sees them: what a refused undo says, what a window
that lost its seat shows, what the log says when a computer seat misbehaves or
the records cannot be kept, why a line of tables.json is not offered, and that
a table started with a seed plays the same game again (its computer seats too).
Written against the survivors of `make mutate` (docs/testing.md)."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import threading
import weakref

import pytest

from river_tui.net.auth import Identity
from river_tui.net.tables import INDEX, TableRegistry
from river_tui.records import players
from river_tui.saves.locations import saves_dir
from river_tui.play.table import UndoRefused

from support.net.secret_game import GAME, Paddle
from support.net.sshclient import connect
from .test_tables import new_table, playable, river, sit  # noqa: F401 (fixtures)
from support.toygame import Step
from support.waiting import DEADLINE, wait_until

ALICE = Identity("alice", "SHA256:alice", "127.0.0.1")
BOB = Identity("bob", "SHA256:bob", "127.0.0.1")
CAROL = Identity("carol", "SHA256:carol", "127.0.0.1")
ONLY_UNTIL = "You can take a move back only until someone else has moved."


class FakeApp:
    """Stands in for a session's app: what it was asked to run and to say."""

    def __init__(self) -> None:
        self.calls = []
        self.notices = []

    def call_later(self, callback) -> None:
        self.calls.append(callback)

    def notify(self, message, **style) -> None:
        self.notices.append((message, style))


@pytest.fixture
async def registry(river_home):
    registry = TableRegistry(river_home / "serve", bot_delay=0)
    yield registry
    await registry.close()


async def test_undo_at_a_seat_window_says_why_it_is_refused(registry):
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    alice, bob = registry.join(shared, FakeApp(), ALICE), registry.join(shared, FakeApp(), BOB)
    with pytest.raises(UndoRefused) as nothing_yet:
        alice.undo()  # no move made yet: refused, not a crash
    alice.apply(0, Paddle(1))
    with pytest.raises(UndoRefused) as not_his:
        bob.undo()  # alice's move is hers to take back, not bob's
    assert str(nothing_yet.value) == str(not_his.value) == ONLY_UNTIL
    assert shared.table.log == [(0, Paddle(1))]


async def test_a_window_that_lost_its_seat_is_warned_once_in_a_sentence(registry):
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    older = registry.join(shared, FakeApp(), ALICE)
    older.listeners.append(lambda window: None)  # a screen is showing the table
    registry.join(shared, FakeApp(), ALICE)  # the same key, from a newer session
    assert older.seat is None
    assert older.app.notices == [
        ("Your seat was taken by your newer session; this window now watches.", {"severity": "warning", "markup": False})
    ]


async def test_a_keys_newer_session_takes_its_seat_and_says_so_only_if_the_older_showed_the_table(registry):
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    app = FakeApp()
    first = registry.join(shared, app, ALICE)
    bob = registry.join(shared, FakeApp(), BOB)
    assert registry.join(shared, app, ALICE) is first  # the same session opening the table again
    second = registry.join(shared, FakeApp(), ALICE)  # no screen showed the first window
    assert (first.seat, second.seat, second.took_over, first.app.notices) == (None, 0, False, [])
    second.listeners.append(lambda window: None)  # a screen shows the second
    watching = registry.watch(shared, FakeApp(), ALICE)
    assert (watching.seat, second.seat) == (None, 0)  # watching takes no seat
    third = registry.join(shared, FakeApp(), ALICE)
    assert (second.seat, third.seat, third.took_over, bob.seat) == (None, 0, True, 1)
    assert [window.seat for window in shared.viewers] == [None, 1, None, None, 0]


def seated_session(registry, shared, identity) -> FakeApp:
    """A session of ``identity`` showing ``shared`` from its seat (a screen and its presence line)."""
    app = FakeApp()
    registry.arrive(app, identity)
    window = registry.join(shared, app, identity)
    window.listeners.append(lambda window: None)
    window.presence.listeners.append(lambda: None)
    return app


async def test_a_session_that_ends_leaves_the_table_its_player_shows_gone_and_nothing_of_it_is_kept(river_home):
    now = [1000.0]
    registry = TableRegistry(river_home / "serve", lobby_delay=0, clock=lambda: now[0])
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    alices_app, bobs_app = seated_session(registry, shared, ALICE), seated_session(registry, shared, BOB)
    lobby = FakeApp()
    alice = shared.viewers[0]
    registry.watch_lobby(bobs_app, lambda: None)  # bob's lobby, still subscribed when his session ends
    registry.watch_lobby(lobby, lambda: None)
    assert alice.presence.words() == "alice here · bob here · nobody watching"
    now[0] += 600  # bob's session ends 10 minutes later, as alice presses a key
    registry.key_pressed(alices_app)
    alices_app.calls.clear()
    registry.forget(bobs_app)
    bobs_app = weakref.ref(bobs_app)
    gc.collect()
    assert bobs_app() is None  # the registry keeps nothing of the ended session
    assert [window.identity.name for window in shared.viewers] == ["alice"]
    assert alices_app.calls == alice.presence.listeners  # told once that who is here changed
    assert alice.presence.words() == "alice here · bob gone just now · nobody watching"
    registry.presence_changed()  # nothing changed: not told again
    assert alices_app.calls == alice.presence.listeners
    await wait_until(lambda: lobby.calls, "the lobby told of bob leaving")
    await registry.close()


async def test_each_table_counts_its_own_seats_time_gone_and_lists_no_free_seat(river_home):
    now = [1000.0]
    registry = TableRegistry(river_home / "serve", clock=lambda: now[0])
    first, second = (registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None) for _ in range(2))
    alices_app = seated_session(registry, first, ALICE)
    alice = first.viewers[0]
    bobs_app = seated_session(registry, first, BOB)
    at_second = registry.join(second, alices_app, ALICE)
    at_second.listeners.append(lambda window: None)
    assert at_second.presence.words() == "alice here · nobody watching"  # its second seat is free
    seated_session(registry, second, CAROL)  # carol in the second table's seat 2
    registry.forget(bobs_app)  # bob, in the first table's seat 2, leaves
    now[0] += 600
    registry.key_pressed(alices_app)
    assert alice.presence.words() == "alice here · bob gone 10 minutes · nobody watching"
    assert at_second.presence.words() == "alice here · carol away 5 minutes · nobody watching"
    await registry.close()


@pytest.mark.parametrize("bob_sits_before_carol", [True, False], ids=["bob-first", "carol-first"])
async def test_handing_over_when_several_seats_act_at_once_names_each_seat_and_why_not_yet(
    river_home, monkeypatch, bob_sits_before_carol
):
    monkeypatch.setattr(GAME, "to_act", lambda state: frozenset({0, 1, 2}))  # a phase where every seat acts
    now = [1000.0]
    registry = TableRegistry(river_home / "serve", clock=lambda: now[0])
    shared = registry.create(ALICE, GAME.id, seats=3, bots=0, variant=None)
    seated_session(registry, shared, ALICE)
    apps = {who.name: seated_session(registry, shared, who) for who in ((BOB, CAROL) if bob_sits_before_carol
                                                                        else (CAROL, BOB))}
    alice = shared.viewers[0]
    registry.forget(apps["bob"])
    now[0] += 60
    bob = "bob is gone; their seat can be handed to a computer in 9 minutes."
    carol = "carol is connected (here)."
    assert alice.stand_ins.may_hand_over() == ([], f"{bob} {carol}" if bob_sits_before_carol else f"{carol} {bob}")
    now[0] += 540  # the table's grace time (10 minutes) has passed for bob
    assert alice.stand_ins.may_hand_over() == ([1 if bob_sits_before_carol else 2], "")
    await registry.close()


async def test_the_older_window_of_a_key_stops_offering_the_seats_moves(river, keys):
    """The window that lost the seat to a newer session of the same key shows the
    table as a watcher does: it no longer says it is that seat's turn."""
    registry, port = await river()
    older = await connect(port, "alice", keys["alice"])
    await new_table(older)
    await older.rec.wait_for("alice to act")
    newer = await connect(port, "alice", keys["alice"])
    await sit(newer, "alice (you)")
    await older.rec.wait_for("Your seat was taken by your newer session")
    await older.rec.wait_for("Waiting for alice.")
    for client in (older, newer):
        await client.close()


async def test_a_computer_seats_illegal_move_is_logged_with_the_rules_reason(registry, monkeypatch, caplog):
    from river_tui.rules.core import Bot

    monkeypatch.setattr(GAME, "bots", lambda: {"greedy": Bot("greedy", lambda game, view, seat, rng: Paddle(3))})
    shared = registry.create(ALICE, GAME.id, seats=2, bots=1, variant=None)
    registry.join(shared, FakeApp(), ALICE).apply(0, Paddle(1))
    said = lambda: [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]  # noqa: E731
    await wait_until(said, "the server's log line", seen=said)
    assert said() == ["computer seat 2 at table 1 chose an illegal move: You paddle 1 or 2 strokes."]
    assert shared.table.log == [(0, Paddle(1))]  # the illegal move is not played


async def test_records_that_cannot_be_used_are_named_in_the_servers_log(registry, river_home, caplog):
    (river_home / players.FILE_NAME).mkdir(parents=True)  # records.json is a folder
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    alice, bob = registry.join(shared, FakeApp(), ALICE), registry.join(shared, FakeApp(), BOB)
    while not shared.table.finished:
        (alice if 0 in shared.table.to_act() else bob).apply(min(shared.table.to_act()), Paddle(2))
    await registry.close()  # waits for the records, written off the loop
    errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert errors == [
        "Your records file could not be used (it is a folder, not a file): it is kept as records.json.damaged "
        "and a new record begins with this game."
    ]
    assert players.load().games[GAME.id]["alice"].played == 1


@pytest.mark.parametrize(
    "entry, row, reason",
    [
        ({"owners": []}, "entry 2", "entry 2 of tables.json names no save"),
        ({"path": "x.rtsave", "owners": 5}, "x.rtsave", "entry 2 of tables.json has no usable list of seat owners"),
        ({"path": "x.rtsave", "owners": "ab"}, "x.rtsave", "entry 2 of tables.json has no usable list of seat owners"),
        ({"path": "x\0.rtsave", "owners": []}, "x.rtsave", "entry 2 of tables.json names no usable path"),
    ],
)
def test_a_bad_line_of_tables_json_is_a_row_naming_it_and_why(river_home, entry, row, reason):
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    (folder / INDEX).write_text(json.dumps([{"path": str(saves_dir() / "gone.rtsave"), "owners": []}, entry]))
    registry = TableRegistry.restore(folder)
    assert [(b.name, b.reason) for b in registry.broken][1:] == [(row, reason)]
    assert json.loads((folder / INDEX).read_text())[1] == entry  # kept as it was, for its owner to repair


async def test_a_seeded_table_plays_the_same_game_again_computer_seats_too(river_home):
    """A table started with a seed is a repeatable game: the toy race's random
    computer seats make the same moves when it is played again the same way."""

    async def play(folder: str) -> list:
        registry = TableRegistry(river_home / folder, bot_delay=0)
        shared = registry.create(ALICE, "toy", seats=3, bots=2, variant=None, seed=11)
        alice, table = registry.join(shared, FakeApp(), ALICE), shared.table
        while not table.finished:
            await wait_until(lambda: table.finished or 0 in table.to_act(), "the computers", seen=lambda: table.log)
            if not table.finished:
                alice.apply(0, Step(1))
        await registry.close()
        return table.log

    first = await play("one")
    assert len([seat for seat, _ in first if seat]) >= 4  # the computers moved (twice a round)
    assert await play("two") == first


async def test_a_computer_that_thought_before_a_move_was_taken_back_thinks_again(registry, monkeypatch):
    """alice paddles, takes it back and paddles otherwise while the computer thinks:
    the computer's move is chosen for where the counter then stands, not the old one."""
    from river_tui.rules.core import Bot

    release, looked_at = threading.Event(), []

    def think(game, view, seat, rng):
        looked_at.append(view.position)
        if len(looked_at) == 1:
            release.wait(DEADLINE)  # still thinking while alice takes her move back
        return Paddle(1)

    monkeypatch.setattr(GAME, "bots", lambda: {"greedy": Bot("greedy", think)})
    shared = registry.create(ALICE, GAME.id, seats=2, bots=1, variant=None)
    alice = registry.join(shared, FakeApp(), ALICE)
    alice.apply(0, Paddle(1))
    await wait_until(lambda: looked_at, "the computer to start thinking")
    alice.undo()
    alice.apply(0, Paddle(2))
    release.set()
    await wait_until(lambda: len(shared.table.log) == 2, "the computer's move", seen=lambda: shared.table.log)
    assert looked_at == [1, 2]  # it thought again, with the counter at 2
    assert shared.table.log == [(0, Paddle(2)), (1, Paddle(1))]


async def test_a_computer_standing_in_makes_no_move_once_its_player_is_back(registry, monkeypatch):
    """bob's seat is handed to a computer; bob sits down again while it thinks: its
    move is dropped, and the seat waits for bob's own move."""
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    alice, bob = registry.join(shared, FakeApp(), ALICE), registry.join(shared, FakeApp(), BOB)
    alice.apply(0, Paddle(1))
    release, thinking = threading.Event(), []

    def think(seat, rng, kind):
        thinking.append((seat, kind))
        release.wait(DEADLINE)  # still thinking while bob comes back
        return Paddle(1)

    monkeypatch.setattr(shared.table, "bot_choice", think)
    registry.stand_in(shared, 1, "easy", "alice")
    await wait_until(lambda: thinking, "the computer to start thinking for bob")
    turn = registry._bot_tasks[shared.number]
    bob = registry.join(shared, FakeApp(), BOB)  # bob is back
    release.set()
    await asyncio.wait_for(turn, DEADLINE)
    assert thinking == [(1, "easy")]
    assert shared.table.log == [(0, Paddle(1))]  # nothing played for bob
    bob.apply(1, Paddle(2))
    assert shared.table.log == [(0, Paddle(1)), (1, Paddle(2))]


async def test_one_player_cannot_start_tables_without_end(registry, monkeypatch):
    monkeypatch.setattr("river_tui.net.tables.MAX_STARTED_PER_KEY", 3)
    started = [registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None) for _ in range(3)]
    with pytest.raises(ValueError) as refused:
        registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    assert str(refused.value) == (
        "You have started 3 tables that are still being played, the most one player may; finish one of them first."
    )
    registry.create(BOB, GAME.id, seats=2, bots=0, variant=None)  # another player still may
    registry.join(started[0], FakeApp(), BOB)
    game = started[0].table
    for _ in range(200):  # a finished table no longer counts: play the first to its end
        if game.finished:
            break
        seat = sorted(game.to_act())[0]
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.finished
    registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    assert len(json.loads((registry.folder / INDEX).read_text())) == 5


async def test_the_server_lists_a_bounded_number_of_tables(registry, monkeypatch):
    monkeypatch.setattr("river_tui.net.tables.MAX_TABLES", 2)
    registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    registry.create(BOB, GAME.id, seats=2, bots=0, variant=None)
    with pytest.raises(ValueError) as refused:
        registry.create(Identity("carol", "SHA256:carol", "127.0.0.1"), GAME.id, seats=2, bots=0, variant=None)
    assert str(refused.value) == (
        "This server holds 2 tables, the most it keeps; join one, or wait until some are finished."
    )
