"""The search itself, on the toy race (reach 10 first) and on real positions."""

from __future__ import annotations

import dataclasses
import random

import pytest

from river_tui.rules.bots.hints import hints_for
from river_tui.rules.bots.levels import searcher
from river_tui.rules.bots.rollouts import Rollouts
from river_tui.rules.bots import rollouts as rollouts_module
from river_tui.rules.bots import search as search_module
from river_tui.rules.bots.search import WALL_CLOCK_LIMIT, Search
from river_tui.rules.registry import get_game

from support.bots_helpers import TOY_GAME, TOY_HINTS, positions
from support.toygame import Roll, Step


def toy_position(counter: int):
    state = TOY_GAME.new(2, {}, seed=3)
    return dataclasses.replace(state, counter=counter)


def search_choice(counter: int, iterations: int = 600, seed: int = 1):
    view = TOY_GAME.view(toy_position(counter), 0)
    return Search(TOY_GAME, TOY_HINTS, 0, random.Random(seed)).choose(view, seconds=60, iterations=iterations)


def test_it_takes_a_sure_win():
    """At 8, stepping 2 reaches 10 for certain."""
    assert search_choice(8) == Step(2)


def test_it_gambles_when_every_step_hands_the_win_over():
    """At 7, any step lets the other seat reach 10; a roll of 3 or more wins now."""
    assert search_choice(7) == Roll()


def test_a_fixed_number_of_iterations_repeats_exactly():
    assert all(search_choice(counter, 200, seed=9) == search_choice(counter, 200, seed=9) for counter in (0, 4, 7))


def test_a_single_legal_move_is_played_without_thinking():
    game = get_game("glassworks")
    state, seat = next((s, seat) for s, seat in positions("glassworks", 2, 1) if len(game.legal_actions(s, seat)) == 1)
    search = Search(game, hints_for(game), seat, random.Random(1))
    assert search.choose(game.view(state, seat), seconds=5) == game.legal_actions(state, seat)[0]
    assert search.iterations == 0


class Clock:
    """A stand-in for the `time` module of the search: each look at the
    thinking thread's CPU clock (`thread_time`) finds ``cpu_step`` seconds more,
    each look at the wall clock (`perf_counter`) ``wall_step`` more. How long a
    search thinks is then a count of looks, the same on any machine."""

    def __init__(self, cpu_step: float, wall_step: float = 0.0) -> None:
        self.cpu = self.wall = 0.0
        self.cpu_step, self.wall_step = cpu_step, wall_step

    def thread_time(self) -> float:
        self.cpu += self.cpu_step
        return self.cpu

    def perf_counter(self) -> float:
        self.wall += self.wall_step
        return self.wall


@pytest.fixture
def clock(monkeypatch):
    """``clock(cpu_step, wall_step)``: the searches' clocks, counted in looks."""

    def install(cpu_step: float, wall_step: float = 0.0) -> Clock:
        fake = Clock(cpu_step, wall_step)
        monkeypatch.setattr(search_module, "time", fake)
        monkeypatch.setattr(rollouts_module, "time", fake)
        return fake

    return install


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("game_id", ["glassworks", "flow", "riverside", "we-all-take"])
def test_thinking_stops_when_its_cpu_budget_is_spent(clock, game_id, level):
    """The budget is CPU time of the thinking thread, looked at after every
    iteration (before every playout, for rollouts): with 1/64 s found at each
    look, a budget of 10/64 s allows at most 10 iterations. (How long a real
    decision takes is measured by bench/bot_think.py.)"""
    game = get_game(game_id)
    hints = hints_for(game).for_level(level)
    weighed = hints.moves or game.legal_actions  # a single move weighed is played at once
    state, seat = next((s, seat) for s, seat in positions(game_id, 2, 5) if len(weighed(game.view(s, seat), seat)) > 1)
    view = game.view(state, seat)
    clock(cpu_step=1 / 64)  # binary fractions: the sums are exact
    search = searcher(game, hints, seat, random.Random(2))
    assert search.choose(view, seconds=10 / 64) in game.legal_actions(view, seat)
    assert 1 <= search.iterations <= 10


@pytest.mark.parametrize("kind", [Search, Rollouts])
def test_a_thread_starved_of_cpu_still_answers_by_the_wall_clock(clock, kind):
    """On a machine too busy to give the thinking thread any CPU time, the wall
    clock stops it at `WALL_CLOCK_LIMIT` times the budget: 4 x 10/64 s, found
    1/64 s at a time, is 40 looks."""
    view = TOY_GAME.view(toy_position(4), 0)
    clock(cpu_step=0.0, wall_step=1 / 64)
    search = kind(TOY_GAME, dataclasses.replace(TOY_HINTS, rollouts=kind is Rollouts), 0, random.Random(1))
    assert search.choose(view, seconds=10 / 64) in TOY_GAME.legal_actions(view, 0)
    assert WALL_CLOCK_LIMIT == 4.0
    assert 1 <= search.iterations <= 40


def rollout_choice(counter: int, iterations: int = 200, seed: int = 1):
    hints = dataclasses.replace(TOY_HINTS, rollouts=True)
    view = TOY_GAME.view(toy_position(counter), 0)
    return Rollouts(TOY_GAME, hints, 0, random.Random(seed)).choose(view, seconds=60, iterations=iterations)


def test_rollouts_take_a_sure_win_and_gamble_when_they_must():
    """The same two positions as the tree's: playouts to the end judge each move."""
    assert rollout_choice(8) == Step(2)
    assert rollout_choice(7) == Roll()


def test_rollouts_leave_the_decisions_not_worth_it_to_the_playout_policy():
    hints = dataclasses.replace(TOY_HINTS, rollouts=True, rollout_at=lambda view, seat: False)
    view = TOY_GAME.view(toy_position(7), 0)
    search = Rollouts(TOY_GAME, hints, 0, random.Random(1))
    assert search.choose(view, seconds=60) in TOY_GAME.legal_actions(view, 0)
    assert search.iterations == 0


@pytest.mark.parametrize("game_id", ["flow", "glassworks"])
def test_the_hard_level_plays_to_the_end_where_normal_judges_the_turn(game_id):
    """A level may search with hints of its own (`SearchHints.hard`); the analysis
    searches as hard does."""
    hints = hints_for(get_game(game_id))
    assert hints.for_level("normal") is hints and hints.playout_depth == 0
    assert hints.for_level("hard").playout_depth is None
    assert hints.for_level("analysis") is hints.for_level("hard")


def judged_positions(level: str, season_from_end: int):
    """The positions a We All Take search at ``level`` judged, in a decision
    of the season ``season_from_end`` seasons before the last."""
    game = get_game("we-all-take")
    state, seat = next(
        (s, seat) for s, seat in positions("we-all-take", 2, 1)
        if s.season == s.last_season - season_from_end and s.phase == "actions" and len(game.legal_actions(s, seat)) > 2
    )
    hints = hints_for(game).for_level(level)
    judged = []

    def recording(position):
        judged.append(position)
        return hints.evaluate(position)

    view = game.view(state, seat)
    Search(game, dataclasses.replace(hints, evaluate=recording), seat, random.Random(3)).choose(view, 60, iterations=40)
    return view, judged


def test_we_all_takes_hard_level_judges_at_the_seasons_end_where_normal_judges_the_turn():
    """Hard plays on to the next season (pollution drifts, the city is voted
    and built at the season's end); normal judges within its own season."""
    view, judged = judged_positions("normal", 5)
    assert judged and all(p.season == view.season for p in judged)
    view, judged = judged_positions("hard", 5)
    assert judged and all(p.season == view.season + 1 and p.phase == "actions" for p in judged)


def test_we_all_takes_hard_level_plays_the_last_two_seasons_to_the_end():
    view, judged = judged_positions("hard", 1)
    assert judged and all(p.phase == "over" for p in judged)


def test_riverside_drops_the_determinization_its_budget_cuts_short(clock, monkeypatch):
    """A determinization the budget cuts short is dropped rather than finished
    (so a decision overruns its budget by one playout at most): the move is
    judged on the totals of the whole determinizations only, the same totals as
    a search told to do exactly that many."""
    game = get_game("riverside")
    hints = hints_for(game)
    state, seat = next((s, seat) for s, seat in positions("riverside", 2, 1) if hints.rollout_at(s, seat) and len(game.legal_actions(s, seat)) > 2)
    view = game.view(state, seat)
    moves = len(game.legal_actions(view, seat))
    judged, playouts = [], []
    monkeypatch.setattr(Rollouts, "_most_rewarded", staticmethod(lambda legal, totals: judged.append(totals) or legal[0]))
    play_to_end = Rollouts._play_to_end
    monkeypatch.setattr(Rollouts, "_play_to_end", lambda self, *a: playouts.append(1) or play_to_end(self, *a))
    clock(cpu_step=1 / 64)  # the first determinization takes no look; the second one look per move
    timed = Rollouts(game, hints, seat, random.Random(2))
    timed.choose(view, seconds=(moves - 1) / 64)  # spent before the second's last two moves
    assert timed.iterations == 1 and len(playouts) == 2 * moves - 2
    counted = Rollouts(game, hints, seat, random.Random(2))
    counted.choose(view, seconds=60, iterations=1)
    assert judged[0] == judged[1]
