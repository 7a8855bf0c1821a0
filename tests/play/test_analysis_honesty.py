"""The analysis's better choice is better: for the costliest move it marks in a
Flow game of greedy seats, finishing the game by the same bots from that seat's
view many times scores the seat more after the better choice than after the move
played. (bench/analysis_time.py gives the figure over many marked moves.)"""

from __future__ import annotations

from river_tui.play import analysis
from river_tui.play.analysis import honesty

from support.replay_games import bot_table


def test_the_costliest_marked_move_scores_less_than_its_better_choice_when_played_out():
    table = bot_table("flow", seed=3)
    result = analysis.analyse(table, None, iterations=12)
    judging = analysis.judging_of(table.game)
    marked = sorted((d for d in result.decisions.values() if d.grade(judging) is not None), key=lambda d: -d.loss)
    assert marked, "greedy seats make moves the search marks"
    check = honesty.check(table, marked[0], playouts=20, seed=1)
    assert check.better > check.played
