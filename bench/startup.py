"""Cold start to the menu, against a bare Textual app started the same way.

Each sample is a fresh Python process that opens the app headless and exits when
its first screen is painted. Goal (issue 46): River TUI's median at most 1.2x the bare app's.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

from common import median, report

PROBE = str(Path(__file__).with_name("_start_probe.py"))
ROUNDS = 15
GOAL = 1.2


def one(kind: str) -> tuple[float, float]:
    """The wall-clock time of one start, and the CPU time it used (user and system):
    on a shared machine the CPU time moves less with the load."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, PROBE, kind], check=True, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> None:
    one("river"), one("bare")  # warm the file cache
    river, bare = [], []
    for _ in range(ROUNDS):
        river.append(one("river"))
        bare.append(one("bare"))
    ratio = median([wall for wall, _ in river]) / median([wall for wall, _ in bare])
    report(
        "cold start to the menu",
        river_tui_median_ms=round(median([wall for wall, _ in river]) * 1000),
        bare_textual_median_ms=round(median([wall for wall, _ in bare]) * 1000),
        ratio=round(ratio, 2),
        river_tui_cpu_median_ms=round(median([cpu for _, cpu in river]) * 1000),
        bare_textual_cpu_median_ms=round(median([cpu for _, cpu in bare]) * 1000),
        cpu_ratio=round(median([cpu for _, cpu in river]) / median([cpu for _, cpu in bare]), 2),
        goal=GOAL,
        meets_goal=ratio <= GOAL,
    )


if __name__ == "__main__":
    main()
