"""Glass pieces on screen, and a row of them to pick from.

A piece is always its colour letter and its shape glyph ("W♥") on a background of
its colour, so it reads without colour (colour-blind players, 16-colour
terminals) and with it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ...rules.glassworks.components import COLOURS, SHAPES

# Background and letter colour of each glass colour, by rulebook name. Exact
# colours rather than the 16 terminal colours, which themes remap (dark blue
# came out purple, purple pink); on a 16-colour terminal Textual picks the nearest.
PIECE_STYLES: dict[str, str] = {
    "white": "bold #000000 on #f0f0f0",
    "purple": "bold #ffffff on #7d3c98",
    "light blue": "bold #000000 on #85c1e9",
    "dark blue": "bold #ffffff on #1f4e9c",
    "light green": "bold #000000 on #a9df7a",
    "dark green": "bold #ffffff on #1e7b3a",
    "black": "bold #ffffff on #262626",
    "yellow": "bold #000000 on #f4d03f",
    "orange": "bold #000000 on #f0861a",
}

CURSOR = "▶"
SELECTED = "✓"
PIECE_CELLS = 4
"""Cells a piece takes in a row: the cursor mark, the piece ("W♥") and the selection mark."""


def colour_text(colour: int, text: str | None = None) -> Text:
    """A colour's letter (or ``text``) in that colour's style."""
    c = COLOURS[colour]
    return Text(text if text is not None else c.letter, style=PIECE_STYLES[c.name])


def piece_name(piece: int) -> str:
    """"W♥": the piece's colour letter and shape glyph."""
    return COLOURS[piece >> 3].letter + SHAPES[piece & 7].glyph


def piece_text(piece: int) -> Text:
    """"W♥" in the piece's colours."""
    return Text(piece_name(piece), style=PIECE_STYLES[COLOURS[piece >> 3].name])


def pieces_text(pieces: Sequence[int]) -> Text:
    """Pieces separated by spaces, or a dash for none."""
    if not pieces:
        return Text("—", style="dim")
    return Text(" ").join(piece_text(p) for p in pieces)


class PieceRow(Widget):
    """A labelled row of pieces with a cursor and selection marks.

    ``active`` rows show their cursor (▶ before the piece under it); selected
    pieces carry a ✓ after them. The screen owns the cursor and the selection and
    calls `show` whenever they or the pieces change.
    """

    DEFAULT_CSS = """
    PieceRow { height: auto; }
    PieceRow.-active { background: $boost; }
    """

    class Clicked(Message):
        """A click on the piece at ``index`` of ``row``."""

        def __init__(self, row: PieceRow, index: int) -> None:
            super().__init__()
            self.row = row
            self.index = index

    def __init__(self, label: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.label = label
        self.pieces: tuple[int, ...] = ()
        self.cursor: int | None = None
        self.selected: frozenset[int] = frozenset()
        self.note = ""

    def show(
        self,
        pieces: Sequence[int],
        *,
        label: str | None = None,
        cursor: int | None = None,
        selected: frozenset[int] = frozenset(),
        note: str = "",
    ) -> None:
        """Show ``pieces``; ``cursor`` and ``selected`` are indexes into them.
        Only a change of pieces, label or note can change the row's size; a cursor
        or selection change repaints the row alone."""
        content = (tuple(pieces), self.label if label is None else label, note)
        marks = (cursor, selected)
        if content == (self.pieces, self.label, self.note) and marks == (self.cursor, self.selected):
            return
        resized = content != (self.pieces, self.label, self.note)
        self.pieces, self.label, self.note = content
        self.cursor, self.selected = marks
        self.set_class(cursor is not None, "-active")
        self.refresh(layout=resized)

    def render(self) -> Text:
        out = Text(self.label, style="bold")
        out.append(" ")
        if not self.pieces:
            out.append("empty", style="dim")
        for i, piece in enumerate(self.pieces):
            out.append(CURSOR if i == self.cursor else " ", style="bold reverse" if i == self.cursor else "")
            out.append_text(piece_text(piece))
            out.append(SELECTED if i in self.selected else " ", style="bold")
        if self.note:
            out.append(" " + self.note, style="italic")
        return out

    def on_click(self, event: events.Click) -> None:
        index = (event.x - len(self.label) - 1) // PIECE_CELLS
        if event.y == 0 and 0 <= index < len(self.pieces):
            self.post_message(self.Clicked(self, index))
