"""A save the rules refuse is named in one whole sentence a player can act on
(which file, which seat or move, the rules' own reason cut to a readable
length), and a save that opens is the game as it was left: its file, its start
time, its seats and their computer players. Written against the survivors of
`table.py` (docs/testing.md)."""

from __future__ import annotations

import errno
import os

import pytest

from river_tui.rules.core import IllegalAction
from river_tui.saves import files, store
from river_tui.saves.format import SaveError
from river_tui.saves.locations import saves_dir
from river_tui.table import Seat, Table
from saves.forge import frame, save_parts
from toygame import Roll, Step, ToyGame


def saved_game(tmp_path, seats=(("Ann", "human"), ("Bob", "random"))):
    table = Table.create("toy", [Seat(n, k) for n, k in seats], {}, seed=11)
    table.apply(0, Step(1))
    table.apply(1, Roll())
    table.close()
    return table


def forged(tmp_path, table, name="forged.rtsave", **head_changes):
    head, body = save_parts(table.save_data())
    head.update(head_changes)
    path = tmp_path / name
    path.write_bytes(frame(head, body))
    return path


def refusal(path) -> str:
    with pytest.raises(SaveError) as err:
        Table.load(path)
    return str(err.value)


def test_a_seat_given_a_computer_player_the_game_lacks_is_named_by_number(tmp_path):
    table = saved_game(tmp_path)
    path = forged(tmp_path, table, seats=[["Ann", "human"], ["Bob", "x" * 40]])  # as long as a save's kind may be
    assert refusal(path) == (
        f"The file forged.rtsave gives seat 2 a computer player Toy Race does not have ({'x' * 40}).")
    path = forged(tmp_path, table, seats=[["Ann", "grandmaster"], ["Bob", "random"]])
    assert refusal(path) == "The file forged.rtsave gives seat 1 a computer player Toy Race does not have (grandmaster)."


def test_a_save_that_opens_is_the_game_as_it_was_left(tmp_path):
    table = saved_game(tmp_path)
    loaded = Table.load(table.path)
    assert loaded.path == table.path and loaded.created == table.created
    assert [(s.name, s.kind) for s in loaded.seats] == [("Ann", "human"), ("Bob", "random")]
    assert loaded.bot_seats_to_act() == [] and loaded.human_seats_to_act() == [0]
    loaded.apply(0, Step(2))  # saved where it was opened from
    loaded.close()
    again = Table.load(table.path)
    assert len(again.log) == 3 and again.created == table.created
    assert again.bot_seats_to_act() == [1] and again.human_seats_to_act() == []


def test_a_seat_count_the_rules_refuse_is_one_sentence(tmp_path):
    table = saved_game(tmp_path)
    head, body = save_parts(table.save_data())
    head["seats"] = [[f"P{n}", "human"] for n in range(4)]
    path = tmp_path / "four.rtsave"
    path.write_bytes(frame(head, body))
    assert refusal(path) == "The file four.rtsave cannot be played: Toy Race is played by 1 to 3 seats, not 4."


@pytest.mark.parametrize("where", ["options", "move"])
def test_the_rules_reason_is_cut_to_200_characters(tmp_path, monkeypatch, where):
    table = saved_game(tmp_path)
    reason = "The rules say no " + "at great length " * 20  # 337 characters
    if where == "options":
        def refuse(self, options):
            raise ValueError(reason)
        monkeypatch.setattr(ToyGame, "check_options", refuse)
        expected = f"The file {table.path.name} cannot be played: {reason[:199]}…"
    else:
        def refuse(self, state, seat, action):
            raise IllegalAction(reason)
        monkeypatch.setattr(ToyGame, "apply", refuse)
        expected = f"The file {table.path.name} is damaged: move 1 cannot be replayed ({reason[:199]}…)."
    assert refusal(table.path) == expected


def test_options_the_rules_cannot_set_up_are_one_sentence(tmp_path, monkeypatch):
    table = saved_game(tmp_path)

    def crash(self, seats, options, seed):
        raise KeyError("variant")
    monkeypatch.setattr(ToyGame, "new", crash)
    assert refusal(table.path) == f"The file {table.path.name} cannot be played: the rules cannot set up its options."


def test_a_move_the_rules_cannot_apply_names_the_file_and_the_move(tmp_path, monkeypatch):
    table = saved_game(tmp_path)
    plain_apply = ToyGame.apply

    def crash_on_roll(self, state, seat, action):
        if action == Roll():
            raise ZeroDivisionError
        return plain_apply(self, state, seat, action)
    monkeypatch.setattr(ToyGame, "apply", crash_on_roll)
    assert refusal(table.path) == (
        f"The file {table.path.name} is damaged: move 2 cannot be replayed (the rules cannot apply it).")


def test_a_save_without_a_rules_version_was_made_under_the_first(tmp_path):
    """The toy race is at version 1 of its rules: a save that names no version
    and does not replay is damaged, not 'made under an earlier version'."""
    table = saved_game(tmp_path)
    path = forged(tmp_path, table, extra={})
    head, body = save_parts(table.save_data())
    head["extra"] = {}
    body["log"][0] = [1, ["Step", 1]]  # seat 2 cannot move first
    path.write_bytes(frame(head, body))
    assert refusal(path) == "The file forged.rtsave is damaged: move 1 cannot be replayed (It is not your turn.)."


def test_the_list_of_saves_shows_where_each_game_stands(tmp_path):
    table = saved_game(tmp_path)  # Ann stepped 1, Bob rolled
    table.apply(0, Step(2))
    [listed] = store.list_saves()
    assert listed.data.turn == f"Counter {table.state.counter}" and listed.data.turn != "Counter 0"


def test_when_the_disk_is_full_the_player_is_told_which_folder_in_one_sentence(tmp_path, monkeypatch):
    table = saved_game(tmp_path)
    table = Table.load(table.path)

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(files.tempfile, "mkstemp", disk_full)
    table.apply(0, Step(1))
    assert table.save_notice() == (f"The game is not being saved: the disk holding {saves_dir()} is full; "
                                   "play goes on, and it is saved as soon as it can be.")


def test_a_game_that_is_not_saved_anywhere_has_nothing_to_tell():
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    table.apply(0, Step(1))
    assert table.save() is True and table.save_notice() is None
