"""Listing a saves folder (`river-tui saves`, Continue, Load a save) with big files.

A list reads only each save's header (format 2 keeps it at the front of the
file), so its time and memory stay flat in the size of the saves. Each figure
comes from a fresh process that only lists (`store.list_saves`) and reports its
own time and peak resident memory (imports included):

- five 10 MB saves: beyond the size cap (`MAX_FILE_BYTES`; real saves are some
  10 KB), each listed as a row saying so, from its size alone;
- five saves at the cap, fully valid, in format 2 and in format 1 (whose header
  sits inside the one body: its moves are skipped, not built).

Goal: under 1 s and under 150 MB together, for each folder.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import msgpack
from common import report

from river_tui.saves.format import FORMAT_NAME, MAX_FILE_BYTES, dumps
from river_tui.saves.schema import HEADER_FIELDS
from river_tui.play.table import Seat, Table

SAVES = 5
GOAL_SECONDS, GOAL_MB = 1.0, 150

LISTER = """
import json, resource, sys, time
started = time.perf_counter()
from river_tui.saves import store
listed = store.list_saves()
seconds = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"seconds": seconds, "peak_mb": peak, "readable": sum(i.data is not None for i in listed),
                  "listed": len(listed)}))
"""


def big_save(size: int, version: int) -> bytes:
    """A save of about ``size`` bytes: a real header, and a log of moves 98 bytes each."""
    data = Table.create("glassworks", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=1, autosave=False).save_data()
    data.log = [(0, ["Pass", "x" * 88])] * ((size - 1000) // 98)
    return dumps(data) if version == 2 else format_1(data)


def format_1(data) -> bytes:
    """What River TUI wrote before format 2: the header inside the one checksummed body."""
    fields = {f: getattr(data, f) for f in HEADER_FIELDS}
    fields.update(seats=[[s.name, s.kind] for s in data.seats], log=[list(m) for m in data.log], digest=data.digest)
    body = msgpack.packb(fields, use_bin_type=True)
    return msgpack.packb({"format": FORMAT_NAME, "version": 1, "checksum": hashlib.sha256(body).hexdigest(),
                          "body": body}, use_bin_type=True)


def listing(raw: bytes) -> dict:
    home = Path(tempfile.mkdtemp(prefix="river-bench-list-"))
    (home / "saves").mkdir()
    for n in range(SAVES):
        (home / "saves" / f"glassworks-{n}.rtsave").write_bytes(raw)
    env = dict(os.environ, RIVER_TUI_HOME=str(home))
    done = subprocess.run([sys.executable, "-c", LISTER], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> int:
    ok = True
    for size, version, readable in ((10 * 10**6, 2, 0), (MAX_FILE_BYTES, 2, SAVES), (MAX_FILE_BYTES, 1, SAVES)):
        raw = big_save(size, version)
        figures = listing(raw)
        assert figures["readable"] == readable and figures["listed"] == SAVES, figures
        met = figures["seconds"] < GOAL_SECONDS and figures["peak_mb"] < GOAL_MB
        report(f"list {SAVES} saves of {len(raw) / 10**6:.1f} MB, format {version}"
               + ("" if readable else " (beyond the cap: listed as too large)"),
               seconds=round(figures["seconds"], 3), peak_mb=round(figures["peak_mb"], 1),
               goal=f"< {GOAL_SECONDS} s and < {GOAL_MB} MB", met=met)
        ok = ok and met
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
