"""Riverside's score sheet redraws the lines a move changed, not the whole sheet (each
seat's screen after each move, on a server holding many), and still lays the screen
out when a long name puts the captain's points on a line of their own."""

from __future__ import annotations

from dataclasses import replace

from textual.app import App, ComposeResult

from river_tui.rules.riverside.state import Sheet
from river_tui.widgets.riverside.score_sheet import ScoreSheet

from support.layouts import lines_refreshed, refreshes_asked


class SheetApp(App[None]):
    """A blank sheet of Ann's, 80 columns wide."""

    def compose(self) -> ComposeResult:
        yield ScoreSheet()

    def on_mount(self) -> None:
        self.query_one(ScoreSheet).show(Sheet.blank(), "Ann")


def crossing(sheet: Sheet, boat: int, row: int, seats: int) -> Sheet:
    filled = list(sheet.filled)
    filled[boat * 4 + row] = seats
    return replace(sheet, filled=tuple(filled))


async def test_crossing_seats_in_one_row_redraws_that_row_alone():
    app = SheetApp()
    async with app.run_test(size=(80, 12)) as pilot:
        sheet = app.query_one(ScoreSheet)
        await pilot.pause()
        asked = lines_refreshed(sheet)
        sheet.show(crossing(Sheet.blank(), 2, 1, 2), "Ann")  # the brown boat's second row: 2 seats
        await pilot.pause()
        assert asked == [{2}]  # the boats' heads are line 0, the first row of seats line 1
        assert str(sheet.render()).splitlines()[2][32:48].split()[0] == "●●○○○○"  # the third boat's cell
        sheet.show(crossing(Sheet.blank(), 2, 1, 2), "Ann")
        await pilot.pause()
        assert asked == [{2}]  # the same sheet again: nothing to redraw


async def test_a_long_name_puts_the_captain_under_it_and_lays_the_screen_out():
    app = SheetApp()
    async with app.run_test(size=(80, 12)) as pilot:
        sheet = app.query_one(ScoreSheet)
        await pilot.pause()
        assert sheet.size.height == 8
        asked = refreshes_asked(sheet)
        sheet.show(Sheet.blank(), "Annabel-Rosalind of the Long River")
        await pilot.pause()
        assert asked[0] and sheet.size.height == 9  # (then Textual's own, for the new size)
        assert str(sheet.render()).splitlines()[-1] == "  captain 0 (church 0 + lowest 0)"
