"""Whether a change to We All Take's rules left every game as it was: fingerprints of
a fixed set of seeded games, to compare before and after a speed-up (which must give
the same games move for move, and the computer seats the same decisions).

    nice .venv/bin/python bench/we_all_take_same_games.py

Random play (at every step the acting seat's view, its legal actions from that view,
one picked by a seeded RNG: the picks depend on the lists' order too), the greedy seats'
games, and the normal seat's search for a fixed number of iterations on fixed positions
(as `we_all_take_search_cost.py`). Each fingerprint covers every action of its games and
every final state's digest (`Game.digest`). Prints one JSON line; the figures recorded
in docs/benchmarks.md are what it must print again.
"""

from __future__ import annotations

import argparse
import hashlib
import random

from common import report
from we_all_take_search_cost import fixed_iterations, positions

from river_tui.rules.bots.hints import hints_for
from river_tui.rules.registry import get_game


def fingerprint(lines) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def played(game, seats: int, seed: int, choose) -> list[str]:
    """One game's actions, one line each, and its final state's digest."""
    state = game.new(seats, {"variant": game.default_variant(seats)}, seed)
    rng = random.Random(seed)
    lines = []
    while acting := game.to_act(state):
        seat = min(acting)
        action = choose(game, game.view(state, seat), seat, rng)
        lines.append(f"{seat} {action!r}")
        state = game.apply(state, seat, action)
    return [*lines, game.digest(state)]


def random_pick(game, view, seat, rng):
    return rng.choice(game.legal_actions(view, seat))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random-games", type=int, default=30, help="random games per seat count (1, 3, 5)")
    parser.add_argument("--greedy-games", type=int, default=4, help="greedy games per seat count (3, 5)")
    parser.add_argument("--positions", type=int, default=30, help="positions searched by the normal seat")
    parser.add_argument("--iterations", type=int, default=100)
    args = parser.parse_args()
    game = get_game("we-all-take")
    greedy = game.bots()["greedy"].choose
    figures = {}
    for seats in (1, 3, 5):
        games = [played(game, seats, seed, random_pick) for seed in range(1, args.random_games + 1)]
        figures[f"random_{seats}_seats"] = fingerprint(line for g in games for line in g)
        figures[f"random_{seats}_seats_actions"] = sum(len(g) - 1 for g in games)
    for seats in (3, 5):
        games = [played(game, seats, seed, greedy) for seed in range(1, args.greedy_games + 1)]
        figures[f"greedy_{seats}_seats"] = fingerprint(line for g in games for line in g)
    _, figures["normal_search_3_seats"] = fixed_iterations(
        game, hints_for(game), positions(game, 3, args.positions), args.iterations
    )
    report("we-all-take same games", **figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
