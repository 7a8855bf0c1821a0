"""We All Take from the River: moving the cursor over the hex map and choosing an
action, driven by Pilot, against the same keys in a Textual DataTable with as many
cells, in the same run. Goal: the map takes at most 1.0x the DataTable's time.

The map is the whole game screen at 120x40 (map, hex detail, legend, river,
players, role, choices, log, footer). A round is a tour of the map with the arrow
keys and Enter on a hex: the screen chooses the first thing the seat may do there
(highlighted in the list, its hexes marked, its cost and effect previewed by the
engine). The DataTable gets the same keys on a 5x5 grid: the map's 25 places, 19
of them hexes, the 6 missing half tiles blank; Enter selects a cell.

Also reported: the CPU time of this process per key (Pilot's own waits for the
screen to go idle dominate the wall clock), and, without a goal, doing the chosen action (Enter again: the engine
applies it, the table autosaves, every panel redraws) and taking it back (u),
against the same two keys on the DataTable.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual.app import App, ComposeResult  # noqa: E402
from textual.widgets import DataTable  # noqa: E402

from river_tui.app.river_app import RiverApp  # noqa: E402
from river_tui.rules.we_all_take.actions import PlaceCamp  # noqa: E402
from river_tui.rules.we_all_take.components import TILE_BY_CODE, TILES  # noqa: E402
from river_tui.play.table import Seat, Table  # noqa: E402
from river_tui.widgets.we_all_take.hex_map import GRID  # noqa: E402

GOAL = 1.0
SIZE = (120, 40)
TOUR = ["right", "right", "right", "down", "left", "left", "left", "down", "right", "right", "right", "down",
        "left", "left", "left", "down", "right", "right", "up", "up", "up", "up", "left", "left"]
"""A walk over every row and column that ends where it began (W1)."""
CHOOSE = [*TOUR, "enter"]
ACT = ["enter", "u"]
ROUNDS = 8


class GridApp(App[None]):
    """The yardstick: a DataTable with the map's places as cells."""

    def compose(self) -> ComposeResult:
        yield DataTable(cursor_type="cell")

    def on_mount(self) -> None:
        grid = self.query_one(DataTable)
        grid.add_columns(*(f"col {c}" for c in range(5)))
        for row in GRID:
            grid.add_row(*(TILES[t].label if t is not None else "" for t in row))
        grid.move_cursor(row=0, column=1)
        grid.focus()


def game_table() -> Table:
    """Three human seats with their camps placed; Red (on W1) is to act."""
    table = Table.create("we-all-take", [Seat(n) for n in ("Ann", "Bob", "Cy")], {}, seed=3)
    for seat, (code, colour) in enumerate((("W1", "Red"), ("E2", "Orange"), ("W3", "Yellow"))):
        table.apply(seat, PlaceCamp(TILE_BY_CODE[code], colour))
    return table


async def timed_rounds(app: App, check=None, prepare=None) -> tuple[list[float], list[float], list[float]]:
    """Seconds per round of CHOOSE (wall clock and this process's CPU), then of ACT."""
    choose, choose_cpu, act = [], [], []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if prepare is not None:
            await prepare(pilot, app)
        for _ in range(ROUNDS):
            started, cpu = time.perf_counter(), time.process_time()
            await pilot.press(*CHOOSE)
            await pilot.pause()
            choose.append(time.perf_counter() - started)
            choose_cpu.append(time.process_time() - cpu)
            started = time.perf_counter()
            await pilot.press(*ACT)
            await pilot.pause()
            act.append(time.perf_counter() - started)
            if check is not None:
                check(app)
    return choose, choose_cpu, act


async def on_the_map(pilot, app: RiverApp) -> None:
    """Ann at the keyboard, as a person would start: Enter on the hand-over screen
    (the seats' roles are secret), Escape on "since your last turn", then the map
    takes the keys."""
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("escape")
    await pilot.pause()
    screen = app.screen_stack[-1]
    assert type(screen).__name__ == "WeAllTakeScreen", f"the game screen should be up, not {screen}"
    screen.query_one("HexMap").focus()
    await pilot.pause()


def map_played_and_took_back(app: RiverApp) -> None:
    screen = app.screen_stack[-1]
    assert len(screen.table.log) == 3, "the harvest should have been played and taken back"
    assert screen.query_one("HexMap").cursor == TILE_BY_CODE["W1"]


def per_key_ms(times: list[float], keys: list[str]) -> float:
    """The median round after the first (which warms caches up), per key."""
    return 1000 * statistics.median(times[1:]) / len(keys)


async def measure() -> dict:
    map_choose, map_cpu, map_act = await timed_rounds(
        RiverApp(game_table(), bot_delay=0), map_played_and_took_back, on_the_map
    )
    grid_choose, grid_cpu, grid_act = await timed_rounds(GridApp())
    choose = per_key_ms(map_choose, CHOOSE), per_key_ms(grid_choose, CHOOSE)
    act = per_key_ms(map_act, ACT), per_key_ms(grid_act, ACT)
    ratio = choose[0] / choose[1]
    return {
        "keys_per_round": len(CHOOSE),
        "rounds": ROUNDS,
        "hex_map_ms_per_key": round(choose[0], 2),
        "datatable_ms_per_key": round(choose[1], 2),
        "ratio": round(ratio, 3),
        "goal": GOAL,
        "meets_goal": ratio <= GOAL,
        "hex_map_cpu_ms_per_key": round(per_key_ms(map_cpu, CHOOSE), 2),
        "datatable_cpu_ms_per_key": round(per_key_ms(grid_cpu, CHOOSE), 2),
        "act_and_undo_ms_per_key": round(act[0], 2),
        "datatable_enter_u_ms_per_key": round(act[1], 2),
        "act_ratio": round(act[0] / act[1], 3),
    }


def main() -> int:
    os.environ.setdefault("RIVER_TUI_HOME", tempfile.mkdtemp(prefix="river-bench-"))
    result = asyncio.run(measure())
    print(json.dumps({"bench": "we_all_take_cursor", **result}))
    return 0 if result["meets_goal"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
