"""The `river-tui` command line: every command, and one sentence for every mistake."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from river_tui import __version__, cli
from river_tui.saves import store
from river_tui.play.table import Seat, Table
from support.command_line import run
from support.toygame import Step
from support.warning_library import with_a_warning_on_import


def test_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"river-tui {__version__}"


def test_help_names_every_command_and_game(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for word in ("new", "resume", "saves", "simulate", "glassworks", "riverside", "flow", "we-all-take"):
        assert word in out


@pytest.mark.parametrize(
    "argv, phrase",
    [
        (["new", "chess"], "There is no game called 'chess'"),
        (["new", "toy", "--players", "9"], "played by 1 to 3 seats, not 9"),
        (["new", "toy", "--players", "2", "--bots", "3"], "--bots must be between 0 and 2"),
        (["new", "toy", "--bot", "genius"], "no computer player 'genius'"),
        (["new", "toy", "--bot", "random", "--variant", "turbo"], "no variant 'turbo'"),
        (["--bogus"], "Unrecognized arguments: --bogus"),
        (["simulate", "toy", "--bot", "random", "--games", "0"], "--games must be at least 1"),
        (["simulate", "toy", "--players", "2", "--bot", "random,random,random"], "3 computer players for 2 seats"),
    ],
)
def test_mistakes_get_one_sentence_and_exit_code_2(capsys, argv, phrase):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert phrase in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_new_creates_the_seats_asked_for(capsys, monkeypatch):
    opened = []
    monkeypatch.setattr(cli, "run_app", lambda table=None: opened.append(table))
    code, _, _ = run(capsys, "new", "toy", "--players", "3", "--bots", "1", "--seed", "5", "--bot", "random")
    table = opened[0]
    assert code == 0
    assert [(s.name, s.kind) for s in table.seats] == [
        ("Player 1", "human"), ("Player 2", "human"), ("Computer 1", "random")]
    assert table.seed == 5 and table.path.exists()


def make_save():
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=2)
    table.apply(0, Step(2))
    return table


def test_saves_lists_game_seats_and_turn(capsys):
    make_save()
    code, out, _ = run(capsys, "saves")
    assert code == 0
    assert "toy" in out and "Ann, Bob" in out and "Counter 2" in out


def test_resume_latest_opens_the_identical_position(capsys, monkeypatch):
    table = make_save()
    opened = []
    monkeypatch.setattr(cli, "run_app", lambda t=None: opened.append(t))
    code, _, _ = run(capsys, "resume")
    assert code == 0
    assert opened[0].game.digest(opened[0].state) == table.game.digest(table.state)


def test_resume_a_bad_file_says_why_exits_nonzero_and_leaves_it(capsys, tmp_path):
    path = tmp_path / "bad.rtsave"
    path.write_bytes(b"\x92\x01\x02")
    code, _, err = run(capsys, "resume", str(path))
    assert code == 1
    assert "not a River TUI save" in err and err.count("\n") == 1
    assert path.read_bytes() == b"\x92\x01\x02"


def test_resume_with_no_saves_says_so(capsys):
    code, _, err = run(capsys, "resume")
    assert code == 1 and "no saved game" in err
    assert store.list_saves() == []


def test_simulate_json_reports_games_and_speed(capsys):
    code, out, _ = run(capsys, "simulate", "toy", "--games", "5", "--bot", "random", "--json")
    report = json.loads(out)
    assert code == 0
    assert report["games"] == 5 and report["errors"] == []
    for key in ("actions", "seconds", "games_per_s", "actions_per_s", "mean_scores"):
        assert key in report


def test_console_script_runs_as_a_module():
    done = subprocess.run([sys.executable, "-m", "river_tui", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and __version__ in done.stdout


def test_a_library_warning_never_reaches_the_console(tmp_path):
    """A library that warns as it is imported prints nothing around River TUI's own output."""
    env = {**os.environ, **with_a_warning_on_import(tmp_path, "msgpack")}
    done = subprocess.run([sys.executable, "-m", "river_tui", "saves"], capture_output=True, text=True, env=env)
    assert done.returncode == 0 and "No saved games" in done.stdout
    assert done.stderr == "" and "DSA" not in done.stdout
