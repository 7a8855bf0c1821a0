"""Cold start to the menu, against a bare Textual app started the same way.

Each sample is a fresh Python process that opens the app headless and exits when
its first screen is painted. Goal (issue 46): River TUI's median at most 1.2x the bare app's.

Both start from bytecode, as on a player's machine after the first start: Textual's
was written when it was installed, and the warm-up start writes River TUI's. Where
the environment forbids writing it (``PYTHONDONTWRITEBYTECODE``, as on this project's
machine), each start would otherwise compile River TUI's own modules from source
(some 50 on the way to the menu) and the bare app's never.
"""

from __future__ import annotations

import os
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


def warm() -> None:
    """One start of each, to warm the file cache and write River TUI's bytecode."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    for kind in ("river", "bare"):
        subprocess.run([sys.executable, PROBE, kind], check=True, capture_output=True, env=env)


def main() -> None:
    warm()
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
