"""The analysis's estimates in the final score, where the search judges before
the end by other points (`SearchHints.final_playouts`, final_points.py): We All
Take's search judges at the season's end by its evaluation (about 30 points an
objective), its final score is the objectives met."""

from __future__ import annotations

import dataclasses
import itertools
import random

from river_tui.play.analysis import LEVEL, decisions_of, judge
from river_tui.rules.bots.final_points import finished
from river_tui.rules.bots.hints import hints_for
from river_tui.rules.bots.search import Search

from support.bots_helpers import TOY_GAME, TOY_HINTS, toy_determinize
from support.replay_games import bot_table
from support.toygame import Roll, Step

PLAYOUTS = 6


def test_the_best_and_the_asked_moves_get_the_seats_mean_final_points_not_the_judged_ones():
    """At 8, stepping 2 reaches 10: seat 0 scores its secret card plus 10 and
    wins; stepping 1 lets seat 1 reach 10 by any move: seat 0 scores its card
    only. The search judges every position at 100 points after one move."""
    state = dataclasses.replace(TOY_GAME.new(2, {}, seed=3), counter=8)
    view = TOY_GAME.view(state, 0)
    hints = dataclasses.replace(TOY_HINTS, playout_depth=0, judge_at=lambda root, s: True,
                                evaluate=lambda s: [100.0, 100.0], final_playouts=PLAYOUTS)
    appraised = Search(TOY_GAME, hints, 0, random.Random(1)).appraise(view, 60, 200, include=(Step(1),))
    assert {a.action: a.points for a in appraised}[Step(1)] == 100.0  # the search's judged points
    final = finished(TOY_GAME, hints, view, 0, appraised, (Step(1), Step(1)), random.Random(2))
    assert [(a.action, a.points, a.win_share) for a in final] == [
        (Step(2), state.secrets[0] + 10, 1.0),
        (Step(1), state.secrets[0], 0.0),
    ]
    assert Roll() not in {a.action for a in final}  # a move not asked about is not played out


def test_we_all_take_decisions_are_estimated_in_objectives_met():
    """The mean of whole numbers of objectives (0 to 2) over the playouts: never
    the search's judged points (tens of points)."""
    table = bot_table("we-all-take", seed=2)
    playouts = hints_for(table.game).for_level(LEVEL).final_playouts
    assert playouts > 0
    for move, _ in decisions_of(table)[-3:]:  # near the end: short playouts
        decision = judge(table, move, seconds=60, iterations=10)
        for points in (decision.best_points, decision.played_points):
            assert points is not None and 0.0 <= points <= 2.0
            assert abs(points * playouts - round(points * playouts)) < 1e-9  # a mean over the playouts


def test_a_filling_in_where_a_move_is_not_allowed_is_left_out():
    """Every other filling-in of the view has seat 1 to move, where seat 0's moves
    are refused: only the others count (the means stay exact); none at all leaves
    the search's own estimates."""
    state = dataclasses.replace(TOY_GAME.new(2, {}, seed=3), counter=8)
    view = TOY_GAME.view(state, 0)
    fillings = itertools.count()

    def determinize(view, seat, rng):
        filled = toy_determinize(view, seat, rng)
        return dataclasses.replace(filled, turn=1) if next(fillings) % 2 else filled

    hints = dataclasses.replace(TOY_HINTS, final_playouts=PLAYOUTS)
    appraised = Search(TOY_GAME, hints, 0, random.Random(1)).appraise(view, 60, 200, include=(Step(1),))
    final = finished(TOY_GAME, dataclasses.replace(hints, determinize=determinize), view, 0, appraised, (Step(1),),
                     random.Random(2))
    assert [(a.action, a.points) for a in final] == [(Step(2), state.secrets[0] + 10), (Step(1), state.secrets[0])]
    never = dataclasses.replace(hints, determinize=lambda v, s, r: dataclasses.replace(toy_determinize(v, s, r), turn=1))
    assert finished(TOY_GAME, never, view, 0, appraised, (Step(1),), random.Random(2)) == appraised
