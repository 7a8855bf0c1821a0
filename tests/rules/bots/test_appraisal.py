"""`Search.appraise`: every root move with the search's estimate in the game's own
points, best first, the best being the move `choose` plays."""

from __future__ import annotations

import dataclasses
import random

import pytest

from river_tui.rules.bots.hints import hints_for
from river_tui.rules.bots.levels import searcher
from river_tui.rules.bots.rollouts import Rollouts
from river_tui.rules.bots.search import Search
from river_tui.rules.registry import get_game

from support.bots_helpers import TOY_GAME, TOY_HINTS, positions
from support.toygame import Roll, Step


def toy_view(counter: int):
    state = dataclasses.replace(TOY_GAME.new(2, {}, seed=3), counter=counter)
    return state, TOY_GAME.view(state, 0)


@pytest.mark.parametrize("kind", [Search, Rollouts])
def test_a_sure_win_is_appraised_at_its_exact_final_points(kind):
    """At 8, stepping 2 reaches 10: seat 0 scores its secret card plus 10 in
    every iteration and wins them all; stepping 1 lets seat 1 reach 10 by any
    move, so seat 0 then scores only its card and never wins."""
    state, view = toy_view(8)
    hints = dataclasses.replace(TOY_HINTS, rollouts=kind is Rollouts)
    appraisals = kind(TOY_GAME, hints, 0, random.Random(1)).appraise(view, seconds=60, iterations=300)
    by_move = {a.action: a for a in appraisals}
    assert appraisals[0].action == Step(2)
    assert by_move[Step(2)].points == state.secrets[0] + 10 and by_move[Step(2)].win_share == 1.0
    assert by_move[Step(1)].points == state.secrets[0] and by_move[Step(1)].win_share == 0.0
    assert set(by_move) == {Step(1), Step(2), Roll()}
    assert sum(a.visits for a in appraisals) == (300 if kind is Search else 900)


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("counter", [0, 4, 7])
def test_the_toys_best_appraisal_is_the_move_choose_plays(counter, seed):
    _, view = toy_view(counter)
    chosen = Search(TOY_GAME, TOY_HINTS, 0, random.Random(seed)).choose(view, seconds=60, iterations=60)
    appraised = Search(TOY_GAME, TOY_HINTS, 0, random.Random(seed)).appraise(view, seconds=60, iterations=60)
    assert appraised[0].action == chosen
    assert [a.visits for a in appraised] == sorted((a.visits for a in appraised), reverse=True)


ITERATIONS = {"glassworks": 40, "flow": 40, "riverside": 2, "we-all-take": 40}


@pytest.mark.parametrize("game_id", ["glassworks", "flow", "riverside", "we-all-take"])
def test_each_games_best_appraisal_is_the_move_choose_plays(game_id):
    """On real positions (Riverside's where its rollouts search), with the same
    RNG and iterations; every estimate lies within the points the game gives."""
    game = get_game(game_id)
    hints = hints_for(game)
    weighed = hints.moves or game.legal_actions
    found = 0
    for state, seat in positions(game_id, 2, 7):
        view = game.view(state, seat)
        if len(weighed(view, seat)) < 2 or (hints.rollout_at and not hints.rollout_at(view, seat)):
            continue
        iterations = ITERATIONS[game_id]
        chosen = searcher(game, hints, seat, random.Random(found)).choose(view, 60, iterations)
        appraised = searcher(game, hints, seat, random.Random(found)).appraise(view, 60, iterations)
        assert appraised[0].action == chosen
        assert all(0.0 <= a.win_share <= 1.0 and a.visits >= 1 for a in appraised)
        found += 1
        if found == 3:
            break
    assert found == 3


def test_a_move_the_prior_would_not_try_is_appraised_when_included():
    """Glassworks widens from its best-looking placements; a move asked for is
    weighed at the root all the same, and gets an estimate."""
    game = get_game("glassworks")
    hints = hints_for(game)
    for state, seat in positions("glassworks", 2, 3):
        view = game.view(state, seat)
        plain = Search(game, hints, seat, random.Random(5)).appraise(view, 60, iterations=12)
        tried = {a.action for a in plain}
        untried = [a for a in game.legal_actions(view, seat) if a not in tried]
        if untried:
            break
    else:
        raise AssertionError("no decision left a move untried")
    asked = untried[-1]
    included = Search(game, hints, seat, random.Random(5)).appraise(view, 60, iterations=12, include=[asked])
    assert asked in {a.action for a in included}


def test_a_move_the_tree_would_not_weigh_is_appraised_when_included_even_beside_a_single_one():
    """We All Take's tree weighs only a table-mate's moves (`SearchHints.moves`),
    often a single one; a player's other legal move, asked for, is appraised beside it."""
    game = get_game("we-all-take")
    hints = hints_for(game)
    for state, seat in positions("we-all-take", 3, 1):
        view = game.view(state, seat)
        weighed = hints.moves(view, seat)
        others = [a for a in game.legal_actions(view, seat) if a not in weighed]
        if len(weighed) == 1 and others:
            break
    else:
        raise AssertionError("no decision with a single weighed move")
    appraised = Search(game, hints, seat, random.Random(2)).appraise(view, 60, iterations=20, include=[others[0]])
    assert {a.action for a in appraised} == {weighed[0], others[0]}
    assert sum(a.visits for a in appraised) == 20
