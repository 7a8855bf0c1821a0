"""The analysis of a finished game: every decision, kept beside the save, resumed
where it stopped, and its file read back as untrusted."""

from __future__ import annotations

import json
import os

import pytest

from river_tui.play import analysis
from river_tui.play.analysis import file as analysis_file
from river_tui.play.analysis import run as analysis_run
from river_tui.play.table import Table
from river_tui.rules.core import encode_action

from support.replay_games import bot_table

ITERATIONS = 4  # a few per decision: these tests check the bookkeeping, bench/analysis_time.py the figures


@pytest.fixture
def finished():
    """A finished 3-seat Glassworks game, saved."""
    return bot_table("glassworks", seed=3)


def analysed(table, iterations=ITERATIONS, **kwargs):
    return analysis.analyse(table, table.path, iterations=iterations, **kwargs)


def test_every_decision_of_every_seat_is_judged_with_a_legal_better_move(finished):
    result = analysed(finished)
    game = finished.game
    choices = [m for m in range(len(finished.log))
               if len(game.legal_actions(finished.state_at(m), finished.log[m][0])) > 1]
    assert result.complete and sorted(result.decisions) == choices
    assert {d.seat for d in result.decisions.values()} == {0, 1, 2}
    for move, decision in result.decisions.items():
        seat, played = finished.log[move]
        assert decision.seat == seat
        assert decision.best in game.legal_actions(finished.state_at(move), seat)
        assert decision.matched == (decision.best == played)
        assert decision.loss == (0.0 if decision.played_points is None else max(0.0, decision.best_points - decision.played_points))
    for summary in analysis.summaries(finished, result):
        mine = [d for d in result.decisions.values() if d.seat == summary.seat]
        assert summary.decisions == len(mine)
        assert summary.points_lost == pytest.approx(sum(d.loss for d in mine))
        assert [d.loss for d in summary.costliest] == sorted((d.loss for d in mine if d.loss > 0), reverse=True)[:3]


def test_the_grades_follow_the_games_thresholds():
    judging = analysis.Judging(seconds=1.0, grades=(2.0, 4.0, 8.0))

    def grade(lost):
        return analysis.Decision(0, 0, None, 10.0, 10.0 - lost, False).grade(judging)

    assert [grade(x) for x in (0.0, 1.9, 2.0, 3.9, 4.0, 7.9, 8.0, 30.0)] == [None, None, 0, 0, 1, 1, 2, 2]


def test_a_stopped_analysis_keeps_what_is_done_and_resumes_from_there(finished, monkeypatch):
    judged = []
    real_judge = analysis_run.judge
    monkeypatch.setattr(analysis_run, "judge", lambda table, move, *a, **k: judged.append(move) or real_judge(table, move, *a, **k))
    seen = []
    stopped = analysed(finished, stop=lambda: len(judged) >= 5, progress=lambda done, total: seen.append((done, total)))
    total = len(stopped.wanted)
    assert not stopped.complete and len(stopped.decisions) == 5
    assert seen == [(n, total) for n in range(6)]
    kept = json.loads(analysis_file.path_beside(finished.path).read_text())
    assert [d["move"] for d in kept["decisions"]] == judged

    again = Table.load(finished.path, read_only=True)
    seen.clear()
    resumed = analysed(again, progress=lambda done, total: seen.append(done))
    assert resumed.complete and seen == list(range(5, total + 1))
    assert len(judged) == total  # the first five were read back, not judged again
    whole = analysis.analyse(again, None, iterations=ITERATIONS)  # in one go, nothing kept
    assert resumed.decisions == whole.decisions


def test_a_finished_analysis_is_read_back_not_computed_again(finished, monkeypatch):
    first = analysed(finished)
    monkeypatch.setattr(analysis_run, "judge", lambda *a, **k: pytest.fail("judged again"))
    assert analysed(Table.load(finished.path, read_only=True)).decisions == first.decisions


def hostile_bodies(table, good):
    """(what is wrong, the file's bytes) for files an analysis must refuse."""
    body = json.loads(good)
    first = body["decisions"][0]

    def changed(**fields):
        entry = {**first, **fields}
        return json.dumps({**body, "decisions": [entry, *body["decisions"][1:]]}).encode()

    other_move = next(m for m, (seat, _) in enumerate(table.log) if seat != table.log[first["move"]][0])
    yield "not JSON", b"\x00\xff{garbage"
    yield "too large", b" " * (analysis_file.MAX_FILE_BYTES + 1)
    yield "nested too deep", b"[" * 100_000
    yield "another format", json.dumps({**body, "format": "river-tui-chat"}).encode()
    yield "a newer version", json.dumps({**body, "version": 2}).encode()
    yield "another game", json.dumps({**body, "game": {**body["game"], "seed": body["game"]["seed"] + 1}}).encode()
    yield "a move out of the game", changed(move=len(table.log) + 5)
    yield "a move given as text", changed(move=str(first["move"]))
    yield "a number out of range", changed(best_points=1e300)
    yield "NaN", good.replace(b'"best_points": ', b'"best_points": NaN, "x": ', 1)
    yield "another seat's move as the best", changed(best=encode_action(table.log[other_move][1]))
    yield "an illegal best move", changed(best=["Gather", 99])
    yield "a best move of another game", changed(best=["Step", 2])
    yield "a move twice", json.dumps({**body, "decisions": [first, *body["decisions"]]}).encode()
    yield "a deep best move", changed(best=["Gather", [[[[[[1]]]]]]])
    yield "an extra field", changed(note="\x1b[31mhello")


def test_a_damaged_or_hostile_analysis_file_is_refused_with_a_sentence_and_computed_again(finished):
    result = analysed(finished, iterations=1)
    path = analysis_file.path_beside(finished.path)
    good = path.read_bytes()
    for what, raw in hostile_bodies(finished, good):
        path.write_bytes(raw)
        again = analysed(finished, iterations=1)
        assert again.problem and again.problem.startswith(f"The analysis file {path.name} is not used"), what
        assert again.problem.endswith("it is computed again.") and "\n" not in again.problem, what
        assert again.complete and again.decisions == result.decisions, what
        assert json.loads(path.read_bytes()) == json.loads(good), what  # rewritten whole


def test_an_analysis_file_that_is_a_fifo_or_a_link_is_neither_read_nor_written_through(finished, tmp_path):
    path = analysis_file.path_beside(finished.path)
    os.mkfifo(path)
    result = analysed(finished, iterations=1)
    assert "cannot be read" in result.problem and result.complete
    path.unlink()
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep me")
    path.symlink_to(target)
    result = analysed(finished, iterations=1)
    assert result.complete and "is a link" in result.problem
    assert target.read_text() == "keep me"


def test_the_summary_names_each_seat_and_its_costliest_moves_with_the_better_choice(finished):
    result = analysed(finished)
    lines = analysis.summary_lines(finished, result)
    judging = analysis.judging_of(finished.game)
    for summary in analysis.summaries(finished, result):
        name = finished.seats[summary.seat].name
        head = next(line for line in lines if line.startswith(f"{name}: "))
        assert f"over {summary.decisions} decision" in head and "matched the search's best" in head
        for decision in summary.costliest:
            line = analysis.decision_line(finished, decision, judging)
            assert f"  {line}" in lines
            assert f"Move {decision.move + 1}: " in line and "points lost" in line and " with " in line
