"""The difficulty levels keep their meaning: easy < normal < hard, per game.

Two seats, the two levels of a step (easy against normal, normal against hard)
rotating between them game by game (`simulate.play_rotated`), one game per seed
from ``--seed`` on. Goal (issue 46): the higher level wins at least 60% of the
games of a step; its 95% interval is reported beside the share (a victory shared
by k counts 1/k).

Each game is one JSON line (``--out FILE`` appends them), so a long count can be
played in chunks and pooled with ``--summarize FILE...``.

    nice .venv/bin/python bench/levels_ladder.py --game flow --matches 100 --out ladder.jsonl
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

from common import add_match_options, play_matches, pooled, report

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from river_tui.play.simulate import play_rotated, wilson_interval  # noqa: E402
from river_tui.rules.registry import GAMES, get_game  # noqa: E402

STEPS = (("easy", "normal"), ("normal", "hard"))
GOAL = 0.6


def play(game_id: str, step: tuple[str, str], seed: int) -> dict:
    """One game of the step's lower level (seat ``seed % 2`` first) against its higher."""
    outcome = play_rotated(get_game(game_id), list(step), seed, 0, None, rotate=True)
    return {"game": game_id, "lower": step[0], "higher": step[1], "seed": seed, "higher_share": outcome.wins[1]}


def summarize(lines: list[dict]) -> None:
    groups: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    for line in lines:
        groups[line["game"], line["lower"], line["higher"]].append(line["higher_share"])
    for (game_id, lower, higher), shares in sorted(groups.items()):
        low, high = wilson_interval(sum(shares), len(shares))
        report(
            f"{game_id}: {higher} against {lower}",
            games=len(shares),
            higher_share=round(sum(shares) / len(shares), 3),
            interval_95=[round(low, 3), round(high, 3)],
            goal=GOAL,
            meets_goal=sum(shares) / len(shares) >= GOAL,
            interval_above_half=low > 0.5,
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=[g.id for g in GAMES], help="a game (again for more; default all)")
    parser.add_argument("--step", action="append", choices=["easy-normal", "normal-hard"], help="default both")
    add_match_options(parser, "step")
    args = parser.parse_args()
    if args.summarize:
        summarize(pooled(args.summarize))
        return 0
    steps = [tuple(s.split("-")) for s in args.step] if args.step else list(STEPS)
    summarize(play_matches(args, [(game_id, step) for game_id in args.game or [g.id for g in GAMES] for step in steps], play))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
