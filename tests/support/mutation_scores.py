"""Mutation scores per file, from what `make mutate` (mutmut) left in mutants/.

Usage: .venv/bin/python tests/support/mutation_scores.py [--survivors PATH_PART]

For each mutated file: how many mutants, how many the tests killed (a timeout
counts as killed: the mutant made the tests hang), how many survived, how many
no test reached, how many are not checked yet, and the score: killed over
checked. ``--survivors table`` lists the surviving mutants of the files whose
path contains "table" (see them with `.venv/bin/mutmut show NAME`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from mutmut.stats import status_by_exit_code

MUTANTS = Path("mutants")


def statuses(meta: Path) -> dict[str, str]:
    """Each mutant of one file with mutmut's word for what became of it."""
    codes = json.loads(meta.read_text())["exit_code_by_key"]
    return {name: status_by_exit_code[code] for name, code in codes.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--survivors", metavar="PATH_PART", help="list the survivors of these files")
    args = parser.parse_args()
    metas = sorted(MUTANTS.rglob("*.py.meta"))
    if not metas:
        print("No mutants yet: run `make mutate` first.", file=sys.stderr)
        return 1
    print(f"{'file':42} {'mutants':>7} {'killed':>6} {'survived':>8} {'no test':>7} {'unchecked':>9} {'score':>6}")
    for meta in metas:
        found = statuses(meta)
        if not found:
            continue
        count = Counter(found.values())
        killed = count["killed"] + count["timeout"]
        checked = killed + count["survived"] + count["no tests"] + count["suspicious"] + count["segfault"]
        score = f"{100 * killed / checked:.1f}%" if checked else "-"
        name = str(meta.relative_to(MUTANTS)).removesuffix(".meta")
        print(f"{name:42} {len(found):7} {killed:6} {count['survived']:8} {count['no tests']:7} "
              f"{count['not checked']:9} {score:>6}")
        if args.survivors and args.survivors in name:
            for mutant, status in found.items():
                if status in ("survived", "no tests", "suspicious"):
                    print(f"    {status:9} {mutant}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
