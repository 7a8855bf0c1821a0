"""Computer-only games, for `river-tui simulate` and the benchmarks.

When different bots are pitted against each other the seats rotate from game to
game (game n seats the lineup shifted by n), so each bot plays every seat equally
often and no bot profits from always moving first. Wins are counted per entry of
the lineup, with a 95% confidence interval.
"""

from __future__ import annotations

import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from ..rules.bots import bot_catalogue
from ..rules.core import Game

Z_95 = 1.959964


def wilson_interval(wins: float, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (a shared win counts 1/k)."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class GameOutcome:
    """One finished game, in lineup order (entry i of ``--bot``)."""

    actions: int
    scores: list[int]
    wins: list[float]  # a shared win counts 1/k
    notes: list[str]
    tallies: dict[str, float] = field(default_factory=dict)  # the game's own figures (`Game.tallies`)


@dataclass
class SimulationReport:
    game: str
    seats: int
    bots: list[str]
    rotate: bool = False
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: list[float] = field(default_factory=list)  # per lineup entry
    score_totals: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    notes: dict[str, int] = field(default_factory=dict)
    tallies: dict[str, list[float]] = field(default_factory=dict)  # per figure: each game's value

    def add(self, outcome: GameOutcome) -> None:
        self.games += 1
        self.actions += outcome.actions
        for entry in range(self.seats):
            self.score_totals[entry] += outcome.scores[entry]
            self.wins[entry] += outcome.wins[entry]
        for note in outcome.notes:
            self.notes[note] = self.notes.get(note, 0) + 1
        for name, value in outcome.tallies.items():
            self.tallies.setdefault(name, []).append(value)

    def tally(self, name: str) -> tuple[float, float, float]:
        """(mean per game, low, high) of a game's figure, the interval at 95%: Wilson's
        for a figure that is 1 or 0 in every game (a rate), else the normal one."""
        values = self.tallies.get(name, [])
        n = len(values)
        if n == 0:
            return 0.0, 0.0, 0.0
        mean = sum(values) / n
        if all(v in (0, 1) for v in values):
            low, high = wilson_interval(sum(values), n)
            return mean, low, high
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1))
        half = Z_95 * spread / math.sqrt(n)
        return mean, mean - half, mean + half

    def win_rate(self, entry: int) -> tuple[float, float, float]:
        """(rate, low, high) of lineup entry ``entry``, the interval at 95%."""
        low, high = wilson_interval(self.wins[entry], self.games)
        return self.wins[entry] / max(1, self.games), low, high

    def as_json(self) -> dict:
        seconds = self.seconds or 1e-9
        return {
            "game": self.game,
            "seats": self.seats,
            "bots": self.bots,
            "rotate": self.rotate,
            "games": self.games,
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "games_per_s": round(self.games / seconds, 2),
            "actions_per_s": round(self.actions / seconds, 1),
            "mean_scores": [round(t / max(1, self.games), 2) for t in self.score_totals],
            "wins": self.wins,
            "win_rates": [[round(x, 4) for x in self.win_rate(entry)] for entry in range(self.seats)],
            "notes": self.notes,
            "tallies": {name: [round(x, 4) for x in self.tally(name)] for name in sorted(self.tallies)},
            "errors": self.errors,
        }


def play_one(game: Game, bots: list, seed: int, variant: str | None = None, max_actions: int = 200_000,
             moves: list | None = None):
    """Play one computer-only game; returns (final state, number of actions). With
    ``moves``, each (position before, seat, action) is added to it."""
    state = game.new(len(bots), {"variant": variant or game.default_variant(len(bots))}, seed)
    rng = random.Random(seed)
    actions = 0
    while True:
        acting = game.to_act(state)
        if not acting:
            return state, actions
        seat = min(acting)
        view = game.view(state, seat)
        action = bots[seat].choose(game, view, seat, rng)
        if moves is not None:
            moves.append((state, seat, action))
        state = game.apply(state, seat, action)
        actions += 1
        if actions > max_actions:
            raise RuntimeError(f"the game did not end within {max_actions} actions")


def play_rotated(game: Game, bot_names: list[str], number: int, seed: int, variant: str | None, rotate: bool) -> GameOutcome:
    """Game ``number`` of a simulation; with ``rotate`` the lineup is shifted by
    ``number`` seats. The outcome is given back in lineup order."""
    catalogue = bot_catalogue(game)
    shift = number % len(bot_names) if rotate else 0
    entry_at_seat = [(seat - shift) % len(bot_names) for seat in range(len(bot_names))]
    bots = [catalogue[bot_names[entry]] for entry in entry_at_seat]
    moves: list = []
    state, actions = play_one(game, bots, seed + number, variant, moves=moves)
    result = game.result(state)
    scores = [0] * len(bot_names)
    wins = [0.0] * len(bot_names)
    for seat, entry in enumerate(entry_at_seat):
        scores[entry] = result.scores[seat]
        if seat in result.winners:
            wins[entry] = 1 / len(result.winners)
    return GameOutcome(actions, scores, wins, list(result.notes), game.tallies(moves, state))


def _play_in_worker(game_id: str, bot_names: list[str], number: int, seed: int, variant: str | None, rotate: bool):
    """One game in a worker process: the outcome, or the error's sentence."""
    from ..rules.registry import get_game

    try:
        return play_rotated(get_game(game_id), bot_names, number, seed, variant, rotate)
    except Exception as err:  # a rules bug: reported by the caller
        return f"{type(err).__name__}: {err}"


def simulate(
    game: Game,
    bot_names: list[str],
    games: int,
    seed: int,
    variant: str | None = None,
    jobs: int = 1,
    rotate: bool | None = None,
) -> SimulationReport:
    """Play ``games`` computer-only games, seeds ``seed``, ``seed + 1``, ...;
    ``jobs`` > 1 plays them in that many processes. Seats rotate when the lineup
    holds different bots, unless ``rotate`` says otherwise."""
    if rotate is None:
        rotate = len(set(bot_names)) > 1
    seats = len(bot_names)
    report = SimulationReport(game.id, seats, bot_names, rotate, wins=[0.0] * seats, score_totals=[0] * seats)
    started = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_play_in_worker, game.id, bot_names, n, seed, variant, rotate) for n in range(games)]
            outcomes = [future.result() for future in futures]
    else:
        outcomes = []
        for number in range(games):
            try:
                outcomes.append(play_rotated(game, bot_names, number, seed, variant, rotate))
            except Exception as err:  # a rules bug: count it, report it, go on
                outcomes.append(f"{type(err).__name__}: {err}")
    for number, outcome in enumerate(outcomes):
        if isinstance(outcome, str):
            report.errors.append(f"game {number} (seed {seed + number}): {outcome}")
        else:
            report.add(outcome)
    report.seconds = time.perf_counter() - started
    return report
