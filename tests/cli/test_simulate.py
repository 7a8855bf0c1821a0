"""`river-tui simulate` as a way to compare computer players: seats rotate
between different bots, and each win rate comes with its confidence interval."""

from __future__ import annotations

import pytest

from river_tui.rules import registry
from river_tui.rules.core import Bot
from river_tui.simulate import simulate, wilson_interval
from toygame import Step, ToyGame


class StepRace(ToyGame):
    """The toy race with two fixed players. Stepping 2 then 1 alternately, the
    first seat always reaches 10 first (2+1+2+1+2+1+2 or 1+2+1+2+1+2+1), and
    whoever reaches 10 wins: so the seat decides, not the bot."""

    id = "step-race"

    def bots(self):
        return {
            "two": Bot("two", lambda game, view, seat, rng: Step(2)),
            "one": Bot("one", lambda game, view, seat, rng: Step(1)),
        }


GAME = StepRace()


@pytest.fixture(autouse=True)
def installed(monkeypatch):
    """Known by id only here (the worker processes look games up by id)."""
    monkeypatch.setitem(registry._extra, GAME.id, GAME)


def test_different_bots_take_turns_at_the_first_seat():
    report = simulate(GAME, ["two", "one"], games=4, seed=1)
    assert report.rotate
    assert report.wins == [2.0, 2.0]


def test_without_rotation_the_first_seat_keeps_its_advantage():
    report = simulate(GAME, ["two", "one"], games=4, seed=1, rotate=False)
    assert report.wins == [4.0, 0.0]


def test_identical_bots_keep_their_seats():
    assert not simulate(GAME, ["two", "two"], games=2, seed=1).rotate


def test_games_played_in_processes_add_up_the_same():
    alone = simulate(GAME, ["two", "one"], games=6, seed=3)
    shared = simulate(GAME, ["two", "one"], games=6, seed=3, jobs=2)
    assert (shared.games, shared.wins, shared.score_totals) == (alone.games, alone.wins, alone.score_totals)


@pytest.mark.parametrize(
    "wins, games, low, high",
    [(5, 10, 0.237, 0.763), (10, 10, 0.722, 1.0), (0, 10, 0.0, 0.278), (130, 200, 0.581, 0.713)],
)
def test_win_rates_come_with_wilson_intervals(wins, games, low, high):
    assert wilson_interval(wins, games) == pytest.approx((low, high), abs=0.001)


def test_the_report_prints_each_bot_with_its_interval():
    report = simulate(GAME, ["two", "one"], games=4, seed=1)
    assert report.as_json()["win_rates"][0] == pytest.approx([0.5, 0.15, 0.85], abs=0.01)
