"""We All Take's "since your last turn": over the side, never over the map it tells
about, at 120x40; at 80x24, where the side is too narrow to read it in, across the
screen's lower rows, short, its lines whole (that it says everything and scrolls:
tests/rules/test_changes.py, tests/widgets/test_since_last_turn.py)."""

from __future__ import annotations

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.play.table import Seat, Table
from river_tui.widgets.we_all_take.hex_map import HexMap

from support.offers import answer_offer_later
from support.recap import recap_shown, recap_text
from support.screen_text import on_screen
from support.waiting import workers_done

SEATS = [Seat("Ann"), Seat("Computer 1", "greedy"), Seat("Computer 2", "greedy")]


async def until_a_summary_of_the_others(pilot) -> None:
    """Ann plays the first thing listed until her turn comes after the others' moves."""
    app = pilot.app
    for _ in range(40):
        await workers_done(app, pilot)
        if recap_shown(app) and app.screen.recent.others:
            return
        if await answer_offer_later(pilot):
            continue
        if recap_shown(app):
            await pilot.press("space")
        app.screen.play(app.screen.legal_actions()[0])


async def test_the_summary_leaves_the_map_in_sight():
    app = RiverApp(Table.create("we-all-take", SEATS, {}, 5, autosave=False), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until_a_summary_of_the_others(pilot)
        assert recap_shown(app)
        box, _ = app.screen.since.drawn(app.size)
        hex_map = app.screen.query_one(HexMap)
        assert not box.overlaps(hex_map.region), (box, hex_map.region)
        shown = on_screen(app, box)
        assert shown[0].startswith("╭") and shown[-1].endswith("╯")


async def test_at_80x24_the_summary_after_a_round_reads_across_the_screen_in_few_rows():
    """After the computers' first full round (the third summary Ann is shown), the box
    is nearly the screen's width and at most 15 rows tall (it was the side's 25 columns
    and 21 rows, three to five words a line); the title, the last move and the map's
    first river row stay in sight; scrolled through, its lines say every word whole."""
    app = RiverApp(Table.create("we-all-take", SEATS, {}, 5, autosave=False), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            if recap_shown(app):
                await pilot.press("space")
            await until_a_summary_of_the_others(pilot)
        box, _ = app.screen.since.drawn(app.size)
        assert box.width >= 70 and box.height <= 15, box
        hex_map = app.screen.query_one(HexMap).region
        assert box.y >= hex_map.y + 3, (box, hex_map)  # the map's first row of hexes in sight
        since, rows, text = app.screen.since, {}, recap_text(app)
        while True:  # ↓ to the end, each row of words kept by its line
            top = since.top
            for line, row in enumerate(on_screen(app, since.drawn(app.size)[0])[1:-1], top):
                rows[line] = row[2:-2].strip()
            await pilot.press("down")
            if since.top == top:
                break
        words = " ".join(rows[line] for line in sorted(rows)).split()
        assert words == text.split(), words


async def test_the_summary_says_what_the_others_did_before_what_the_river_did():
    """The turn-by-turn water comes last: at 80x24 it took the box's first twenty lines,
    and what the other players built, offered and voted came after it."""
    app = RiverApp(Table.create("we-all-take", SEATS, {}, 5, autosave=False), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_a_summary_of_the_others(pilot)
        headings = [line.partition(":")[0] for line in app.screen.recent.summary]
        assert "Built and moved" in headings and "Water and floods" in headings, headings
        assert headings.index("Built and moved") < headings.index("Water and floods")
        assert headings[-1] == "Water and floods"
