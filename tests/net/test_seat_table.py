"""A session's window onto a shared table: only its own seat moves, only its view
is seen, and every change reaches the disk (written off the event loop)."""

from __future__ import annotations

import asyncio
import contextvars
import gc
import json
import logging
import weakref

import pytest

from river_tui.net.auth import Identity
from river_tui.net import tables
from river_tui.net.chat import ChatLine
from river_tui.records import players
from river_tui.net.tables import TableRegistry, TakebackAsked
from river_tui.rules.core import IllegalAction, encode_action
from river_tui.play.table import Table, UndoRefused

from support.net.secret_game import GAME, Paddle
from support.waiting import wait_until

ALICE = Identity("alice", "SHA256:alice", "127.0.0.1")
BOB = Identity("bob", "SHA256:bob", "127.0.0.1")
GUEST = Identity("visitor", None, "127.0.0.1")


class FakeApp:
    """Stands in for a session's app: records what it was asked to run."""

    def __init__(self) -> None:
        self.calls = []

    def call_later(self, callback) -> None:
        self.calls.append(callback)


@pytest.fixture
async def seated(river_home):
    registry = TableRegistry(river_home / "serve")
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    apps = FakeApp(), FakeApp(), FakeApp()
    windows = (
        registry.join(shared, apps[0], ALICE),
        registry.join(shared, apps[1], BOB),
        registry.join(shared, apps[2], GUEST),
    )
    yield registry, shared, windows
    await registry.close()


async def test_each_window_moves_only_for_its_own_seat(seated):
    registry, shared, (alice, bob, guest) = seated
    assert (alice.seat, bob.seat, guest.seat) == (0, 1, None)
    with pytest.raises(IllegalAction) as refused:
        guest.apply(0, Paddle(1))
    assert str(refused.value) == "You are watching this table; only seated players move."
    with pytest.raises(IllegalAction) as refused:
        bob.apply(0, Paddle(1))
    assert str(refused.value) == "You can only move for your own seat."
    alice.apply(0, Paddle(2))
    assert shared.table.log == [(0, Paddle(2))]


async def test_each_window_sees_only_its_seats_view(seated):
    registry, shared, (alice, bob, guest) = seated
    secrets = shared.table.state.secrets
    assert alice.state.secrets == (secrets[0], None)
    assert bob.state.secrets == (None, secrets[1])
    assert guest.state.secrets == (None, None)
    assert alice.view(1).secrets == bob.view(0).secrets == (None, None)  # another seat's view: a watcher's
    alice.apply(0, Paddle(1))
    assert bob.state_at(0).secrets == (None, secrets[1])


async def test_a_move_is_delivered_to_every_window_through_its_own_app(seated):
    registry, shared, windows = seated
    seen = []
    for window in windows:
        window.listeners.append(seen.append)
    windows[0].apply(0, Paddle(1))
    for window in windows[1:]:
        assert window.app.calls == [window._deliver]  # queued in its own app, not run here
    assert seen == [] and windows[0].app.calls == []  # the mover's own screen comes after
    await asyncio.sleep(0)
    assert windows[0].app.calls == [windows[0]._deliver]
    for window in windows[1:]:
        window.app.calls.pop()()
    assert seen == list(windows[1:])


async def test_a_line_written_at_one_window_is_in_every_window_of_the_table_also_after_a_restart(seated):
    registry, shared, (alice, bob, guest) = seated
    registry.chat_rates.wall_clock = lambda: 1_796_000_000.0  # lines carry when they were written
    assert alice.chat.say("good luck") == "You can write only at a table you are looking at."
    for window in (alice, bob, guest):
        window.listeners.append(lambda seen: None)  # as a screen does
    assert alice.chat.say("good luck") is None
    line = ChatLine("alice", 0, "good luck", at=1_796_000_000.0)
    assert alice.chat.history() == bob.chat.history() == guest.chat.history() == [line]
    assert alice.chat.wrote(line) and not bob.chat.wrote(line)
    assert bob.chat.say("@alice see you") is None  # a whisper: only alice's seat sees it
    whisper = ChatLine("bob", 1, "see you", to=0, at=1_796_000_000.0)
    await registry.close()  # the chat is written beside the save
    restored = TableRegistry.restore(registry.folder)
    again = restored.join(restored.tables[1], FakeApp(), ALICE), restored.join(restored.tables[1], FakeApp(), GUEST)
    assert [window.chat.history() for window in again] == [[line, whisper], [line]]
    await restored.close()


async def test_the_lobbys_turn_column_says_where_the_game_stands_and_who_is_to_act(seated, monkeypatch):
    registry, shared, (alice, bob, guest) = seated
    assert shared.turn() == "Position 0: alice"
    alice.apply(0, Paddle(2))
    assert shared.turn() == "Position 2: bob"
    monkeypatch.setattr(GAME, "round_label", lambda state: "")  # a game that names no round
    assert shared.turn() == "bob"
    with monkeypatch.context() as both:
        both.setattr(GAME, "to_act", lambda state: frozenset({1, 0}))  # a phase where both seats act
        assert shared.turn() == "alice, bob"
    for window in (bob, alice, bob, alice, bob):  # 2 strokes each: 12, the goal
        window.apply(window.seat, Paddle(2))
    assert shared.turn() == "finished"


async def test_undo_only_until_someone_else_moved(seated):
    registry, shared, (alice, bob, guest) = seated
    alice.apply(0, Paddle(1))
    with pytest.raises(UndoRefused):
        bob.undo()
    with pytest.raises(TakebackAsked):  # bob sits at the table too: he is asked (test_takeback.py)
        alice.undo()
    registry.answer_takeback(shared, shared.takeback, 1, True)
    assert shared.table.log == []
    alice.apply(0, Paddle(1))
    bob.apply(1, Paddle(2))
    with pytest.raises(UndoRefused):
        alice.undo()


async def test_every_change_is_saved_and_seats_stay_bound(seated, river_home):
    registry, shared, (alice, bob, guest) = seated
    alice.apply(0, Paddle(1))
    bob.apply(1, Paddle(2))
    await shared.flush()
    assert [seat for seat, _ in Table.load(shared.path).log] == [0, 1]
    restored = TableRegistry.restore(river_home / "serve")
    assert restored.tables[1].owners == ["SHA256:alice", "SHA256:bob"]
    assert [seat.name for seat in restored.tables[1].table.seats] == ["alice", "bob"]
    await restored.close()


async def test_a_seat_is_taken_once_and_never_by_a_guest(seated):
    registry, shared, windows = seated
    with pytest.raises(ValueError):
        registry.take_seat(shared, 1, Identity("carol", "SHA256:carol", "127.0.0.1"))
    with pytest.raises(ValueError, match="Guests"):
        registry.create(GUEST, GAME.id, seats=2, bots=0, variant=None)


async def test_the_lobby_hears_of_many_changes_once(river_home):
    registry = TableRegistry(river_home / "serve", lobby_delay=0.05)
    lobby, gone = FakeApp(), FakeApp()
    registry.watch_lobby(lobby, lambda: None)
    registry.watch_lobby(gone, lambda: None)
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    alice = registry.join(shared, FakeApp(), ALICE)
    bob = registry.join(shared, FakeApp(), BOB)
    alice.apply(0, Paddle(1))
    bob.apply(1, Paddle(2))
    registry.watch_lobby(gone, None)  # left the lobby before the update came
    assert lobby.calls == []
    await wait_until(lambda: lobby.calls, "the lobby's update", seen=lambda: lobby.calls)
    assert len(lobby.calls) == 1 and gone.calls == []
    alice.apply(0, Paddle(1))  # a change after the update: another update
    await wait_until(lambda: len(lobby.calls) == 2, "the second update", seen=lambda: lobby.calls)
    await registry.close()


async def test_a_session_sees_a_change_only_in_what_it_looks_at(river_home):
    """What the idle check asks (`last_change`, loop time): the lobby's last change for
    a session in the lobby, none (0) before anything changed or for a session that
    looks at neither the lobby nor a table."""
    registry = TableRegistry(river_home / "serve")
    lobby, elsewhere = FakeApp(), FakeApp()
    registry.watch_lobby(lobby, lambda: None)
    assert registry.last_change(lobby) == registry.last_change(elsewhere) == 0.0
    registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    assert 0.0 < registry.last_change(lobby) <= asyncio.get_running_loop().time()
    assert registry.last_change(elsewhere) == 0.0
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    alice, bob = registry.join(shared, FakeApp(), ALICE), registry.join(shared, FakeApp(), BOB)
    for window in (alice, bob):
        window.listeners.append(lambda seen: None)  # as a screen does
    alice.apply(0, Paddle(1))
    now = asyncio.get_running_loop().time()
    assert 0.0 < registry.last_change(bob.app) <= now  # bob's move: his table's last change
    assert registry.last_change(alice.app) >= now  # waiting for bob is not idling
    await registry.close()


async def test_moves_are_saved_together_a_moment_after_they_are_made(seated, monkeypatch):
    registry, shared, (alice, bob, guest) = seated
    await shared.flush()
    snapshots, written = [], []
    save_data = shared.table.save_data
    monkeypatch.setattr(shared.table, "save_data", lambda: snapshots.append(1) or save_data())
    monkeypatch.setattr(tables.store, "save", lambda path, data: written.append(data.log))
    alice.apply(0, Paddle(1))
    bob.apply(1, Paddle(2))
    assert snapshots == []  # nothing of the save between a move and the other screens
    await wait_until(lambda: written, "the save a moment after the moves", seen=lambda: written)
    await shared.flush()
    assert written == [[(0, encode_action(Paddle(1))), (1, encode_action(Paddle(2)))]]


async def test_a_finished_table_counts_in_each_seats_record_once(seated, river_home):
    registry, shared, (alice, bob, guest) = seated
    while not shared.table.finished:
        (alice if shared.table.to_act() == {0} else bob).apply(min(shared.table.to_act()), Paddle(2))
    await registry.close()  # waits for the records, written off the loop
    records = players.load()
    tallies = records.games[GAME.id]
    assert set(tallies) == {"alice", "bob"} and all(t.played == 1 for t in tallies.values())
    assert sum(t.won for t in tallies.values()) >= 1
    assert (river_home / "records.json").exists()
    restored = TableRegistry.restore(river_home / "serve")  # a finished table is not offered again,
    await restored.close()  # nor counted twice
    assert players.load().games[GAME.id]["alice"].played == 1 and not restored.tables


async def test_a_finished_table_leaves_the_list_in_time_and_counts_once_even_if_its_last_move_was_redone(river_home):
    registry = TableRegistry(river_home / "serve", finished_listed=0.05)
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    windows = registry.join(shared, FakeApp(), ALICE), registry.join(shared, FakeApp(), BOB)
    for window in windows * 3:  # 2 strokes each: 12, the goal
        window.apply(window.seat, Paddle(2))
    assert shared.table.finished
    with pytest.raises(TakebackAsked):  # bob takes the last move back (alice agrees) and makes it again
        windows[1].undo()
    registry.answer_takeback(shared, shared.takeback, 0, True)
    windows[1].apply(1, Paddle(2))
    await wait_until(lambda: not registry.tables, "the finished table to leave the list", seen=lambda: registry.tables)
    assert json.loads((registry.folder / tables.INDEX).read_text()) == []
    await registry.close()  # waits for the records, written off the loop
    assert {name: tally.played for name, tally in players.load().games[GAME.id].items()} == {"alice": 1, "bob": 1}


async def test_the_registrys_timers_and_tasks_keep_nothing_of_the_session_whose_move_started_them(
    river_home, monkeypatch
):
    """A move runs in its session's context (Textual's, holding the session's app);
    what the move starts to run later (the saves, the lobby's update, a turn timer, the
    list's day timer for a finished table, the records, the computer's turn) runs in an empty
    one, so an ended session's app is not kept alive by them."""
    monkeypatch.setattr(tables, "SAVE_DELAY", 3600)  # the saves wait: their timers are pending
    registry = TableRegistry(river_home / "serve", bot_delay=3600, lobby_delay=3600)  # and the computer, the lobby
    registry.watch_lobby(FakeApp(), lambda: None)
    session_app = contextvars.ContextVar("session_app")
    held = [FakeApp()]
    app = weakref.ref(held[0])

    def in_the_session() -> tuple:
        """alice's session starts two tables, and the moves at them are made."""
        session_app.set(held.pop())
        shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
        computer = registry.create(ALICE, GAME.id, seats=3, bots=1, variant=None)
        registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None, timer=3600)  # its turn timer is pending
        windows = [registry.join(table, FakeApp(), who) for table in (shared, computer) for who in (ALICE, BOB)]
        for window in windows[:2] * 3:  # 2 strokes each: 12, the goal
            window.apply(window.seat, Paddle(2))
        windows[2].apply(0, Paddle(1))
        windows[3].apply(1, Paddle(1))  # the computer's turn next
        return shared, computer

    shared, computer = contextvars.copy_context().run(in_the_session)
    await wait_until(lambda: GAME.id in players.load().games, "the finished game in the records")
    assert shared.table.finished and computer.computer_seats_to_act() == [2]
    # the movers' own redraws and the records task end in a moment (the first records
    # written in a process take longer): then nothing holds the session's app
    await wait_until(lambda: gc.collect() >= 0 and app() is None, "the session's app to be let go")
    await registry.close()


async def test_a_game_finished_before_a_restart_is_counted_by_the_next_run(seated, river_home, monkeypatch):
    registry, shared, (alice, bob, guest) = seated
    monkeypatch.setattr(tables, "record_game", lambda table, stood_in: players.Recorded(False))  # the server stops before it counts
    while not shared.table.finished:
        (alice if shared.table.to_act() == {0} else bob).apply(min(shared.table.to_act()), Paddle(2))
    await registry.close()
    assert players.load().games == {}
    monkeypatch.setattr(tables, "record_game", players.record_game)  # (not undo(): that drops RIVER_TUI_HOME too)
    restored = TableRegistry.restore(river_home / "serve")
    await restored.close()
    assert set(players.load().games[GAME.id]) == {"alice", "bob"}


async def test_a_table_that_cannot_be_saved_tells_each_window_once_and_play_goes_on(seated, monkeypatch, caplog):
    import errno

    registry, shared, windows = seated
    real_save = tables.store.save

    def disk_full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tables.store, "save", disk_full)
    for window in windows:
        window.listeners.append(lambda seen: None)  # as a screen does
    windows[0].apply(0, Paddle(1))
    await asyncio.sleep(0)  # the move's own redraws are queued
    for window in windows:
        window.app.calls.clear()
    await shared.flush()  # the write fails
    assert all(window.app.calls for window in windows), "every screen is woken to say it"
    said = [window.save_notice() for window in windows]
    full = f"the disk holding {shared.path.parent} is full"
    assert said == [f"The game is not being saved: {full}; play goes on, and it is saved as soon as it can be."] * 3
    assert [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR] == [
        f"table 1 could not be saved to {shared.path}: [Errno 28] No space left on device"
    ]
    windows[1].apply(1, Paddle(1))  # play goes on
    await shared.flush()
    assert [window.save_notice() for window in windows] == [None, None, None]  # told once
    monkeypatch.setattr(tables.store, "save", real_save)
    windows[0].apply(0, Paddle(2))
    await shared.flush()
    assert shared.table.save_problem is None
    assert Table.load(shared.path).log == shared.table.log  # the next save wrote everything
    monkeypatch.setattr(tables.store, "save", disk_full)
    windows[1].apply(1, Paddle(2))
    await shared.flush()
    assert all(window.save_notice() for window in windows)  # failing again: told again


async def test_only_a_player_archives_a_table_and_only_once_it_is_finished(seated, caplog):
    caplog.set_level(logging.INFO, logger="river_tui.net.tables")
    registry, shared, (alice, bob, guest) = seated
    with pytest.raises(ValueError) as refused:
        registry.archive(shared, GUEST)
    assert str(refused.value) == "Only the table's players may archive it."
    with pytest.raises(ValueError) as refused:
        registry.archive(shared, ALICE)
    assert str(refused.value) == "Only a finished table can be archived; this one is still being played."
    assert list(registry.tables) == [1]
    for window in (alice, bob, alice, bob, alice, bob):  # 2 strokes each: 12, the goal
        window.apply(window.seat, Paddle(2))
    assert shared.table.finished
    registry.archive(shared, BOB)
    assert list(registry.tables) == []
    assert "bob archived table 1" in caplog.messages


async def test_a_seat_is_handed_only_to_the_games_computer_levels_easiest_first(river_home):
    registry = TableRegistry(river_home / "serve")
    secret = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    flow = registry.create(ALICE, "flow", seats=2, bots=0, variant=None)
    assert secret.stand_in_levels() == ["easy"]  # its greedy player is not a level
    assert flow.stand_in_levels() == ["easy", "normal", "hard"]
    await registry.close()


async def test_a_turn_timer_says_how_long_the_player_to_act_has_in_minutes_rounded_up_then_under_a_minute(river_home):
    now = [1000.0]
    registry = TableRegistry(river_home / "serve", clock=lambda: now[0])
    untimed = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    assert registry.time_left(untimed) == ""
    ten_minutes = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None, timer=600)
    assert registry.time_left(ten_minutes) == "alice has 10 minutes left"
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None, timer=150)  # alice's move first
    assert registry.time_left(shared) == "alice has 3 minutes left"  # 2.5 minutes, rounded up
    now[0] += 89
    assert registry.time_left(shared) == "alice has 2 minutes left"  # 61 s
    now[0] += 1
    assert registry.time_left(shared) == "alice has 1 minute left"  # 60 s
    now[0] += 0.5
    assert registry.time_left(shared) == "alice has under a minute left"  # 59.5 s
    now[0] += 59.5
    registry.check_timer(shared)  # her 150 s are up: a computer plays this turn
    assert registry.time_left(shared) == "turn timer 3 minutes"  # no person is waited for
    await registry.close()


async def test_when_seats_act_at_once_each_turn_timer_counts_from_its_own_last_move(river_home, monkeypatch):
    monkeypatch.setattr(GAME, "to_act", lambda state: frozenset({0, 1}))  # a phase where both seats act
    now = [1000.0]
    registry = TableRegistry(river_home / "serve", clock=lambda: now[0])
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None, timer=600)
    alice, bob = registry.join(shared, FakeApp(), ALICE), registry.join(shared, FakeApp(), BOB)
    now[0] += 300
    assert registry.time_left(shared) == "alice has 5 minutes left"
    alice.apply(0, Paddle(2))  # alice acts again at once: her 10 minutes start afresh
    assert registry.time_left(shared) == "alice has 10 minutes left"
    now[0] += 30
    bob.apply(1, Paddle(1))  # bob's move does not restart alice's timer
    assert registry.time_left(shared) == "alice has 10 minutes left"  # 9.5 minutes, rounded up
    now[0] += 60
    assert registry.time_left(shared) == "alice has 9 minutes left"  # 8.5
    await registry.close()


async def test_a_computer_seat_is_played_by_the_computer_chosen_for_it_and_a_persons_by_none(river_home):
    registry = TableRegistry(river_home / "serve")
    easy = registry.create(ALICE, GAME.id, seats=3, bots=1, variant=None)  # no computer named: the easy level
    greedy = registry.create(ALICE, GAME.id, seats=2, bots=1, variant=None, computer="greedy")
    assert [easy.computer_for(seat) for seat in range(3)] == [None, None, "easy"]
    assert [greedy.computer_for(seat) for seat in range(2)] == [None, "greedy"]
    await registry.close()


async def test_a_turn_timer_runs_out_by_itself_and_a_computer_plays_the_late_turn(river_home):
    registry = TableRegistry(river_home / "serve", bot_delay=0)
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None, timer=0.05)  # alice's move first
    await wait_until(lambda: shared.table.log, "a computer to play alice's late turn", seen=lambda: shared.timed_out)
    assert shared.table.log[0][0] == 0
    await registry.close()
