"""Run every benchmark script in bench/ (make bench)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SKIP = {"run_all.py", "common.py"}
ALONE = {"against_openspiel.py", "levels_ladder.py"}
"""Hours of CPU at their default counts: run alone, in chunks of seeds (docs/benchmarks.md)."""


def main() -> int:
    failed = []
    for script in sorted(HERE.glob("*.py")):
        if script.name in SKIP or script.name.startswith("_"):
            continue
        if script.name in ALONE:
            print(f"== {script.name}: run it alone, in chunks (hours at its default count)", flush=True)
            continue
        print(f"== {script.name}", flush=True)
        if subprocess.run([sys.executable, str(script)]).returncode != 0:
            failed.append(script.name)
    if failed:
        print(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
