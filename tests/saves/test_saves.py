"""Saves: round trip, replay, autosave, undo, and every kind of bad file."""

from __future__ import annotations

import hashlib
import os
import random
from dataclasses import replace
from pathlib import Path

import msgpack
import pytest

from river_tui.saves import store
from river_tui.saves.format import FORMAT_NAME, MAX_FILE_BYTES, SaveError, dumps
from river_tui.saves.locations import saves_dir
from river_tui.play.table import Seat, Table, UndoRefused
from support.toygame import Roll, Step


def new_table(kinds=("human", "human")):
    seats = [Seat(f"P{i + 1}", kind) for i, kind in enumerate(kinds)]
    return Table.create("toy", seats, {}, seed=11)


def test_saves_live_under_river_tui_home(river_home):
    table = new_table()
    assert table.path.parent == river_home / "saves" == saves_dir()
    assert table.path.exists()


def test_every_action_is_autosaved_and_resumes_to_the_identical_position():
    table = new_table()
    for action in (Step(1), Roll(), Step(2)):
        (seat,) = table.to_act()
        table.apply(seat, action)
        resumed = Table.load(table.path)
        assert resumed.log == table.log
        assert table.game.digest(resumed.state) == table.game.digest(table.state)
        assert resumed.lines == table.lines


def test_saved_header_names_game_seats_options_seed_and_version():
    table = new_table(("human", "random"))
    table.apply(0, Step(2))
    data = store.read(table.path)
    assert (data.game, data.seed, data.options) == ("toy", 11, {})
    assert [(s.name, s.kind) for s in data.seats] == [("P1", "human"), ("P2", "random")]
    assert data.app_version and data.created and data.updated
    assert data.log == [(0, ["Step", 2])]


def test_the_previous_save_is_kept_as_backup():
    table = new_table()
    table.apply(0, Step(1))
    table.apply(1, Step(1))
    backup = table.path.with_name(table.path.name + ".bak")
    assert len(store.read(backup).log) == 1
    assert len(store.read(table.path).log) == 2




def test_undo_replays_without_the_last_action():
    table = new_table()
    table.apply(0, Step(1))
    table.apply(1, Step(2))
    assert table.undo() == 1
    assert table.log == [(0, Step(1))]
    assert Table.load(table.path).log == [(0, Step(1))]


def test_undo_takes_back_the_computer_moves_after_your_own():
    table = new_table(("human", "random"))
    table.apply(0, Step(1))
    table.apply(1, Step(2))
    assert table.undo(seat=0) == 2
    assert table.log == []


def test_undo_refuses_to_step_back_over_a_roll():
    table = new_table()
    table.apply(0, Roll())
    with pytest.raises(UndoRefused, match="revealed a roll or a draw"):
        table.undo()
    assert len(table.log) == 1


def test_undo_never_steps_back_over_a_computers_roll_after_your_move():
    """The computer's move after yours rolled the die: taking yours back would
    take back a roll everyone has seen."""
    table = new_table(("human", "random"))
    table.apply(0, Step(1))
    table.apply(1, Roll())
    with pytest.raises(UndoRefused, match="revealed a roll or a draw"):
        table.undo(seat=0)
    assert table.log == [(0, Step(1)), (1, Roll())]
    assert Table.load(table.path).log == table.log


def test_undo_never_steps_back_over_your_own_roll_behind_a_computers_step():
    table = new_table(("human", "random"))
    table.apply(0, Roll())
    table.apply(1, Step(2))
    with pytest.raises(UndoRefused, match="revealed a roll or a draw"):
        table.undo(seat=0)
    assert len(table.log) == 2


def test_undo_with_nothing_to_take_back_says_so():
    with pytest.raises(UndoRefused, match="no move"):
        new_table().undo()


# --- bad files: one clear sentence, and the file stays byte-for-byte untouched ---


def good_save_bytes():
    table = new_table()
    table.apply(0, Step(1))
    table.apply(1, Step(2))
    return table.path.read_bytes()


def flip_bit(raw: bytes, index: int) -> bytes:
    return raw[:index] + bytes([raw[index] ^ 0x10]) + raw[index + 1 :]


def foreign():
    return msgpack.packb({"name": "not a save", "items": [1, 2, 3]})


def newer():
    body = msgpack.packb({"game": "toy"})
    return msgpack.packb(
        {"format": FORMAT_NAME, "version": 99, "checksum": hashlib.sha256(body).hexdigest(), "body": body}
    )


BAD_FILES = {
    "empty": (lambda good: b"", "is empty"),
    "truncated": (lambda good: good[: len(good) // 2], "ends too early"),
    "bit-flipped": (lambda good: flip_bit(good, len(good) - 20), "damaged"),
    "random bytes": (lambda good: random.Random(3).randbytes(500), "not a River TUI save"),
    "foreign msgpack": (lambda good: foreign(), "not a River TUI save"),
    "oversized": (lambda good: b"\x00" * (MAX_FILE_BYTES + 1), "too large"),
    "newer version": (lambda good: newer(), "newer River TUI"),
    "trailing garbage": (lambda good: good + b"\x01\x02", "bytes after the end"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_save_gives_one_sentence_and_stays_untouched(case, tmp_path):
    make, phrase = BAD_FILES[case]
    path = tmp_path / "bad.rtsave"
    path.write_bytes(make(good_save_bytes()))
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        Table.load(path)
    message = str(err.value)
    assert phrase in message
    assert message.endswith(".") and "\n" not in message and "Traceback" not in message
    assert path.read_bytes() == before


def test_every_single_bit_flip_is_caught(tmp_path):
    good = good_save_bytes()
    path = tmp_path / "flip.rtsave"
    for index in range(0, len(good), 7):
        path.write_bytes(flip_bit(good, index))
        with pytest.raises(SaveError):
            Table.load(path)


def test_a_log_the_rules_reject_is_reported_as_damaged(tmp_path):
    table = new_table()
    table.apply(0, Step(1))
    data = table.save_data()
    data.log = [(1, ["Step", 1])]  # seat 2 cannot move first
    path = tmp_path / "forged.rtsave"
    path.write_bytes(dumps(data))
    with pytest.raises(SaveError, match="move 1 cannot be replayed"):
        Table.load(path)


@pytest.mark.parametrize(
    ("recorded", "phrase"),
    [({}, "made under an earlier version of the rules of Toy Race"),
     ({"rules": 1}, "made under an earlier version"),
     ({"rules": 3}, "made under a newer version"),
     ({"rules": 2}, "is damaged: move 1 cannot be replayed")],
)
def test_a_save_the_rules_reject_says_when_it_was_made_under_other_rules(tmp_path, monkeypatch, recorded, phrase):
    """After a rules change (version 2 here) an older save that will not replay
    says so, rather than calling itself damaged; a save without a version was
    made under version 1."""
    table = new_table()
    table.apply(0, Step(1))
    data = table.save_data()
    assert data.extra == {"rules": 1}
    data.log, data.extra = [(1, ["Step", 1])], recorded
    path = tmp_path / "older.rtsave"
    path.write_bytes(dumps(data))
    monkeypatch.setattr(type(table.game), "rules_version", 2)
    with pytest.raises(SaveError, match=phrase):
        Table.load(path)


def test_a_save_whose_replay_misses_its_digest_is_damaged(tmp_path):
    table = new_table()
    table.apply(0, Step(1))
    data = table.save_data()
    data.digest = "0" * 32
    path = tmp_path / "digest.rtsave"
    path.write_bytes(dumps(data))
    with pytest.raises(SaveError, match="does not reach the position"):
        Table.load(path)


def test_listing_and_latest():
    first = new_table()
    first.apply(0, Step(1))
    (saves_dir() / "junk.rtsave").write_bytes(b"junk")
    listing = store.list_saves()
    assert {item.path for item in listing if item.data} == {first.path}
    assert any(item.error for item in listing)
    assert store.latest() == first.path


def saved_at(table: Table, when: str) -> Path:
    """``table``'s save, as if last played at ``when`` (ISO 8601, UTC)."""
    store.save(table.path, replace(store.read(table.path), updated=when))
    return table.path


def finished_table() -> Table:
    table = new_table()
    while not table.finished:
        (seat,) = table.to_act()
        table.apply(seat, Step(2))
    return table


def test_latest_is_the_most_recently_played_unfinished_game_before_any_finished_one():
    """Continue and `resume`: of four saves, the unfinished one played last, not
    the finished one played after it, nor the first or last file by name."""
    played_last = saved_at(new_table(), "2026-05-01T12:00:00+00:00")
    saved_at(finished_table(), "2026-05-01T13:00:00+00:00")
    saved_at(new_table(), "2026-05-01T10:00:00+00:00")
    saved_at(new_table(), "2026-05-01T11:00:00+00:00")
    assert store.latest() == played_last


def test_latest_with_every_game_finished_is_the_one_played_last():
    saved_at(finished_table(), "2026-05-01T09:00:00+00:00")
    played_last = saved_at(finished_table(), "2026-05-01T13:00:00+00:00")
    saved_at(finished_table(), "2026-05-01T11:00:00+00:00")
    assert store.latest() == played_last


def test_the_log_calls_seats_by_their_names():
    table = new_table()
    table.apply(0, Step(1))
    assert table.lines == ["P1 stepped 1"]
    assert table.named("Seat 2 and Seat 9 wait") == "P2 and Seat 9 wait"


def test_nobody_takes_back_another_players_move():
    table = new_table()
    table.apply(0, Step(1))
    with pytest.raises(UndoRefused, match="The last move was P1's; only P1 can take it back"):
        table.undo(seat=1)
    assert table.undo(seat=0) == 1
