"""A screen whose table is laid out anew for each width of the terminal."""

from __future__ import annotations

from textual import events
from textual.screen import Screen
from textual.widgets import DataTable


class FittedTableScreen(Screen[None]):
    """Fills its `DataTable` for the screen's width (`fill`), again on every
    resize, keeping the cursor's row."""

    _laid_out_for = -1

    def fill(self, grid: DataTable, width: int) -> None:
        """Add the columns and rows for a screen ``width`` wide to the empty ``grid``."""
        raise NotImplementedError

    def lay_out(self, width: int) -> None:
        if width == self._laid_out_for:
            return
        self._laid_out_for = width
        grid = self.query_one(DataTable)
        row = grid.cursor_row
        grid.clear(columns=True)
        self.fill(grid, width)
        if grid.row_count:
            grid.move_cursor(row=min(max(row, 0), grid.row_count - 1))

    def refill(self) -> None:
        """Lay the table out again for the screen's width: its rows changed."""
        self._laid_out_for = -1
        self.lay_out(self.size.width or 80)

    def on_resize(self, event: events.Resize) -> None:
        self.lay_out(event.size.width)
