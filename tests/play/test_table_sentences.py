"""A save the rules refuse is named in one whole sentence a player can act on
(which file, which seat or move, the rules' own reason whole, what it quotes
from the file shortened), and a save that opens is the game as it was left: its file, its start
time, its seats and their computer players. Written against the survivors of
`table.py` (docs/testing.md)."""

from __future__ import annotations

import errno
import os
import re
import socket

import pytest

from river_tui.rules.core import IllegalAction
from river_tui.saves import files, lock, store
from river_tui.saves.format import SaveError
from river_tui.saves.locations import saves_dir
from river_tui.play.table import CannotSave, Seat, Table
from support.forge import frame, save_parts
from support.toygame import Roll, Step, ToyGame


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
def test_the_rules_reason_is_shown_whole_however_long(tmp_path, monkeypatch, where):
    """The rules' own sentence is never cut: what they quote from the file is (`core.quoted`)."""
    table = saved_game(tmp_path)
    reason = "The rules say no " + "at great length " * 20  # 337 characters
    if where == "options":
        def refuse(self, options):
            raise ValueError(reason)
        monkeypatch.setattr(ToyGame, "check_options", refuse)
        expected = f"The file {table.path.name} cannot be played: {reason}"
    else:
        def refuse(self, state, seat, action):
            raise IllegalAction(reason)
        monkeypatch.setattr(ToyGame, "apply", refuse)
        expected = f"The file {table.path.name} is damaged: move 1 cannot be replayed ({reason})."
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


def test_a_new_game_uses_the_rulebooks_default_variant_for_its_seats():
    """Flow: "In a two-player game, we recommend that you always use this rule"
    (strategy); the ordinary game for 3 to 5 players."""
    two = Table.create("flow", [Seat("Ann"), Seat("Bob")], {}, seed=1, autosave=False)
    three = Table.create("flow", [Seat("Ann"), Seat("Bob"), Seat("Cy")], {}, seed=1, autosave=False)
    assert (two.options, three.options) == ({"variant": "strategy"}, {"variant": "basic"})


def test_a_new_game_without_a_seed_gets_one_a_save_can_hold():
    seeds = [Table.create("toy", [Seat("Ann")], {}, autosave=False).seed for _ in range(20)]
    assert all(isinstance(seed, int) and 0 <= seed < 2**63 for seed in seeds)  # what a save's seed may be
    assert len(set(seeds)) == 20


def test_a_new_save_is_named_after_the_game_and_the_local_time_and_dated_in_utc():
    table = Table.create("toy", [Seat("Ann")], {}, seed=1)
    assert re.fullmatch(r"toy-20\d{6}-\d{6}\.rtsave", table.path.name), table.path.name
    assert table.created.endswith("+00:00") and store.read(table.path).updated.endswith("+00:00")


def test_a_new_game_under_a_file_names_the_folder_it_cannot_make(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("RIVER_TUI_HOME", str(blocker))
    with pytest.raises(CannotSave) as refused:
        Table.create("toy", [Seat("Ann")], {}, seed=1)
    assert str(refused.value) == f"The new game cannot be saved: writing in {blocker}/saves failed (Not a directory)."


def test_a_new_game_whose_save_cannot_be_locked_says_why(monkeypatch):
    def refuse(path, name):
        raise SaveError(f"{name} cannot be locked (a test's reason).")
    monkeypatch.setattr(lock, "acquire", refuse)
    with pytest.raises(CannotSave) as refused:
        Table.create("toy", [Seat("Ann")], {}, seed=1)
    assert re.fullmatch(r"The file toy-\d{8}-\d{6}\.rtsave cannot be locked \(a test's reason\)\.", str(refused.value))


def test_a_save_whose_moves_do_not_reach_its_position_is_damaged(tmp_path):
    table = saved_game(tmp_path)
    head, body = save_parts(table.save_data())
    body["digest"] = "0" * 32
    path = tmp_path / "moved.rtsave"
    path.write_bytes(frame(head, body))
    assert refusal(path) == "The file moved.rtsave is damaged: replaying it does not reach the position it recorded."


def test_a_move_out_of_turn_names_whose_turn_it_is_not_and_every_screen_is_told_of_a_move():
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    told = []
    table.listeners.append(told.append)
    with pytest.raises(IllegalAction) as refused:
        table.apply(1, Step(1))
    assert str(refused.value) == "It is not Bob's turn." and told == []
    table.apply(0, Step(1))
    assert told == [table]


def test_an_opened_save_keeps_the_day_it_was_started(tmp_path):
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3)
    table.created = "2026-01-02T03:04:05+00:00"
    table.apply(0, Step(1))
    table.close()
    assert Table.load(table.path).created == "2026-01-02T03:04:05+00:00"


def test_a_save_that_is_not_a_file_is_named_for_what_it_is(tmp_path, monkeypatch):
    (tmp_path / "folder.rtsave").mkdir()
    monkeypatch.chdir(tmp_path)  # a socket's path must be short: bind it where it is
    listener = socket.socket(socket.AF_UNIX)
    listener.bind("socket.rtsave")
    (tmp_path / "device.rtsave").symlink_to("/dev/zero")
    try:
        for kind in ("folder", "socket", "device"):
            assert refusal(tmp_path / f"{kind}.rtsave") == f"{tmp_path}/{kind}.rtsave is a {kind}, not a save."
    finally:
        listener.close()


def test_a_seats_name_is_one_line_without_control_characters_and_at_most_100_characters():
    assert Seat("Ann\x1b[2J\x07 the\tBrave\n").name == "Ann[2J the Brave "
    assert Seat("N" * 150).name == "N" * 99 + "…"


@pytest.mark.parametrize("what", ["variant", "action"])
def test_a_long_name_from_a_save_is_shortened_in_the_sentence_and_the_sentence_kept_whole(tmp_path, what):
    table = saved_game(tmp_path)
    long = "v" * 197 + "END"  # 200 characters, the most a save holds
    head, body = save_parts(table.save_data())
    if what == "variant":
        head["options"] = {"variant": long}
    else:
        body["log"][0][1][0] = long
    path = tmp_path / "long.rtsave"
    path.write_bytes(frame(head, body))
    with pytest.raises(SaveError) as refused:
        Table.load(path)
    told = str(refused.value)
    assert f"'{'v' * 39}…'" in told and "END" not in told
    assert told.endswith("(choices: none)." if what == "variant" else "has no action " + f"'{'v' * 39}…'" + ".).")
