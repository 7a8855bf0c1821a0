"""`river-tui simulate` as a way to compare computer players: seats rotate
between different bots, and each win rate comes with its confidence interval."""

from __future__ import annotations

import json

import pytest

from river_tui.rules import registry
from river_tui.rules.core import Bot, Variant
from river_tui.play.simulate import simulate, wilson_interval
from support.toygame import Step, ToyGame


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


def mean_scores_worked_by_hand(games: int, seed: int) -> list[float]:
    """From the race's rules: seat 1 always reaches 10 first, scoring its secret
    card and 10, seat 2 its card alone; game n seats the lineup shifted by n, so
    entry e sits at seat (e + n) mod 2. The cards are dealt by the game's setup."""
    totals = [0, 0]
    for number in range(games):
        cards = GAME.new(2, {}, seed + number).secrets
        for entry in range(2):
            seat = (entry + number) % 2
            totals[entry] += cards[seat] + (10 if seat == 0 else 0)
    return [round(total / games, 2) for total in totals]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_simulate_reports_the_real_mean_scores(capsys, jobs):
    from river_tui import cli

    expected = mean_scores_worked_by_hand(games=5, seed=4)
    assert all(mean > 5 for mean in expected)  # each entry wins 2 or 3 of the 5: at least 4 + 1 a game
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["simulate", GAME.id, "--games", "5", "--seed", "4", "--bot", "two,one", "--jobs", jobs, "--json"])
        raise SystemExit(0)
    assert exit_info.value.code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["mean_scores"] == expected


def test_the_json_report_holds_every_figure_worked_out():
    """Four games of 7 actions each (two, one, two, one, two, one, two: the
    first seat reaches 10 at its fourth step) in 2.9876 seconds, by hand:
    4 / 2.9876 = 1.339 games/s, 28 / 2.9876 = 9.372 actions/s."""
    report = simulate(GAME, ["two", "one"], games=4, seed=1)
    report.seconds = 2.9876
    out = report.as_json()
    assert (out["game"], out["seats"], out["bots"], out["rotate"]) == ("step-race", 2, ["two", "one"], True)
    assert (out["games"], out["actions"], out["seconds"]) == (4, 28, 2.988)
    assert (out["games_per_s"], out["actions_per_s"]) == (1.34, 9.4)
    assert out["wins"] == [2.0, 2.0] and out["errors"] == [] and out["notes"] == {}
    assert out["win_rates"] == [[0.5, 0.15, 0.85], [0.5, 0.15, 0.85]]


class Broken(StepRace):
    """The race whose "crash" bot fails on its seat's first move, and whose
    results carry a note for the winner."""

    id = "broken-race"

    def bots(self):
        def crash(game, view, seat, rng):
            raise ZeroDivisionError("no move")

        return {**super().bots(), "crash": Bot("crash", crash)}

    def result(self, state):
        from dataclasses import replace

        result = super().result(state)
        return replace(result, notes=tuple("first" if s in result.winners else "" for s in range(2)))


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_game_that_fails_is_reported_by_number_and_seed_and_the_rest_counted(monkeypatch, jobs):
    game = Broken()
    monkeypatch.setitem(registry._extra, game.id, game)
    report = simulate(game, ["two", "crash"], games=3, seed=10, jobs=jobs, rotate=False)
    assert report.games == 0 and report.errors == [
        f"game {n} (seed {10 + n}): ZeroDivisionError: no move" for n in range(3)
    ]
    report = simulate(game, ["two", "two"], games=3, seed=10, jobs=jobs)
    assert report.games == 3 and report.errors == [] and report.notes == {"first": 3, "": 3}


def test_a_game_that_never_ends_is_an_error_not_a_hang():
    from river_tui.play import simulate as simulate_module

    class Endless(StepRace):
        id = "endless-race"

        def apply(self, state, seat, action):
            from dataclasses import replace

            return replace(state, turn=(seat + 1) % state.seats)  # nobody ever gets anywhere

    game = Endless()
    with pytest.raises(RuntimeError, match="^the game did not end within 50 actions$"):
        simulate_module.play_one(game, [game.bots()["two"]] * 2, seed=1, max_actions=50)


def test_no_games_give_the_widest_interval():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    report = simulate(GAME, ["two", "one"], games=1, seed=1)
    report.games, report.wins = 0, [0.0, 0.0]
    assert report.win_rate(0) == (0.0, 0.0, 1.0)


class Sprint(StepRace):
    """The race with a "sprint" variant that starts the counter at 6."""

    id = "sprint-race"
    variants = (Variant("full", "Full"), Variant("sprint", "Sprint"))

    def new(self, seats, options, seed):
        from dataclasses import replace

        state = super().new(seats, options, seed)
        return replace(state, counter=6) if options.get("variant") == "sprint" else state


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_chosen_variant_is_the_one_played(monkeypatch, jobs):
    """Stepping 2 then 1 from 0, the race lasts 7 actions; from 6, 3 (2 + 1 + 2)."""
    game = Sprint()
    monkeypatch.setitem(registry._extra, game.id, game)
    assert simulate(game, ["two", "one"], games=2, seed=1, jobs=jobs).actions == 14
    assert simulate(game, ["two", "one"], games=2, seed=1, variant="sprint", jobs=jobs).actions == 6


def test_the_same_seed_plays_the_same_games_and_each_bot_sees_its_own_seat():
    seen = []

    def looking(game, view, seat, rng):
        seen.append(view.secrets[seat] is not None and view.rng is None)
        return rng.choice(game.legal_actions(view, seat))

    class Watched(StepRace):
        id = "watched-race"

        def bots(self):
            return {"looking": Bot("looking", looking)}

    game = Watched()
    first = simulate(game, ["looking", "looking"], games=6, seed=5)
    again = simulate(game, ["looking", "looking"], games=6, seed=5)
    other = simulate(game, ["looking", "looking"], games=6, seed=6)
    assert (first.actions, first.score_totals) == (again.actions, again.score_totals)
    assert (first.actions, first.score_totals) != (other.actions, other.score_totals)
    assert seen and all(seen)  # played here (one process), each bot given its own seat's view


def test_a_shared_victory_counts_a_share_for_each_winner():
    class Tied(StepRace):
        id = "tied-race"

        def result(self, state):
            from dataclasses import replace

            return replace(super().result(state), winners=frozenset({0, 1}))

    report = simulate(Tied(), ["two", "one"], games=4, seed=1)
    assert report.wins == [2.0, 2.0] and report.as_json()["win_rates"][0][0] == 0.5
    report = simulate(Tied(), ["two", "two"], games=3, seed=1)
    assert report.wins == [1.5, 1.5]


def test_the_seconds_reported_are_within_the_call():
    import time

    started = time.perf_counter()
    report = simulate(GAME, ["two", "one"], games=2, seed=1)
    assert 0 < report.seconds <= time.perf_counter() - started


def test_one_game_reports_its_own_scores_as_the_means():
    report = simulate(GAME, ["two", "one"], games=1, seed=4)
    cards = GAME.new(2, {}, 4).secrets
    assert report.as_json()["mean_scores"] == [cards[0] + 10, cards[1]]
    assert report.win_rate(0)[0] == 1.0



class Counted(StepRace):
    """The race whose games tally how many steps of 2 were made and whether the first
    seat won (`Game.tallies`)."""

    id = "counted-race"

    def tallies(self, moves, final):
        twos = sum(1 for _, _, action in moves if action == Step(2))
        return {"steps of two": float(twos), "first seat won": float(0 in self.result(final).winners)}


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_games_own_figures_are_gathered_with_their_intervals(monkeypatch, jobs):
    """Without rotation seat 1 ("two") always wins in 4 steps of two: a count of 4 in
    every game (no spread), and a rate of 1 with Wilson's interval over 3 games."""
    game = Counted()
    monkeypatch.setitem(registry._extra, game.id, game)
    report = simulate(game, ["two", "one"], games=3, seed=1, jobs=jobs, rotate=False)
    assert report.tallies == {"steps of two": [4.0] * 3, "first seat won": [1.0] * 3}
    assert report.tally("steps of two") == (4.0, 4.0, 4.0)
    assert report.tally("first seat won") == pytest.approx((1.0, *wilson_interval(3, 3)))
    assert report.as_json()["tallies"]["first seat won"] == [1.0, round(wilson_interval(3, 3)[0], 4), 1.0]
