"""Plain mode's analysis and ratings: `analyse` in the replay of a finished game
and at the menu after a game ends (progress lines, Ctrl+C keeps what is done,
the marked moves say what was better), and the records' ratings per game with
their trend."""

from __future__ import annotations

import io
import json

from river_tui.play.analysis import decision as analysis_decision
from river_tui.play.analysis import file as analysis_file
from river_tui.play.analysis import run as analysis_run
from river_tui.play.table import Table
from river_tui.plain.console import Console
from river_tui.plain.menu import PlainApp
from river_tui.plain.records import record_lines
from river_tui.plain.replay import replay
from river_tui.records import ratings

from support.plain_player import ReadingPlayer
from support.replay_games import bot_table

QUICK = {"iterations": 12}
"""A few search iterations a decision, in this process: the tests check the lines, bench/ the figures."""


def replayed(table, script, budget=QUICK) -> str:
    out = io.StringIO()
    replay(Table.load(table.path, read_only=True), Console(ReadingPlayer(out, script=script, end_after_script=True), out),
           budget)
    return out.getvalue()


def test_analyse_in_a_finished_games_replay_gives_progress_the_summary_and_marks_the_moves():
    table = bot_table("flow", seed=3)
    text = replayed(table, ["analyse"])
    assert "Analysing Flow: Untamed Rivers: " in text and "Ctrl+C stops, keeping what is done." in text
    assert "Analysed " in text and " left." in text  # progress lines with the time left
    for seat in table.seats:
        assert f"{seat.name}: " in text and "matched the search's best" in text
    kept = json.loads(analysis_file.path_beside(table.path).read_text())
    judging = analysis_decision.judging_of(table.game)
    costliest = max(kept["decisions"], key=lambda d: d["best_points"] - (d["played_points"] or 0))
    assert costliest["best_points"] - costliest["played_points"] >= judging.grades[0], "greedy seats make marked moves"
    position = costliest["move"] + 1
    text = replayed(table, ["analyse", f"g {position}", "better", "board"])
    at_move = text[text.index(f"Replay {position}/"):]
    assert "points lost; better: " in at_move.splitlines()[0]  # the mark, on the status line of the move
    assert "the better choice on the board" in at_move


def test_ctrl_c_stops_the_analysis_keeping_what_is_done_and_the_next_goes_on(monkeypatch):
    table = bot_table("glassworks", seed=3)
    judged = []
    real_judge = analysis_run.judge

    def judge(table, move, *args, **kwargs):
        if len(judged) == 3:
            raise KeyboardInterrupt
        judged.append(move)
        return real_judge(table, move, *args, **kwargs)

    monkeypatch.setattr(analysis_run, "judge", judge)
    text = replayed(table, ["analyse"], {"iterations": 2})
    total = len(analysis_run.decisions_of(table))
    assert f"Stopped: 3 of {total} decisions analysed, kept for the next analyse." in text
    assert f"(analysed 3 of {total} decisions so far)" in text
    monkeypatch.setattr(analysis_run, "judge", real_judge)
    text = replayed(table, ["analyse"], {"iterations": 2})
    assert f"{total - 3} of {total} decisions to go" in text
    assert "Stopped" not in text and "so far" not in text


def test_analyse_at_the_menu_after_a_game_ends(monkeypatch):
    monkeypatch.setitem(analysis_decision.JUDGING, "glassworks", analysis_decision.Judging(0.002, (2.0, 4.0, 8.0)))
    out = io.StringIO()
    script = ["analyse", "1", "glassworks", "", "easy", "", "easy", "", "analyse", "quit"]
    PlainApp(Console(ReadingPlayer(out, script=script, end_after_script=True), out)).run()
    text = out.getvalue()
    before, after = text.split("Game over.")
    assert "No game has ended here yet" in before
    assert "Type analyse at the menu for where each player lost points" in after
    assert "Analysing River Valley Glassworks" in after
    assert "Computer 1: " in after and "Computer 2: " in after and "matched the search's best" in after


def test_the_records_give_each_games_ratings_with_their_trend():
    kept = ratings.Ratings({
        "flow": ratings.Ladder(
            people={"Ann": ratings.Rating(mu=30.0, sigma=5.0, games=3, trend=[10.0, 12.0, 15.0]),
                    "Bo": ratings.Rating(mu=25.0, sigma=25.0 / 3, games=1, trend=[0.0])},
            computers={"easy": ratings.Rating(mu=24.0, sigma=4.0, games=4, trend=[14.0, 13.0, 12.0])},
        ),
    })
    ratings.save(kept)
    lines = record_lines()
    heading = lines.index("Flow: Untamed Rivers ratings (openskill: mu - 3 sigma, 0 for a newcomer), the highest first:")
    assert lines[heading + 1:heading + 4] == [
        "1 of 3: Ann 15.0 after 3 games, up 5.0 over the last 3 games.",
        "2 of 3: the computer (easy) 12.0 after 4 games, down 2.0 over the last 3 games.",
        "3 of 3: Bo 0.0 after 1 game, new.",
    ]


def test_the_records_say_when_nothing_is_rated_yet_or_the_ratings_file_cannot_be_used():
    assert record_lines()[-1] == "No rated games yet: a finished game between two or more rated seats rates them."
    ratings.ratings_path().parent.mkdir(parents=True, exist_ok=True)
    ratings.ratings_path().write_text("{not json")
    assert record_lines()[-1].startswith(f"The ratings file {ratings.FILE_NAME} cannot be used (")
