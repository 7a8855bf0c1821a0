"""The replay model: positions come from the table's history, secrets follow the viewer."""

from __future__ import annotations

import dataclasses

import pytest

from river_tui.play.replay import Replay, TableAtPosition
from river_tui.rules.core import IllegalAction
from river_tui.play.table import Seat, Table
from support.toygame import Roll, Step

from support.replay_games import GAME_IDS, bot_table, installed


def toy_table(kinds=("human", "human"), moves=(Roll(), Step(1), Step(2))):
    table = Table.create("toy", [Seat(f"P{i + 1}", k) for i, k in enumerate(kinds)], {}, seed=3, autosave=False)
    for action in moves:
        table.apply(min(table.to_act()), action)
    return table


def test_positions_are_the_tables_own_states_never_copies():
    table = toy_table()
    replay = Replay(table)
    assert replay.position == replay.length == 3
    for position in range(4):
        replay.go(position)
        assert replay.state is table.state_at(position)


def test_go_stays_within_the_game():
    replay = Replay(toy_table())
    assert replay.go(-5) == 0 and replay.go(99) == 3


def test_an_unfinished_game_is_seen_by_its_first_human_seat():
    table = toy_table(("random", "human"))
    replay = Replay(table, position=1)
    assert replay.viewer == 1 and not replay.reveal_all
    assert replay.view(replay.viewer).secrets == (None, table.state.secrets[1])
    assert replay.status() == "Replay 1/3 · P2 to act · P2's eyes only"


def test_an_unfinished_game_without_humans_is_seen_by_a_spectator():
    replay = Replay(toy_table(("random", "random")))
    assert replay.viewer is None and replay.view(replay.viewer).secrets == (None, None)


def test_a_finished_game_reveals_everything_at_every_position():
    table = toy_table(moves=(Step(2),) * 5)
    assert table.finished
    replay = Replay(table, position=1)
    assert replay.reveal_all and replay.viewer == 0
    assert replay.view(replay.viewer).secrets == table.state.secrets
    assert replay.view(replay.viewer).rng is None
    assert replay.status() == "Replay 1/5 · P2 to act · P1's eyes, all revealed"
    replay.go(5)
    assert replay.status() == "Replay 5/5 · game over · P1's eyes, all revealed"


def test_only_a_finished_game_may_be_seen_through_every_seats_eyes():
    finished = Replay(toy_table(moves=(Step(2),) * 5))
    assert [finished.next_viewer() for _ in range(3)] == [1, None, 0]
    assert Replay(toy_table(("random", "random"))).status().endswith("a spectator's eyes only")
    unfinished = Replay(toy_table())
    assert unfinished.next_viewer() == 0 and unfinished.view(0).secrets[1] is None


def test_round_starts_and_jumps_use_the_games_round_label():
    table = toy_table(moves=(Step(1), Step(1), Roll()))
    replay = Replay(table, position=0)
    assert replay.round_starts == [(0, "Counter 0"), (1, "Counter 1"), (2, "Counter 2"), (3, replay.labels[3])]
    replay.go(replay.next_round_start())
    assert replay.position == 1
    replay.go(2)
    assert replay.previous_round_start() == 1
    replay.go(0)
    assert replay.previous_round_start() == 0
    replay.go(3)
    assert replay.next_round_start() == 3


def test_a_read_only_screen_holds_the_table_as_it_stood_at_the_position():
    table = toy_table(("human", "random"))
    replay = Replay(table, position=1)
    at = TableAtPosition(replay)
    assert at.state is table.state_at(1) and at.log == table.log[:1]
    assert at.to_act() == {1} and not at.finished and at.result() is None
    assert at.view(0).secrets == (table.state.secrets[0], None) and at.legal_actions(1) == []
    assert (at.game, at.seats, at.path) == (table.game, table.seats, table.path)
    replay.go(0)
    assert at.state is table.state_at(0) and at.log == []
    with pytest.raises(IllegalAction, match="This is a replay"):
        at.apply(0, Step(1))
    with pytest.raises(IllegalAction, match="This is a replay"):
        at.undo()
    assert len(table.log) == 3


def test_log_lines_of_each_position_come_from_the_rules():
    table = toy_table()
    replay = Replay(table)
    assert replay.lines_at(0) == []
    assert [line for p in range(1, 4) for line in replay.lines_at(p)] == table.lines
    assert len(replay.lines_at(2)) == 1 and replay.lines_at(2)[0].endswith("stepped 1")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_finished_replays_reveal_and_unfinished_ones_hide(game_id):
    installed(game_id)
    finished = bot_table(game_id)
    game = finished.game
    replay = Replay(finished)
    for position in (0, replay.length // 2, replay.length):
        replay.go(position)
        # Every secret shown, only the RNG (what was never drawn) left out.
        everything = dataclasses.replace(finished.state_at(position), rng=None)
        assert game.digest(replay.view(replay.viewer)) == game.digest(everything)
    unfinished = bot_table(game_id, stop_after=replay.length // 2)
    replay = Replay(unfinished, position=replay.length // 3)
    assert replay.viewer == 0
    assert game.digest(replay.view(replay.viewer)) == game.digest(game.view(replay.state, 0))
    assert len(replay.labels) == len(unfinished.log) + 1 and all(isinstance(x, str) for x in replay.labels)
