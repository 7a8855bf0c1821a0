"""Flow: Untamed Rivers random-play throughput, side by side in the same run with
OpenSpiel's pure-Python tic-tac-toe. Goal (issue 46): at least 2.0x its actions/s,
with each seat's view on the path as a computer seat plays, at 2 seats
(strategy mode, the recommended two-player game) and 5 seats (the basic game, the
most territories to look for)."""

from __future__ import annotations

from common import compare_with_openspiel

GOAL = 2.0


def main() -> int:
    results = [
        compare_with_openspiel("flow", 2, GOAL, seconds=3.0, variant="strategy"),
        compare_with_openspiel("flow", 5, GOAL, seconds=3.0, variant="basic"),
    ]
    return 0 if all(r["meets_goal"] for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
