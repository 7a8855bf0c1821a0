"""The computer seats: they finish games, pursue their role, and the Steward wins some."""

from __future__ import annotations

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.components import ROLES
from river_tui.rules.we_all_take.evaluation import evaluate
from river_tui.simulate import simulate

from rules.we_all_take.wat_helpers import new_table, set_stock


def test_greedy_and_random_are_offered():
    assert {"random", "greedy"} <= set(GAME.bots())


def test_greedy_finishes_games_at_one_three_and_five_seats():
    for seats, games in ((1, 3), (3, 2), (5, 1)):
        report = simulate(GAME, ["greedy"] * seats, games, seed=7)
        assert report.errors == [] and report.games == games


def test_the_steward_bot_wins_some_solo_games_and_does_better_than_random():
    greedy = simulate(GAME, ["greedy"], 12, seed=1)
    random = simulate(GAME, ["random"], 12, seed=1)
    assert greedy.wins[0] >= 1
    assert greedy.score_totals[0] > random.score_totals[0]


def test_the_evaluation_follows_the_seats_own_role():
    s = new_table([("W1", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    grocer = next(r.id for r in ROLES if r.name == "Grocer")
    volunteer = next(r.id for r in ROLES if r.name == "Volunteer")
    s.roles = [grocer, volunteer, s.roles[2]]
    view = GAME.view(s, 0)
    richer = view.clone()
    set_stock(richer, 0, fish=10, gold=3)
    assert evaluate(richer, 0) > evaluate(view, 0)
    s2 = s.clone()
    set_stock(s2, 1, fish=10, gold=3)
    assert evaluate(GAME.view(s2, 1), 1) - evaluate(GAME.view(s, 1), 1) < evaluate(richer, 0) - evaluate(view, 0)
