"""Records and Load a save with the largest files River TUI reads: first frame and key answer.

Each screen is opened in a fresh process (a headless app, `App.run_test`, 80x24)
in a data folder holding:

- records: the ``records.json`` of the most names the caps allow: up to 8 MB
  (the size cap) of valid records, names of eight characters each with an empty
  record (the least text a name may take), 10,000 names (the count cap) in each
  of as many game ids as fit;
- saves: 2,000 saves (one of them at the size cap, 1 MiB) in the saves folder:
  the number of saves has no cap, so this stands for a folder kept for years.

The figures, in seconds: ``first_frame``, from pushing the screen to its first
frame drawn (the app idle after it); ``filled``, until its table holds its rows;
``key_during_fill``, from a key pressed while the rows are still being worked
out (``down``) to the app answering it; ``key_after``, the same on the full table
(``down`` moves the cursor or scrolls, whichever has the focus); ``back``, from ``escape`` to the menu
shown again. Goal: first frame and every key under 0.5 s.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from common import report

from river_tui.records.schema import MAX_FILE_BYTES, MAX_NAMES
from river_tui.saves.format import MAX_FILE_BYTES as MAX_SAVE_BYTES
from river_tui.saves.format import dumps
from river_tui.play.table import Seat, Table

GOAL = 0.5
SAVES = 2000

MEASURE = """
import asyncio, json, sys, time
from textual import events
from river_tui.app.river_app import RiverApp

which = sys.argv[1]


async def until(condition, what):
    started = time.perf_counter()
    while not condition():
        if time.perf_counter() - started > 120:
            raise SystemExit(f"{which}: waited 120 s for {what}")
        await asyncio.sleep(0.001)


async def drawn(app):
    done = asyncio.get_running_loop().create_future()
    app.call_after_refresh(lambda: done.done() or done.set_result(None))
    await done


async def opened(app, Shown):
    started = time.perf_counter()
    screen = Shown()
    await app.push_screen(screen)
    await drawn(app)
    return screen, time.perf_counter() - started


async def answer(app, key, answered):
    pressed = time.perf_counter()
    app.post_message(events.Key(key, None))
    await until(answered, f"{key} to be answered")
    await drawn(app)
    return time.perf_counter() - pressed


async def main():
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen
        if which == "records":
            from river_tui.screens.records import RecordsScreen as Shown
        else:
            from river_tui.screens.load import LoadScreen as Shown
        screen, first = await opened(app, Shown)
        during = await answer(app, "escape", lambda: app.screen is menu)
        screen, first_again = await opened(app, Shown)
        started = time.perf_counter()
        await until(lambda: getattr(screen, "filled", True), "the rows")
        filled = time.perf_counter() - started + first_again
        focused = app.focused
        where = lambda: (getattr(focused, "cursor_row", None), focused.scroll_y)
        before = where()
        after = await answer(app, "down", lambda: where() != before)
        rows = screen.query_one("DataTable").row_count
        back = await answer(app, "escape", lambda: app.screen is menu)
        print(json.dumps({"first_frame": first, "key_during_fill": during, "first_frame_again": first_again,
                          "filled": filled, "key_after": after, "back": back, "rows": rows}))

asyncio.run(main())
"""


def largest_records(folder: Path, most: int) -> int:
    """Write the records.json of the most names within the caps (at most ``most``);
    how many names it holds."""
    tally = {}  # a record of no games: the least text a name's record may take
    games, names, size = {}, 0, 100
    per_name = len(json.dumps({"n0000000": tally}, separators=(",", ":")))  # its text and a comma
    while size + per_name * MAX_NAMES < MAX_FILE_BYTES and names < most:
        count = min(MAX_NAMES, most - names)
        games[f"game-{len(games):02d}"] = {f"n{i:07d}": tally for i in range(count)}
        names += count
        size += per_name * count
    raw = json.dumps({"version": 1, "games": games, "counted": []}, separators=(",", ":")).encode()
    assert len(raw) <= MAX_FILE_BYTES, len(raw)
    (folder / "records.json").write_bytes(raw)
    return names


def many_saves(folder: Path) -> None:
    saves = folder / "saves"
    saves.mkdir()
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=1, autosave=False)
    raw = dumps(table.save_data())
    for n in range(SAVES - 1):
        (saves / f"glassworks-{n:05d}.rtsave").write_bytes(raw)
    data = table.save_data()
    data.log = [(0, ["Pass", "x" * 88])] * ((MAX_SAVE_BYTES - 1000) // 98)
    (saves / "glassworks-big.rtsave").write_bytes(dumps(data))


def measure(which: str, home: Path) -> dict:
    env = dict(os.environ, RIVER_TUI_HOME=str(home))
    done = subprocess.run([sys.executable, "-c", MEASURE, which], env=env, capture_output=True, text=True, timeout=600)
    if done.returncode:
        raise SystemExit(f"measuring {which} failed:\n{done.stderr[-6000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    most = int(sys.argv[1]) if len(sys.argv) > 1 else 10**9  # fewer names: the code before took minutes
    home = Path(tempfile.mkdtemp(prefix="river-bench-screens-"))
    names = largest_records(home, most)
    many_saves(home)
    ok = True
    for which, what in (("records", f"Records, {names:,} names in {(home / 'records.json').stat().st_size / 2**20:.1f} MB"), ("load", f"Load a save, {SAVES:,} saves")):
        figures = {key: round(value, 3) if isinstance(value, float) else value for key, value in measure(which, home).items()}
        met = all(figures[key] < GOAL for key in ("first_frame", "key_during_fill", "first_frame_again", "key_after", "back"))
        report(what, **figures, goal=f"first frame and keys < {GOAL} s", met=met)
        ok = ok and met
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
