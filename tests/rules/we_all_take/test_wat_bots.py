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


def test_greedy_makes_one_offer_a_step_and_does_not_repeat_a_declined_one():
    """A seat holding only gold is not asked at the exchange; the bot offers its trade
    when it is asked to propose, once (a declined offer leaves no trace to learn from)."""
    from random import Random

    from river_tui.rules.we_all_take.actions import DECLINE, DONE, Offer
    from river_tui.rules.we_all_take.seasons import end_season
    from river_tui.rules.we_all_take.state import PROPOSE

    from rules.we_all_take.wat_helpers import at_turn

    role = {r.name: r.id for r in ROLES}
    s = new_table([("E1", "Red"), ("W4", "Blue"), ("W2", "Yellow")])
    s = at_turn(s, 4, 0)
    s.roles = [role["Gardener"], role["Grocer"], role["Mayor"]]
    set_stock(s, 0, gold=2)
    for seat in (1, 2):
        set_stock(s, seat, fish=4, tree=4, gravel=4)
    end_season(s)
    assert 0 not in GAME.to_act(s)
    for seat in (1, 2):
        s = GAME.apply(s, seat, DONE)
    assert s.phase == PROPOSE and GAME.to_act(s) == {0}
    greedy = GAME.bots()["greedy"]
    rng = Random(1)
    offer = greedy.choose(GAME, GAME.view(s, 0), 0, rng)
    assert isinstance(offer, Offer)
    s = GAME.apply(s, 0, offer)
    s = GAME.apply(s, offer.to, DECLINE)
    assert greedy.choose(GAME, GAME.view(s, 0), 0, rng) is DONE
