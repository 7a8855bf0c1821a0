#!/usr/bin/env python3
"""An example program that plays one seat of any River TUI game through the line
protocol (docs/protocol.md). It reads JSON lines on stdin and answers each "turn"
with one line on stdout; it needs nothing but Python.

It plays a little better than at random: it prefers moves whose verb it has not
just played, and otherwise picks among the legal moves with a seeded random
generator. Run it through River TUI:

    river-tui play-seat flow --seat 1 --program "python3 examples/river_bot.py"

or let it start River TUI itself and talk over River TUI's stdin and stdout:

    python3 examples/river_bot.py --run river-tui play-seat flow --seat 2
"""

from __future__ import annotations

import json
import random
import subprocess
import sys


def choose(message: dict, rng: random.Random, last_verb: str | None) -> str:
    legal = message["legal"]
    fresh = [move for move in legal if move.split(" ", 1)[0] != last_verb]
    return rng.choice(fresh or legal)


def play(incoming, outgoing, seed: int = 1) -> dict | None:
    """Answer every turn until the game ends; returns the "end" message."""
    rng = random.Random(seed)
    last_verb = None
    for raw in incoming:
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "turn":
            move = choose(message, rng, last_verb)
            last_verb = move.split(" ", 1)[0]
            outgoing.write(json.dumps({"turn": message["turn"], "move": move}) + "\n")
            outgoing.flush()
        elif kind == "error":
            print(f"river_bot: {message['reason']}", file=sys.stderr)
        elif kind == "end":
            return message
    return None


def main(argv: list[str]) -> int:
    if argv[:1] == ["--run"]:
        river = subprocess.Popen(argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        end = play(river.stdout, river.stdin)
        river.stdin.close()
        river.wait()
        if end is not None:
            print(f"Scores {end['scores']}, winners {end['winners']}")
        return 0 if end is not None else 1
    play(sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
