"""records.json is untrusted input: whatever it holds, opening the records and
finishing a game go on; a file that cannot be used is kept aside under a numbered
name, never overwritten, and the players are told in one sentence; a records
write that fails never stops the game's last move."""

from __future__ import annotations

import errno
import json
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import DataTable, Static

from river_tui.app.river_app import RiverApp
from river_tui.records import json_file, players, schema
from river_tui.rules.core import Result
from river_tui.screens.records import RecordsScreen
from river_tui.play.table import Seat, Table
from support.toygame import Step
from support.waiting import wait_until

from support.replay_games import installed

GOOD = {
    "version": 1,
    "games": {"toy": {"Ann": {"played": 2, "won": 1, "best": 14, "total": 20, "achievements": {"x": 1}}}},
    "counted": ["toy|2026-01-01T00:00:00+00:00|1"],
    "computers": {"toy": {"Computer (hard)": {"played": 2, "won": 2, "best": 15, "total": 29, "achievements": {}}}},
}
FIELDS = [
    (), ("version",), ("games",), ("counted",), ("counted", 0), ("games", "toy"), ("games", "toy", "Ann"),
    *(("games", "toy", "Ann", name) for name in ("played", "won", "best", "total", "achievements")),
    ("games", "toy", "Ann", "achievements", "x"),
    ("computers",), ("computers", "toy"), ("computers", "toy", "Computer (hard)"),
    ("computers", "toy", "Computer (hard)", "played"),
]
"""Every place of the file a value can be: the whole file, each map, list and count."""

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.sampled_from([2**63, -(2**70), 10**40])
    | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def with_value(path: tuple, value) -> object:
    """GOOD with the value at ``path`` replaced by ``value``."""
    if not path:
        return value
    body = json.loads(json.dumps(GOOD))
    place = body
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return body


def finished_toy(names=("Ann", "Bob"), seed=3) -> Table:
    table = Table.create("toy", [Seat(n) for n in names], {}, seed=seed, autosave=False)
    while not table.finished:
        table.apply(min(table.to_act()), Step(2))
    return table


def records_files(folder) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.glob("records.json*")) if path.is_file()}


def is_one_sentence(text: str) -> bool:
    """One sentence: it ends with a full stop and none stands before a space outside
    the quotes around a name from the file."""
    outside_quotes = re.sub(r"“[^”]*”", "“…”", text)
    return text.endswith(".") and "\n" not in text and outside_quotes.count(". ") == 0 and len(text) < 400


def check_kept_aside(folder, raw: bytes, before: dict[str, bytes]) -> None:
    """A table finishes on top of records.json holding ``raw``: either the file was
    fine and now counts the game, or it is kept byte for byte under the next
    numbered name, the earlier copies untouched, and one sentence says so."""
    path = folder / "records.json"
    problem = players.load().problem
    assert path.read_bytes() == raw  # reading changed nothing
    recorded = players.record_game(finished_toy().finished_game())
    after = records_files(folder)
    assert all(after[name] == content for name, content in before.items() if name != "records.json")
    assert players.load().problem is None
    assert "toy" in players.load().games
    if problem is None:
        assert recorded.notice is None
        return
    (kept,) = set(after) - set(before) - {"records.json"}
    assert after[kept] == raw
    assert recorded and is_one_sentence(recorded.notice) and kept in recorded.notice


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(FIELDS), value=json_values)
def test_any_json_in_any_field_is_read_or_kept_aside(river_home, path, value):
    river_home.mkdir(parents=True, exist_ok=True)
    for old in river_home.glob("records.json*"):
        old.unlink()
    raw = json.dumps(with_value(path, value)).encode()
    (river_home / "records.json").write_bytes(raw)
    check_kept_aside(river_home, raw, {})


@pytest.mark.parametrize("raw", [
    b"[" * 200_000 + b"]" * 200_000,  # nested beyond any parser's stack
    b'{"version": 1, "games": {}, "counted": [' + b"1" * 5000 + b"]}",  # digits beyond Python's limit
    b'{"version": 1, "games": {"toy": {"Ann": {"played": NaN}}}, "counted": []}',
    b'{"version": 1, "games": {"toy": {"Ann": {"best": Infinity}}}, "counted": []}',
    b"\xff\xfe\x00garbage",
    b"",
    json.dumps({**GOOD, "version": 99}).encode(),
    json.dumps({**GOOD, "counted": ["k"] * (schema.MAX_COUNTED + 1)}).encode(),
    json.dumps({**GOOD, "games": {"toy": {"Ann": {"played": 2, "won": 3}}}}).encode(),
    json.dumps({**GOOD, "games": {"toy": {"Ann": {"played": True}}}}).encode(),
    json.dumps({**GOOD, "games": {"toy": {"Ann": {"played": 2.0}}}}).encode(),
    json.dumps({**GOOD, "games": {".": None}}).encode(),  # a game id that ends a sentence
    json.dumps({**GOOD, "games": {"toy": {"Ann. Bob”. x": None}}}).encode(),
], ids=lambda raw: f"{len(raw)}-bytes")  # fmt: skip
def test_hostile_bytes_are_kept_aside_in_one_sentence(river_home, raw):
    river_home.mkdir(parents=True, exist_ok=True)
    (river_home / "records.json").write_bytes(raw)
    assert players.load().problem
    check_kept_aside(river_home, raw, {})


def test_damaged_copies_are_numbered_and_never_overwritten(river_home):
    river_home.mkdir(parents=True, exist_ok=True)
    for number, raw in enumerate([b"{not json", b"[1, 2]", b'{"version": "1"}', b"null"], start=1):
        before = records_files(river_home)
        (river_home / "records.json").write_bytes(raw)
        check_kept_aside(river_home, raw, before)
        assert (river_home / ("records.json.damaged" + (f"-{number}" if number > 1 else ""))).read_bytes() == raw
    assert len([name for name in records_files(river_home) if ".damaged" in name]) == 4


def test_damaged_records_go_on_from_the_copy_kept_before_the_last_game(river_home):
    assert players.record_game(finished_toy(seed=1).finished_game())  # writes records.json
    assert players.record_game(finished_toy(seed=2).finished_game())  # keeps the one before as records.json.bak
    (river_home / "records.json").write_bytes(b"{broken")
    recorded = players.record_game(finished_toy(seed=3).finished_game())
    assert "kept as records.json.damaged and your records go on from the copy kept before the last game" in (
        recorded.notice)
    assert is_one_sentence(recorded.notice)
    assert players.load().games["toy"]["Ann"].played == 2  # games 1 and 3: game 2 was in the damaged file


def test_a_file_larger_than_the_cap_is_kept_aside_having_read_no_more_than_the_cap(river_home, monkeypatch):
    monkeypatch.setattr(players, "MAX_FILE_BYTES", 1000)
    monkeypatch.setattr(schema, "MAX_FILE_BYTES", 1000)
    river_home.mkdir(parents=True, exist_ok=True)
    raw = json.dumps({**GOOD, "counted": ["k" * 100] * 20}).encode()
    (river_home / "records.json").write_bytes(raw)
    assert "larger than" in players.load().problem
    check_kept_aside(river_home, raw, {})


def test_only_a_regular_file_is_read(river_home):
    river_home.mkdir(parents=True, exist_ok=True)
    path = river_home / "records.json"
    os.mkfifo(path)  # a reader waiting for a writer would hang here
    assert players.load().problem == "it is a pipe, not a file"
    recorded = players.record_game(finished_toy().finished_game())
    assert recorded and "records.json.damaged" in recorded.notice
    assert (river_home / "records.json.damaged").is_fifo() and path.is_file()
    path.unlink()
    path.symlink_to("/dev/zero")
    assert players.load().problem == "it is a device, not a file"
    path.unlink()
    path.mkdir()
    assert players.load().problem == "it is a folder, not a file"
    assert players.record_game(finished_toy(seed=4).finished_game())
    assert (river_home / "records.json.damaged-2").is_dir() and path.is_file()


@pytest.mark.parametrize("code", [errno.EROFS, errno.ENOSPC, errno.EACCES])
def test_a_failed_records_write_never_stops_the_last_move(river_home, monkeypatch, code):
    def fail(path, raw, backup=True):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(players, "write_atomically", fail)
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3)
    while not table.finished:
        table.apply(min(table.to_act()), Step(2))  # the last one records the game
    assert table.finished and Table.load(table.path).finished
    assert is_one_sentence(table.records_notice) and os.strerror(code) in table.records_notice


async def test_finishing_a_game_over_damaged_records_says_so_once(river_home):
    from support import toyscreen

    river_home.mkdir(parents=True, exist_ok=True)
    (river_home / "records.json").write_text('{"version": 1, "games": {"toy": []}, "counted": []}')
    table = Table.create("toy", [Seat("Ann"), Seat("Bob", "random")], {}, seed=3)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RecordsScreen())
        read = lambda: str(app.screen.query_one("#records-note", Static).render())  # noqa: E731
        notes = lambda: app.screen.query("#records-note")  # noqa: E731
        await wait_until(lambda: isinstance(app.screen, RecordsScreen) and notes() and "Reading" not in read(),
                         "the records read", seen=read, pause=pilot.pause)  # its reader may start after a first look
        note = read()
        assert "records.json cannot be used (the players of “toy” is not a map)" in note and is_one_sentence(note)
        await pilot.press("escape")
        for _ in range(40):
            await pilot.pause(0.05)
            if table.finished:
                break
            if table.human_seats_to_act():
                await pilot.press("2")
        assert table.finished
        await pilot.pause(0.1)
        notes = [note.message for note in app._notifications]
        assert len(notes) == 1 and "kept as records.json.damaged" in notes[0] and is_one_sentence(notes[0])
        await pilot.press("q", "r")
        await pilot.pause()
        assert isinstance(app.screen, RecordsScreen)
        assert app.screen.query_one(DataTable).row_count == 2


@pytest.mark.parametrize("body", [
    {**GOOD, "games": {"toy": {"Ann": {**GOOD["games"]["toy"]["Ann"], "best": [1]}}}},
    {**GOOD, "games": []},
    {**GOOD, "games": {"toy": {"Ann": {"played": "3"}}}},
    {**GOOD, "counted": {"a": 1}},
])  # fmt: skip
async def test_the_records_screen_opens_over_any_damage(river_home, body):
    river_home.mkdir(parents=True, exist_ok=True)
    (river_home / "records.json").write_text(json.dumps(body))
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RecordsScreen)
        note = str(app.screen.query_one("#records-note", Static).render())
        assert "cannot be used" in note and is_one_sentence(note)


async def test_names_in_the_records_are_shown_without_control_characters(river_home):
    river_home.mkdir(parents=True, exist_ok=True)
    tally = GOOD["games"]["toy"]["Ann"]
    body = {**GOOD, "computers": {}, "games": {"toy\x1b]0;g\x07": {"Ann\x1b]0;pwned\x07\x9b2J": tally}}}
    (river_home / "records.json").write_text(json.dumps(body))
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        grid = app.screen.query_one(DataTable)
        cells = [str(cell) for cell in grid.get_row_at(0)]
        assert cells[:2] == ["toy]0;g", "Ann]0;pwned2J"]


RECORDER = """
import sys
sys.path[:0] = sys.argv[2:]
from river_tui.records import players
from river_tui.play.table import Seat, Table
from support.toygame import GAME, Step
from river_tui.rules import registry
registry.register(GAME)
for seed in range(int(sys.argv[1]) * 100, int(sys.argv[1]) * 100 + 8):
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=seed, autosave=False)
    while not table.finished:
        table.apply(min(table.to_act()), Step(2))
    assert players.record_game(table.finished_game())
"""


def test_games_finished_by_several_processes_at_once_are_all_counted(river_home):
    """Each process reads, adds and writes the records under an OS lock: without
    it, 9 of these 32 games were counted."""
    import subprocess
    import sys
    from pathlib import Path

    tests = str(Path(__file__).parents[1])
    env = {**os.environ, "RIVER_TUI_HOME": str(river_home)}
    runs = [subprocess.Popen([sys.executable, "-c", RECORDER, str(n), tests], env=env) for n in range(4)]
    assert [run.wait(timeout=120) for run in runs] == [0, 0, 0, 0]
    records = players.load()
    assert records.problem is None and len(records.counted) == 32
    assert records.games["toy"]["Ann"].played == 32


def test_a_records_lock_held_forever_holds_a_game_up_only_briefly(river_home, monkeypatch):
    import fcntl

    monkeypatch.setattr(players, "LOCK_WAIT", 0.2)
    river_home.mkdir(parents=True, exist_ok=True)
    fd = os.open(river_home / ".records.json.lock", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # another River TUI that never lets go
        assert players.record_game(finished_toy().finished_game())
    finally:
        os.close(fd)
    assert players.load().games["toy"]["Ann"].played == 1


@pytest.mark.parametrize(
    "text, problem",
    [
        ('{"version": 1, "games": {}, "counted": [], "x": NaN}', "it is not JSON (NaN is not a number JSON allows)"),
        ('{"version": 1, "games": {}, "counted": {}}', "its list of counted games is not a list"),
        ('{"version": 1, "games": {"toy": {"Ann": 5}}, "counted": []}', "the record of “Ann” in “toy” is not a map"),
        ('{"version": 1, "games": {"toy": {"%s": {}}}, "counted": []}' % ("n" * 513),
         "a name in the players of “toy” is not a text of at most 512 characters"),
        ('{"version": %s, "games": {}, "counted": []}' % ("1" * 5000),
         "it is not JSON (a number written in 5000 characters is longer than River TUI reads)"),
        ('{"version": 1, "games": {"toy": {"Ann": {"played": 12345678901234567890}}}, "counted": []}',
         "it is not JSON (12345678901234567890 is not a number River TUI reads)"),
        ('{"version": 1, "games": {"toy": {"Ann": {"played": 1, "total": 1e999}}}, "counted": []}',
         "it is not JSON (1e999 is not a number River TUI reads)"),
    ],
    ids=["nan", "counted-not-a-list", "record-not-a-map", "name-too-long", "digits-beyond-the-limit",
         "past-64-bits", "past-the-largest-float"],
)
def test_the_records_problem_says_what_is_wrong_where(river_home, text, problem):
    players.records_path().parent.mkdir(parents=True, exist_ok=True)
    players.records_path().write_text(text)
    assert players.load().problem == problem


def test_a_thousand_damaged_copies_are_the_most_kept_and_then_the_game_says_so(river_home, monkeypatch):
    monkeypatch.setattr(players, "MAX_DAMAGED_COPIES", 3)  # the same count, made small enough to fill
    river_home.mkdir(parents=True, exist_ok=True)
    for number in (1, 2, 3):
        (river_home / "records.json").write_bytes(b"{broken %d" % number)
        assert players.record_game(finished_toy(seed=number).finished_game())
    assert sorted(name for name in records_files(river_home) if ".damaged" in name) == [
        "records.json.damaged", "records.json.damaged-2", "records.json.damaged-3"]
    (river_home / "records.json").write_bytes(b"{broken 4")
    recorded = players.record_game(finished_toy(seed=4).finished_game())
    assert not recorded
    assert recorded.notice == ("This game could not be added to your records "
                               "(3 damaged copies of the records are kept already).")
    assert (river_home / "records.json").read_bytes() == b"{broken 4"  # nothing overwritten, nothing lost


def test_a_records_file_that_is_a_link_is_set_aside_as_the_link(river_home, tmp_path):
    river_home.mkdir(parents=True, exist_ok=True)
    elsewhere = tmp_path / "not-records.txt"
    elsewhere.write_bytes(b"someone else's file")
    (river_home / "records.json").symlink_to(elsewhere)
    assert players.record_game(finished_toy().finished_game())
    kept = river_home / "records.json.damaged"
    assert kept.is_symlink() and os.readlink(kept) == str(elsewhere)
    assert elsewhere.read_bytes() == b"someone else's file" and os.stat(elsewhere).st_nlink == 1  # no second name
    assert players.load().games["toy"]["Ann"].played == 1


def test_no_achievement_is_no_achievement():
    installed("riverside")
    from river_tui.rules.riverside import GAME

    result = Result((3,), ((),), frozenset({0}), notes=("Scored 3 points.",))
    assert GAME.achievement(result, 0) is None
    assert players.best_achievement(players.SeatTally(played=2), GAME.achievements) is None
    tally = players.SeatTally(played=1, achievements={"not a line of the table": 1})
    assert players.best_achievement(tally, GAME.achievements) is None


def test_an_unfinished_game_is_not_recorded_and_nothing_is_said(river_home):
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    table.apply(0, Step(2))
    recorded = players.record_game(table.finished_game())
    assert not recorded and recorded.notice is None
    assert not (river_home / "records.json").exists()
    recorded = players.record_game(finished_toy().finished_game())
    assert recorded and recorded.notice is None  # a game recorded without trouble: nothing to tell


def test_damaged_records_with_no_usable_copy_begin_again_saying_so_in_full(river_home):
    river_home.mkdir(parents=True, exist_ok=True)
    (river_home / "records.json").write_text('{"version": 1, "games": {"toy": []}, "counted": []}')
    recorded = players.record_game(finished_toy().finished_game())
    assert recorded.notice == ("Your records file could not be used (the players of “toy” is not a map): "
                               "it is kept as records.json.damaged and a new record begins with this game.")
    assert players.load().games["toy"]["Ann"].played == 1


def test_a_game_already_in_the_copy_kept_still_tells_of_the_damage(river_home):
    first = finished_toy(seed=1)
    assert players.record_game(first.finished_game())
    assert players.record_game(finished_toy(seed=2).finished_game())  # records.json.bak now holds the first game
    (river_home / "records.json").write_bytes(b"[]")
    again = players.record_game(first.finished_game())  # the first game saved again: already counted in the copy
    assert not again
    assert again.notice == ("Your records file could not be used (the file is not a map): it is kept as "
                            "records.json.damaged and your records go on from the copy kept before the last game.")


def test_only_riverside_notes_name_achievements():
    installed("riverside")
    from river_tui.rules.registry import get_game

    words = "Excellent! You get national attention!"  # a line of Riverside's achievements table
    result = Result((3, 1), ((), ()), frozenset({0}), notes=(words, words))
    assert [get_game("toy").achievement(result, seat) for seat in (0, 1)] == [None, None]
    assert [get_game("riverside").achievement(result, seat) for seat in (0, 1)] == [words, words]
    one_note = Result((3, 1), ((), ()), frozenset({0}), notes=(words,))
    assert [get_game("riverside").achievement(one_note, seat) for seat in (0, 1)] == [None, None]  # not one note per seat


def test_without_hard_links_damaged_records_are_moved_aside_past_a_folder_in_the_way(river_home, monkeypatch):
    def no_hard_links(src, dst, **kwargs):
        raise OSError(errno.EPERM, "Operation not permitted")
    monkeypatch.setattr(players.os, "link", no_hard_links)  # a file system without hard links
    river_home.mkdir(parents=True, exist_ok=True)
    (river_home / "records.json.damaged").mkdir()  # something already there
    (river_home / "records.json").write_bytes(b"{broken")
    recorded = players.record_game(finished_toy().finished_game())
    assert recorded and "it is kept as records.json.damaged-2 and" in recorded.notice
    assert (river_home / "records.json.damaged-2").read_bytes() == b"{broken"
    assert (river_home / "records.json.damaged").is_dir()


def body(**changes) -> str:
    """A records file: one game, one player with two games played, and ``changes``
    at the top (``tally`` replaces Ann's record)."""
    tally = changes.pop("tally", {"played": 2, "won": 1, "best": 9, "total": 15, "achievements": {}})
    return json.dumps({"version": 1, "games": {"toy": {"Ann": tally}}, "counted": [], **changes})


ANN = "“Ann” in “toy”"
TOO_MANY = {f"k{n}": 0 for n in range(17)}


PROBLEMS = [
    (" " * (8 << 20) + "{}", "it is larger than 8 MB"),
    ("[" * 100_000 + "]" * 100_000, "it is nested too deep"),
    ('{"version": 1, "games": {}, "counted": [Infinity]}', "it is not JSON (Infinity is not a number JSON allows)"),
    ("[]", "the file is not a map"),
    (json.dumps({"version": 1, "games": {}, "counted": [], **TOO_MANY}), "the file has more than 16 entries"),
    (body(version=0), "its version is not a whole number from 1"),
    (body(version=True), "its version is not a whole number from 1"),
    (body(version=2), "it was written by a newer River TUI"),
    (json.dumps({"version": 1, "counted": []}), "its games or its list of counted games are missing"),
    (json.dumps({"version": 1, "games": {}}), "its games or its list of counted games are missing"),
    (json.dumps({"version": 1, "games": {f"g{n}": {} for n in range(65)}, "counted": []}),
     "its games has more than 64 entries"),
    (body(counted=["k"] * 50_001), "its list of counted games has more than 50000 entries"),
    (body(counted=[7]), "a counted game is not a text of at most 512 characters"),
    (body(counted=["k" * 513]), "a counted game is not a text of at most 512 characters"),
    (json.dumps({"version": 1, "games": {"g" * 513: {}}, "counted": []}),
     "a game id is not a text of at most 512 characters"),
    (body(computers=[]), "its computers' games is not a map"),
    (body(computers={"g" * 513: {}}), "a game id is not a text of at most 512 characters"),
    (body(computers={f"g{n}": {} for n in range(65)}), "its computers' games has more than 64 entries"),
    (body(computers={"toy": {"Computer (easy)": {"played": -1}}}),
     "the number of games played by “Computer (easy)” in “toy” is not a whole number from 0 to 1000000000"),
    (body(tally={"played": 10**9 + 1}), f"the number of games played by {ANN} is not a whole number from 0 to 1000000000"),
    (body(tally={"played": 2, "won": 3}), f"the number of games won by {ANN} is not a whole number from 0 to 2"),
    (body(tally={"won": 1}), f"the number of games won by {ANN} is not a whole number from 0 to 0"),  # none played
    (body(tally={"played": 2, "total": 2_000_001}), f"the total score of {ANN} is not a whole number in range"),
    (body(tally={"played": 0, "total": -1_000_001}), f"the total score of {ANN} is not a whole number in range"),
    (body(tally={"played": 2, "total": 1.5}), f"the total score of {ANN} is not a whole number in range"),
    (body(tally={"played": 2, "best": 1_000_001}), f"the best score of {ANN} is not a whole number in range"),
    (body(tally={"played": 2, "best": "9"}), f"the best score of {ANN} is not a whole number in range"),
    (body(tally={"played": 2, "achievements": []}), f"the achievements of {ANN} is not a map"),
    (body(tally={"played": 2, "achievements": {"x": 3}}), f"an achievement count of {ANN} is not a whole number from 0 to 2"),
    (body(tally={"played": 2, "stood_in": 3}), f"the number of games a computer played in for {ANN} is not a whole number from 0 to 2"),
    (body(tally={"played": 2, "achievements": {"x" * 513: 1}}),
     f"an achievement of {ANN} is not a text of at most 512 characters"),
    (body(tally=TOO_MANY), f"the record of {ANN} has more than 16 entries"),
    (json.dumps({"version": 1, "games": {"toy": {"“Bo” " + "b" * 50: 5}}, "counted": []}),
     "the record of “\"Bo\" " + "b" * 34 + "…” in “toy” is not a map"),
]


@pytest.mark.parametrize("text, problem", PROBLEMS, ids=[re.sub(r"[^a-z0-9 ]+", "_", p[:60]) for _, p in PROBLEMS])
def test_every_records_problem_is_named_in_full(river_home, text, problem):
    players.records_path().parent.mkdir(parents=True, exist_ok=True)
    players.records_path().write_text(text)
    assert players.load().problem == problem


def test_records_at_every_limit_are_read(river_home):
    limits = {"played": 2, "won": 2, "best": -1_000_000, "total": -2_000_000, "achievements": {"x": 2},
              **{f"k{n}": 0 for n in range(11)}}  # 16 entries
    players.records_path().parent.mkdir(parents=True, exist_ok=True)
    players.records_path().write_text(json.dumps({
        "version": 1, "games": {"toy": {"Ann": limits, "Bob": {}}, **{f"g{n}": {} for n in range(63)}},
        "counted": ["k" * 512] + ["k"] * 49_999, "computers": {"toy": {"Computer (easy)": {"played": 10**9, "total": 10**15}}},
    }))
    records = players.load()
    assert records.problem is None
    ann, bob = records.games["toy"]["Ann"], records.games["toy"]["Bob"]
    assert (ann.played, ann.won, ann.best, ann.total, ann.achievements) == (2, 2, -1_000_000, -2_000_000, {"x": 2})
    assert (bob.played, bob.won, bob.best, bob.total, bob.achievements) == (0, 0, None, 0, {})  # nothing written: none
    assert records.computers["toy"]["Computer (easy)"].played == 10**9 and len(records.counted) == 50_000


def test_a_records_file_of_exactly_8_mb_is_read(river_home):
    text = body()
    players.records_path().parent.mkdir(parents=True, exist_ok=True)
    players.records_path().write_text(text + " " * ((8 << 20) - len(text.encode())))
    assert players.records_path().stat().st_size == 8 << 20
    records = players.load()
    assert records.problem is None and records.games["toy"]["Ann"].played == 2


def test_the_best_score_is_the_best_of_every_game_not_the_last():
    tally = players.SeatTally()
    for score in (14, -3, 9):
        tally.add(score, won=score > 10, achievement=None)
    assert (tally.played, tally.won, tally.best, tally.total, tally.mean) == (3, 1, 14, 20, 20 / 3)


def test_past_the_most_names_a_game_keeps_new_names_are_left_out_and_known_ones_still_count(river_home, monkeypatch):
    monkeypatch.setattr(players, "MAX_NAMES", 2)  # the same rule as at 10 000 names, made small enough to fill
    assert players.record_game(finished_toy(names=("Ann", "Bob"), seed=1).finished_game())
    assert players.record_game(finished_toy(names=("Ann", "Cy"), seed=2).finished_game())  # Cy would be a third name
    toy = players.load().games["toy"]
    assert sorted(toy) == ["Ann", "Bob"] and toy["Ann"].played == 2


def test_an_achievement_reached_again_is_counted_again():
    tally = players.SeatTally()
    for achievement in ("Good. Wear your uniform with pride.", None, "Good. Wear your uniform with pride."):
        tally.add(250, won=True, achievement=achievement)
    assert tally.achievements == {"Good. Wear your uniform with pride.": 2}


def test_records_that_cannot_be_read_say_why(river_home, monkeypatch):
    def failing_disk(path, cap):
        raise OSError(errno.EIO, os.strerror(errno.EIO))
    monkeypatch.setattr(json_file, "read_regular", failing_disk)
    assert players.load().problem == "it cannot be read (Input/output error)"
