"""Computer-only games, for `river-tui simulate` and the benchmarks."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from .rules.bots import bot_catalogue
from .rules.core import Game


@dataclass
class SimulationReport:
    game: str
    seats: int
    bots: list[str]
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: list[float] = field(default_factory=list)  # per seat; a shared win counts 1/k
    score_totals: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    notes: dict[str, int] = field(default_factory=dict)

    def as_json(self) -> dict:
        seconds = self.seconds or 1e-9
        return {
            "game": self.game,
            "seats": self.seats,
            "bots": self.bots,
            "games": self.games,
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "games_per_s": round(self.games / seconds, 2),
            "actions_per_s": round(self.actions / seconds, 1),
            "mean_scores": [round(t / max(1, self.games), 2) for t in self.score_totals],
            "wins": self.wins,
            "notes": self.notes,
            "errors": self.errors,
        }


def play_one(game: Game, bots: list, seed: int, variant: str | None = None, max_actions: int = 200_000):
    """Play one computer-only game; returns (final state, number of actions)."""
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
        state = game.apply(state, seat, action)
        actions += 1
        if actions > max_actions:
            raise RuntimeError(f"the game did not end within {max_actions} actions")


def simulate(game: Game, bot_names: list[str], games: int, seed: int, variant: str | None = None) -> SimulationReport:
    catalogue = bot_catalogue(game)
    bots = [catalogue[name] for name in bot_names]
    report = SimulationReport(game.id, len(bots), bot_names, wins=[0.0] * len(bots), score_totals=[0] * len(bots))
    started = time.perf_counter()
    for number in range(games):
        try:
            state, actions = play_one(game, bots, seed + number, variant)
        except Exception as err:  # a rules bug: count it, report it, go on
            report.errors.append(f"game {number} (seed {seed + number}): {type(err).__name__}: {err}")
            continue
        result = game.result(state)
        report.games += 1
        report.actions += actions
        for seat, score in enumerate(result.scores):
            report.score_totals[seat] += score
        for seat in result.winners:
            report.wins[seat] += 1 / len(result.winners)
        for note in result.notes:
            report.notes[note] = report.notes.get(note, 0) + 1
    report.seconds = time.perf_counter() - started
    return report
