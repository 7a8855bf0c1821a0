"""A glassworks board: 7 columns of 5 spaces, as printed.

Filled spaces show their piece; empty spaces show the column VP printed in them
("Each column scores the VP on its highest filled space"), so the column VP run
up the side of every column. The row VP are printed along the bottom, under the
space a row must reach to earn them. Beside each row stands what it scores now,
and ▲ marks the 2 columns that score now.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ...rules.glassworks.components import COLUMN_VP, COLUMNS, ROW_VP, ROWS
from ...rules.glassworks.scoring import row_points, tallest_columns
from ...rules.glassworks.state import Glassworks
from .pieces import piece_text
from ..last_move import LAST_MARK

CELL = 3


class GlassGrid(Widget):
    """One player's glassworks grid with its VP, seven lines high.

    ``next_column`` (when set) marks the empty column a new colour would take;
    the pieces of the ``last`` columns (those the last moves changed) are
    underlined, with `LAST_MARK` after the top one.
    """

    DEFAULT_CSS = """
    GlassGrid { height: 7; width: 32; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.board = Glassworks()
        self.next_column: int | None = None
        self.last: frozenset[int] = frozenset()

    def show(self, board: Glassworks, next_column: int | None = None, last: frozenset[int] = frozenset()) -> None:
        if (board, next_column, last) == (self.board, self.next_column, self.last):
            return  # a cursor moved elsewhere: nothing to repaint here
        self.board = board
        self.next_column = next_column
        self.last = last
        self.refresh()

    def render(self) -> Text:
        board = self.board
        rows = row_points(board)
        lines = []
        for row in range(ROWS - 1, -1, -1):
            line = Text(f"{row + 1}│", style="dim")
            for column in range(COLUMNS):
                line.append_text(self._cell(column, row))
            line.append("│", style="dim")
            line.append(f"{rows[row]:>3}", style="bold" if rows[row] else "dim")
            lines.append(line)
        lines.append(self._bottom_border())
        vp = Text("  ")
        for filled in range(1, COLUMNS + 1):
            vp.append(f"{ROW_VP[filled]:>{CELL - 1}} ", style="cyan")
        vp.append(" row VP")
        lines.append(vp)
        return Text("\n").join(lines)

    def _cell(self, column: int, row: int) -> Text:
        columns = self.board.columns
        if column < len(columns) and row < len(columns[column]):
            cell = piece_text(columns[column][row])
            if column not in self.last:
                return cell.append(" ")
            cell.stylize("underline")
            top = row == len(columns[column]) - 1
            return cell.append(LAST_MARK if top else " ", style="bold reverse" if top else "")
        style = "dim yellow" if column == self.next_column else "dim"
        return Text(f"{COLUMN_VP[column][row]:>2} ", style=style)

    def _bottom_border(self) -> Text:
        scoring = set(tallest_columns(self.board))
        line = Text(" └", style="dim")
        for column in range(COLUMNS):
            if column in scoring:
                line.append("─▲─", style="bold yellow")
            elif column == self.next_column:
                line.append("─↑─", style="bold yellow")
            else:
                line.append("───", style="dim")
        line.append("┘", style="dim")
        return line
