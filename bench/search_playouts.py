"""The search's speed per game: iterations (a determinization, the tree's walk and
one playout; for a game searched by policy rollouts, one determinization played
out after every move) per CPU second of the normal and hard levels, on positions
of greedy games at two seats (seeds 1 and 2, those with more than one legal move,
a fixed sample). Each position is searched for exactly ``--iterations`` (the same
work run after run: compare two versions of the code paired, minutes apart).

    nice .venv/bin/python bench/search_playouts.py --positions 8 --iterations 40
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from common import report

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from river_tui.rules.bots.hints import hints_for  # noqa: E402
from river_tui.rules.bots.levels import searcher  # noqa: E402
from river_tui.rules.registry import GAMES, get_game  # noqa: E402

SEATS = 2


def positions(game, count: int) -> list:
    """(view, seat) of greedy games where the seat to act has a choice."""
    greedy = game.bots()["greedy"]
    found = []
    for seed in (1, 2):
        state = game.new(SEATS, {"variant": game.default_variant(SEATS)}, seed)
        rng = random.Random(seed)
        while acting := game.to_act(state):
            seat = min(acting)
            view = game.view(state, seat)
            if len(game.legal_actions(view, seat)) > 1:
                found.append((view, seat))
            state = game.apply(state, seat, greedy.choose(game, view, seat, rng))
    random.Random(0).shuffle(found)
    return found[:count]


def iterations_per_s(game, level: str, sample: list, iterations: int) -> float:
    hints = hints_for(game).for_level(level)
    done = 0
    started = time.thread_time()
    for number, (view, seat) in enumerate(sample):
        search = searcher(game, hints, seat, random.Random(number))
        search.choose(view, 99.0, iterations=iterations)
        done += search.iterations
    return done / (time.thread_time() - started)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=[g.id for g in GAMES], help="default all")
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--iterations", type=int, default=40)
    args = parser.parse_args()
    for game_id in args.game or [g.id for g in GAMES]:
        game = get_game(game_id)
        sample = positions(game, args.positions)
        report(
            f"{game_id} search iterations per CPU second, {SEATS} seats",
            positions=len(sample),
            normal=round(iterations_per_s(game, "normal", sample, args.iterations)),
            hard=round(iterations_per_s(game, "hard", sample, args.iterations)),
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
