"""A box over the board draws the board dimmed under it a line at a time
(`dimmed_lines`): the same cells as Textual's whole drawing; after a change under the
box only the lines that changed are drawn again (at a server table, every move), and
the box's own redraws draw none of the board again."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget

from river_tui.app.river_app import RiverApp
from river_tui.patches import dimmed_lines
from river_tui.play.table import Seat
from river_tui.screens.we_all_take.trade import TradeScreen
from river_tui.widgets.we_all_take.hex_map import HexMap
from support.recap import put_away_recaps
from support.waiting import wait_until

from screens.test_boxes_leave_the_board_in_sight import camps_placed

pytestmark = pytest.mark.patches  # checks a patch: skipped when they are off


def whole_frame(app) -> list:
    """The box's screen as a whole frame draws it, every line drawn again."""
    app.screen.refresh()
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return [list(line) for line in update.strips]


async def test_a_box_draws_the_board_under_it_as_textual_does_and_again_only_where_it_changed(monkeypatch):
    table = camps_placed([Seat("Ann"), Seat("Bo", "random"), Seat("Cy", "random")])
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await put_away_recaps(pilot)
        board = app.screen
        await pilot.press("t")
        await wait_until(lambda: isinstance(app.screen, TradeScreen), "the trade form", pause=pilot.pause)
        await pilot.pause()
        assert app.screen.styles.background.a < 1  # the box shows the board through it

        ours = whole_frame(app)
        with monkeypatch.context() as textual_s:
            textual_s.setattr(Screen, "render_lines", dimmed_lines._textual_render_lines)
            textual_s.setattr(Screen, "render_line", dimmed_lines._textual_render_line)
            assert whole_frame(app) == ours

        asked: list[tuple[Widget, Region]] = []  # the board's widgets' lines drawn for the box's next frame
        render_lines = Widget.render_lines
        monkeypatch.setattr(Widget, "render_lines",
                            lambda widget, crop: (widget.screen is board and asked.append((widget, crop)))
                            or render_lines(widget, crop))  # fmt: skip

        def settled() -> bool:
            """Nothing of the board drawn since the last look (the clock, the footer's keys)."""
            drawn = bool(asked)
            asked.clear()
            return not drawn

        await wait_until(settled, "the board under the box drawn", pause=pilot.pause)
        hex_map = board.query_one(HexMap)
        line = hex_map.region.y + 3
        hex_map.refresh(Region(0, 3, hex_map.size.width, 1))  # one line of the map changed under the box
        await pilot.pause()
        assert any(widget is hex_map for widget, _ in asked)
        assert all(crop.height == 1 and widget.region.y + crop.y == line for widget, crop in asked), asked

        asked.clear()
        app.screen.refresh()  # the box's own redraw (its focus, its keys): the board under it did not change
        await pilot.pause()
        assert asked == []
