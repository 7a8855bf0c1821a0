"""Riverside random-play throughput, side by side in the same run with OpenSpiel's
pure-Python tic-tac-toe. Goal (issue 46): at least 2.0x its actions/s,
with each seat's view on the path as a computer seat plays, solo, at 2 seats and
at 6 seats (every seat works through each simultaneous phase)."""

from __future__ import annotations

from common import compare_with_openspiel

GOAL = 2.0


def main() -> int:
    results = [compare_with_openspiel("riverside", seats, GOAL, seconds=3.0) for seats in (1, 2, 6)]
    return 0 if all(r["meets_goal"] for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
