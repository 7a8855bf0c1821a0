"""We All Take's "since your last turn": over the side, never over the map it tells
about, at 80x24 and 120x40 (that it says everything and scrolls:
tests/rules/test_changes.py, tests/widgets/test_since_last_turn.py)."""

from __future__ import annotations

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.play.table import Seat, Table
from river_tui.widgets.we_all_take.hex_map import HexMap

from support.offers import answer_offer_later
from support.recap import recap_shown
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


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_summary_leaves_the_map_in_sight(size):
    app = RiverApp(Table.create("we-all-take", SEATS, {}, 5, autosave=False), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await until_a_summary_of_the_others(pilot)
        assert recap_shown(app)
        box, _ = app.screen.since.drawn(app.size)
        hex_map = app.screen.query_one(HexMap)
        assert not box.overlaps(hex_map.region), (box, hex_map.region)
        shown = on_screen(app, box)
        assert shown[0].startswith("╭") and shown[-1].endswith("╯")


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
