"""The help screen at 80x24: keys and costs stay on one line, the text scrolls by key."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual import events
from textual.containers import VerticalScroll

from river_tui.app.river_app import RiverApp
from river_tui.screens.help import HelpScreen, KeysTable
from support.waiting import wait_until


@pytest.mark.parametrize("game_id", [None, "glassworks", "riverside", "flow", "we-all-take"])
async def test_every_column_but_the_last_keeps_its_words_on_one_line(game_id):
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HelpScreen(game_id))
        await pilot.pause()
        tables = list(app.screen.query(KeysTable))
        assert tables, "the help has tables"
        for table in tables:
            columns = len(table._headers)
            cells = [cell for cell in table.query(".cell")]
            for index, cell in enumerate(cells):
                if index % columns == columns - 1:
                    continue  # the last column wraps
                text = str(cell.tooltip)
                assert cell_len(text) <= cell.content_region.width, f"{text!r} wraps in {game_id}'s help"


async def test_the_help_scrolls_by_keyboard():
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HelpScreen("we-all-take"))
        await pilot.pause()
        scroll = app.screen.query_one(VerticalScroll)
        assert app.focused is scroll
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y > 0
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


@pytest.mark.parametrize("key, lines", [("down", 1), ("pagedown", None)])
async def test_every_press_of_a_quick_burst_scrolls_the_help(key, lines):
    """Five presses arriving at once (a held key, a quick hand) scroll five times
    as far as one."""
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HelpScreen("we-all-take"))
        await pilot.pause()
        scroll = app.screen.query_one(VerticalScroll)
        step = lines or scroll.scrollable_content_region.height
        for _ in range(5):
            app.post_message(events.Key(key, None))
        await wait_until(lambda: scroll.scroll_y >= 5 * step, f"five {key} presses to scroll {5 * step} lines",
                         seen=lambda: scroll.scroll_y, pause=lambda: pilot.pause(0.05))
