"""The terminal's own cursor goes where the player works (screen readers and
magnifiers follow it): on the board's cursor, on a list's highlighted choice; it is
shown unless RIVER_TUI_CURSOR=hidden."""

from __future__ import annotations

from textual.app import App
from textual.geometry import Offset
from textual.widgets import DataTable, Input, OptionList

from river_tui.app.river_app import RiverApp
from river_tui.app.shown_cursor import ShownCursorDriver
from river_tui.play.table import Seat, Table
from river_tui.widgets.flow.tile_grid import TileGrid
from river_tui.widgets.terminal_cursor import cursor_shown, follow

from support.recap import put_away_recaps
from support.waiting import workers_done


def on_screen(widget, region) -> object:
    """``region`` of the widget's content (its own scrolled coordinates) where it is on the screen."""
    return region.translate(widget.content_region.offset - widget.scroll_offset)


async def test_the_terminal_cursor_follows_the_board_cursor():
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=5, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await workers_done(app, pilot)
        await put_away_recaps(pilot)
        grid = app.screen.query_one(TileGrid)
        grid.focus()
        await pilot.pause()
        seen = []
        for key in ("right", "right", "down", "left"):
            await pilot.press(key)
            await pilot.pause()
            place = on_screen(grid, grid.place_region(grid.cursor))
            assert place.contains_point(app.cursor_position), (key, place, app.cursor_position)
            seen.append(app.cursor_position)
        assert seen[1].x > seen[0].x and seen[2].y > seen[1].y and seen[3].x < seen[2].x


async def test_the_terminal_cursor_is_on_the_highlighted_choice_of_the_menu():
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        menu.focus()
        await pilot.pause()
        rows = []
        for _ in range(3):
            await pilot.press("down")
            await pilot.pause()
            assert app.cursor_position.y == menu.content_region.y + menu.highlighted - menu.scroll_offset.y
            rows.append(app.cursor_position.y)
        assert rows == [rows[0], rows[0] + 1, rows[0] + 2]
        assert app.cursor_position.x == menu.content_region.x


async def test_the_terminal_cursor_is_on_a_tables_row_and_left_to_a_text_input():
    class TableAndInput(App):
        def compose(self):
            yield DataTable(cursor_type="row")
            yield Input("abc")

    app = TableAndInput()
    async with app.run_test(size=(60, 20)) as pilot:
        grid = app.query_one(DataTable)
        grid.add_columns("name", "wins")
        grid.add_rows([("Ann", "1"), ("Bob", "2"), ("Cy", "3"), ("Di", "4")])
        grid.focus()
        grid.move_cursor(row=2)
        await pilot.pause()
        follow(grid)
        assert app.cursor_position == Offset(grid.content_region.x, grid.content_region.y + 1 + 2)
        field = app.query_one(Input)
        field.focus()
        await pilot.pause()
        app.cursor_position = Offset(0, 0)
        follow(field)  # an input puts the terminal's cursor on its own text cursor
        assert app.cursor_position == Offset(0, 0)


def test_the_cursor_is_shown_unless_asked_to_stay_hidden(monkeypatch):
    assert cursor_shown({}) and cursor_shown({"RIVER_TUI_CURSOR": "shown"})
    assert not cursor_shown({"RIVER_TUI_CURSOR": "hidden"}) and not cursor_shown({"RIVER_TUI_CURSOR": " Hidden "})
    monkeypatch.delenv("RIVER_TUI_CURSOR", raising=False)
    assert RiverApp().driver_class is ShownCursorDriver
    monkeypatch.setenv("RIVER_TUI_CURSOR", "hidden")
    assert RiverApp().driver_class is not ShownCursorDriver
    assert Offset(0, 0) == RiverApp().cursor_position
