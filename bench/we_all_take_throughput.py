"""We All Take from the River random-play throughput, side by side in the same run
with OpenSpiel's pure-Python tic-tac-toe. Goal (issue 46): at least 1.0x its actions/s,
with each seat's view on the path as a computer seat plays, at 1 seat
(the most automatic steps per action), 3 seats and 5 seats (the most structures)."""

from __future__ import annotations

from common import compare_with_openspiel

GOAL = 1.0


def main() -> int:
    results = [compare_with_openspiel("we-all-take", seats, GOAL, seconds=3.0) for seats in (1, 3, 5)]
    return 0 if all(r["meets_goal"] for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
