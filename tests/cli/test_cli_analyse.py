"""`river-tui analyse SAVE`: the summary of a finished game, or its decisions as JSON."""

from __future__ import annotations

import json

import pytest

from river_tui.play.analysis import file as analysis_file

from support.command_line import run
from support.replay_games import bot_table


def test_analyse_prints_each_seats_summary_and_keeps_the_analysis_beside_the_save(capsys):
    table = bot_table("glassworks", seed=4)
    code, out, err = run(capsys, "analyse", str(table.path), "--seconds", "0.01")
    assert code == 0
    for seat in table.seats:
        assert any(line.startswith(f"{seat.name}: ") and "points lost over" in line for line in out.splitlines())
    assert "analysed" in err and analysis_file.path_beside(table.path).is_file()
    code, out, _ = run(capsys, "analyse", str(table.path), "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["game"] == "glassworks" and data["complete"]
    assert [s["seat"] for s in data["seats"]] == [s.name for s in table.seats]
    assert data["unit"] == "points" and data["thresholds"] == {"inaccuracy": 2.0, "mistake": 4.0, "blunder": 8.0}
    assert all(d["loss"] >= 0 and d["best"] and d["played"] for d in data["decisions"])


@pytest.mark.parametrize("argv, phrase", [
    (["--seconds", "0"], "seconds go from 0.01 to 600, not 0"),
    (["--seconds", "١"], "seconds go from 0.01 to 600"),
    (["--seconds", "NaN"], "seconds go from 0.01 to 600"),
])
def test_analyse_refuses_a_budget_out_of_range(capsys, argv, phrase):
    table = bot_table("glassworks", seed=4, stop_after=3)
    code, _, err = run(capsys, "analyse", str(table.path), *argv)
    assert code == 2 and phrase in err


def test_analyse_refuses_an_unfinished_game_in_one_sentence(capsys):
    table = bot_table("glassworks", seed=4, stop_after=6)
    code, out, err = run(capsys, "analyse", str(table.path))
    assert code == 1 and out == ""
    assert "is not over yet: only a finished game is analysed." in err and err.count("\n") == 1
