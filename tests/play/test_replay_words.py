"""What the replay says at each position (the move that led there, who acts, whose
eyes), and what its read-only table refuses, in the words the player reads.
Written against the survivors of `records/replay.py` (docs/testing.md)."""

from __future__ import annotations

import dataclasses

import pytest

from river_tui.play.replay import Replay, TableAtPosition, revealed
from river_tui.rules.core import IllegalAction
from river_tui.play.table import Seat, Table
from support.toygame import Step, ToyGame


def short_steps_told_without_a_name(monkeypatch):
    plain_describe = ToyGame.describe
    monkeypatch.setattr(
        ToyGame, "describe",
        lambda self, state, seat, action: "one short step" if action == Step(1) else plain_describe(self, state, seat, action),
    )


def test_each_position_says_the_move_that_led_there_naming_its_seat(monkeypatch):
    short_steps_told_without_a_name(monkeypatch)
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    for amount in (2, 1):
        table.apply(min(table.to_act()), Step(amount))
    replay = Replay(table, position=0)
    words = []
    for position in range(3):
        replay.go(position)
        words.append(replay.move_words())
    assert words == ["The game is set up.", "Ann stepped 2", "Bob: one short step"]


def test_a_game_with_no_move_yet_has_no_lines_at_its_setup():
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    replay = Replay(table)
    assert (replay.position, replay.lines_at(0), replay.move_words()) == (0, [], "The game is set up.")


def test_the_status_names_everyone_to_act_at_once():
    table = Table.create("riverside", [Seat("Ann"), Seat("Bob"), Seat("Cy", "greedy")], {}, seed=2, autosave=False)
    assert Replay(table).status() == "Replay 0/0 · Ann, Bob, Cy to act · Ann's eyes only"


def test_the_read_only_table_refuses_in_words_and_tells_nobody():
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    table.apply(0, Step(2))
    at = TableAtPosition(Replay(table, position=0))
    assert at.listeners == []  # a screen may listen; a past position never changes
    with pytest.raises(IllegalAction, match=r"^This is a replay: no move can be made here\.$"):
        at.apply(0, Step(1))
    with pytest.raises(IllegalAction, match=r"^This is a replay: no move can be taken back here\.$"):
        at.undo()
    assert at.save() and at.save_notice() is None  # a past position writes nothing, and has nothing to tell


def test_since_your_last_turn_at_a_position_is_as_that_seat_saw_it_then():
    """At position 2 of Ann 2, Bob 2, Ann 2: Ann last acted at move 1, Bob has moved
    once since (the toy race marks nothing on a board and sums up nothing)."""
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    for _ in range(3):
        table.apply(min(table.to_act()), Step(2))
    at = TableAtPosition(Replay(table, position=2))
    assert at.recent(0).others == 1  # Bob's one move since Ann's
    assert at.recent(1).others == 0  # Bob has just moved
    assert table.recent(0).others == 0  # now, Ann has just moved: the replay's answer is not now's


def test_a_round_is_listed_once_from_where_it_starts(monkeypatch):
    monkeypatch.setattr(ToyGame, "round_label", lambda self, state: f"Lap {state.counter // 4 + 1}")
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    for amount in (2, 1, 2):  # the counter at positions 0 to 3: 0, 2, 3, 5
        table.apply(min(table.to_act()), Step(amount))
    assert Replay(table).round_starts == [(0, "Lap 1"), (3, "Lap 2")]


def test_a_position_without_a_random_generator_is_revealed_as_it_is():
    @dataclasses.dataclass(frozen=True)
    class Board:
        counter: int

    board = Board(3)
    assert revealed(board) is board
