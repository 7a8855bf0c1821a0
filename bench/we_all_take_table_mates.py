"""How computer seats get on at a We All Take table: the shared city, the river, every
seat's objectives, and how often they make offers.

    nice .venv/bin/python bench/we_all_take_table_mates.py --players 3 --bot normal --games 10

Plays computer-only games the way `river-tui simulate we-all-take` does (seeds
``seed``, ``seed + 1``, ...; one process) and reports, with 95% Wilson intervals:
the games whose city was completed (and met Development: not flooded in the last
season), whose ecosystem was destroyed, and in which every seat met at least one
objective (none does when the ecosystem is destroyed: "All players lose"); and the
offers (gifts included) each seat made per season, those made on the map (during
the turns) and those accepted; per game, the offers a seat made
again that their receiver had declined while nothing changed its value for them, and
the policies proposed; and per role, the seats that met
none of their objectives and each objective's failures. ``--out FILE`` keeps one JSON
line per game, written as each game ends; ``--summarize FILE...`` reports on such files
(the games a run stopped early had finished). ``--iterations N`` makes the search levels
think for exactly N iterations a decision instead of their CPU time (normal buys some 500):
a game that can be played again move for move, to find the position behind a figure.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from river_tui.rules.bots import bot_catalogue
from river_tui.rules.bots.hints import hints_for
from river_tui.rules.bots.levels import searcher
from river_tui.rules.core import Bot
from river_tui.rules.registry import get_game
from river_tui.rules.we_all_take.actions import Accept, Offer
from river_tui.rules.we_all_take.state import ACTIONS
from river_tui.rules.we_all_take.components import ALL_ROLES, FISH, GOLD, OBJECTIVES
from river_tui.rules.we_all_take.scoring import judge
from river_tui.rules.we_all_take.river import pollution_on_map
from river_tui.rules.we_all_take.state import OVER
from river_tui.rules.we_all_take.tallies import DECLINED_OFFERS_REPEATED, POLICIES_PROPOSED, WINS_THROWN_AWAY
from river_tui.play.simulate import wilson_interval


def play(game, bots, seed: int) -> dict:
    """One game; what the report counts."""
    state = game.new(len(bots), {"variant": game.default_variant(len(bots))}, seed)
    rng = random.Random(seed)
    offers = gifts = pollution_offers = on_the_map = accepted = 0
    actions = 0
    moves = []
    while game.to_act(state):
        seat = min(game.to_act(state))
        action = bots[seat].choose(game, game.view(state, seat), seat, rng)
        moves.append((state, seat, action))
        if isinstance(action, Offer):
            offers += 1
            gifts += not any(action.get)
            pollution_offers += action.give[3] > 0
            on_the_map += state.phase == ACTIONS
        accepted += isinstance(action, Accept)
        state = game.apply(state, seat, action)
        actions += 1
    assert state.phase == OVER
    judged = judge(state)
    tallies = game.tallies(moves, state)
    return {
        "seed": seed,
        "actions": actions,
        "seasons": state.season,
        "city_placed": state.city >= 0,
        "site": list(state.site),
        "city_complete": state.city_complete,
        "development_met": state.city_complete and state.city_flooded_in != state.last_season,
        "destroyed": state.destroyed,
        "every_seat_met_one": not state.destroyed and all(any(j.met for j in seat) for seat in judged),
        "winners": 0 if state.destroyed else sum(all(j.met for j in seat) for seat in judged),
        "offers": offers,
        "gifts": gifts,
        "pollution_offers": pollution_offers,
        "offers_on_the_map": on_the_map,
        "accepted": accepted,
        "pollution_left": pollution_on_map(state),
        "wins_thrown_away": tallies[WINS_THROWN_AWAY],
        "declined_offers_repeated": tallies[DECLINED_OFFERS_REPEATED],
        "policies_proposed": tallies[POLICIES_PROPOSED],
        # Each seat's role and, objective by objective, whether it was met (Charity too).
        "seats_judged": [
            {
                "role": ALL_ROLES[state.roles[seat]].name,
                "met": {OBJECTIVES[j.objective]: j.met for j in judged[seat]},
                "fish": state.stock[seat][FISH],
                "gold": state.stock[seat][GOLD],
            }
            for seat in range(state.seats)
        ],
    }


def rate(label: str, hits: int, games: int) -> str:
    low, high = wilson_interval(hits, games)
    return f"{label}: {hits}/{games} = {hits / games:.0%} (95% CI {low:.0%}-{high:.0%})"


def per_game(label: str, counts: list[float]) -> str:
    """The mean count a game with its 95% interval (normal approximation)."""
    n = len(counts)
    mean = sum(counts) / n
    spread = (sum((c - mean) ** 2 for c in counts) / max(n - 1, 1)) ** 0.5
    half = 1.96 * spread / n**0.5
    return f"{label} per game: {mean:.2f} (95% CI {max(0.0, mean - half):.2f}-{mean + half:.2f}, {n} games)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bot", default="normal")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out")
    parser.add_argument("--summarize", metavar="FILE", nargs="+")
    parser.add_argument("--iterations", type=int, help="search levels: exactly this many iterations a decision")
    args = parser.parse_args()
    if args.summarize:
        summarize(args.summarize)
        return
    game = get_game("we-all-take")
    bots = [counted(game, args.bot, args.iterations) if args.iterations else bot_catalogue(game)[args.bot]] * args.players
    games = []
    started = time.perf_counter()
    for number in range(args.games):
        outcome = play(game, bots, args.seed + number)
        games.append(outcome)
        if args.out:
            with open(args.out, "a") as out:
                out.write(json.dumps(outcome) + "\n")
    report(games, args.players, f"bot {args.bot}, {time.perf_counter() - started:.0f} s")


def counted(game, level: str, iterations: int) -> Bot:
    """The search ``level`` thinking for exactly ``iterations`` a decision (repeatable)."""
    hints = hints_for(game).for_level(level)

    def choose(game, view, seat, rng):
        return searcher(game, hints, seat, rng).choose(view, 0.0, iterations=iterations)

    return Bot(f"{level}@{iterations}", choose)


def summarize(paths: list[str]) -> None:
    """One report on the games of several ``--out`` files (the seats counted from them)."""
    games = []
    for path in paths:
        with open(path) as lines:
            games += [json.loads(line) for line in lines]
    tables = {len(g["seats_judged"]) for g in games}
    if len(tables) > 1:
        raise SystemExit(f"These files mix tables of {sorted(tables)} seats: summarize each size on its own.")
    report(games, tables.pop() if tables else 0, f"from {len(paths)} file(s)")


def report(games: list[dict], players: int, how: str) -> None:
    n = len(games)
    print(f"{n} games, {players} seats, {how}")
    if not n:
        return
    seat_seasons = sum(g["seasons"] for g in games) * players
    print(rate("city completed", sum(g["city_complete"] for g in games), n))
    print(rate("Development met (city complete, not flooded in the last season)", sum(g["development_met"] for g in games), n))
    print(rate("ecosystem destroyed", sum(g["destroyed"] for g in games), n))
    print(rate("every seat met at least one objective", sum(g["every_seat_met_one"] for g in games), n))
    print(rate("at least one winner", sum(g["winners"] > 0 for g in games), n))
    print(f"{WINS_THROWN_AWAY}: {sum(g.get('wins_thrown_away', 0) for g in games):.0f} in {n} games")
    for key, label in (("declined_offers_repeated", DECLINED_OFFERS_REPEATED), ("policies_proposed", POLICIES_PROPOSED)):
        counted = [g[key] for g in games if key in g]
        if counted:
            print(per_game(label, counted))
    print(
        f"offers per seat per season: {sum(g['offers'] for g in games) / seat_seasons:.2f} "
        f"(gifts {sum(g['gifts'] for g in games) / seat_seasons:.2f}, "
        f"offering pollution {sum(g['pollution_offers'] for g in games) / seat_seasons:.2f}, "
        f"on the map {sum(g.get('offers_on_the_map', 0) for g in games) / seat_seasons:.2f}; "
        f"accepted {sum(g.get('accepted', 0) for g in games) / seat_seasons:.2f})"
    )
    report_roles([g for g in games if "seats_judged" in g])


def report_roles(games: list[dict]) -> None:
    """Per role: seats dealt it, seats that met none of its objectives, and each
    objective's failures (where the "every seat met one" goal is lost)."""
    dealt: dict[str, int] = {}
    none_met: dict[str, int] = {}
    failed: dict[tuple[str, str], int] = {}
    for g in games:
        for seat in g["seats_judged"]:
            role = seat["role"]
            dealt[role] = dealt.get(role, 0) + 1
            none_met[role] = none_met.get(role, 0) + (not any(seat["met"].values()) or g["destroyed"])
            for objective, met in seat["met"].items():
                failed[role, objective] = failed.get((role, objective), 0) + (not met)
    if dealt:
        print("per role: seats dealt, seats meeting no objective, failures per objective")
    for role in sorted(dealt):
        objectives = ", ".join(f"{o} failed {n}" for (r, o), n in failed.items() if r == role)
        print(f"  {role}: {dealt[role]} dealt, {none_met[role]} met none; {objectives}")


if __name__ == "__main__":
    main()
