"""Cold start to the menu, against a bare Textual app started the same way.

Each sample is a fresh Python process that opens the app headless and exits when
its first screen is painted. Goal (issue 46): River TUI's median at most 1.2x the bare app's.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from common import median, report

PROBE = str(Path(__file__).with_name("_start_probe.py"))
ROUNDS = 15
GOAL = 1.2


def one(kind: str) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, PROBE, kind], check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    one("river"), one("bare")  # warm the file cache
    river, bare = [], []
    for _ in range(ROUNDS):
        river.append(one("river"))
        bare.append(one("bare"))
    ratio = median(river) / median(bare)
    report(
        "cold start to the menu",
        river_tui_median_ms=round(median(river) * 1000),
        bare_textual_median_ms=round(median(bare) * 1000),
        ratio=round(ratio, 2),
        goal=GOAL,
        meets_goal=ratio <= GOAL,
    )


if __name__ == "__main__":
    main()
