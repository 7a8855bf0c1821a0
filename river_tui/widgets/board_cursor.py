"""The base of the boards with a cursor: a `ScrollView` drawn with the Line API
(Textual guide ``checker04.py``) whose cursor is one place of the board (a
square, a hexagon: an int). Moving the cursor repaints only the two places it
leaves and enters and scrolls the new one into sight; Enter chooses it.

A board says where each place is drawn (`place_region`), keeps its drawn lines
in ``_lines`` (board line -> what its ``render_line`` crops), and declares its
own ``cursor`` reactive, its arrow keys (`arrow_bindings`), how an arrow moves
the cursor (``action_move``) and its own `Chosen` message (so a screen's handler
is named after the board: ``on_tile_grid_chosen``)."""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Spacing
from textual.message import Message
from textual.scroll_view import ScrollView

from .terminal_cursor import put_cursor


def arrow_bindings(prefix: str) -> list[Binding]:
    """The arrow keys (and h j k l) that move a board's cursor, with ids
    ``<prefix>_up`` ... (ids players may remap in keymap.toml)."""
    return [
        Binding("up,k", "move(-1, 0)", "Up", id=f"{prefix}_up", show=False),
        Binding("down,j", "move(1, 0)", "Down", id=f"{prefix}_down", show=False),
        Binding("left,h", "move(0, -1)", "Left", id=f"{prefix}_left", show=False),
        Binding("right,l", "move(0, 1)", "Right", id=f"{prefix}_right", show=False),
    ]


class PlaceMessage(Message):
    """A message from ``board`` about one of its places (``place``)."""

    def __init__(self, board: BoardCursor, place: int) -> None:
        super().__init__()
        self.board = board
        self.place = place

    @property
    def control(self) -> BoardCursor:
        return self.board


class BoardCursor(ScrollView, can_focus=True):
    """A board drawn line by line with a cursor on one of its places."""

    COMPONENT_PREFIX: ClassVar[str] = ""
    """The board's component classes are ``<prefix>--<name>`` (`_style`)."""

    SCROLL_MARGIN: ClassVar[Spacing] = Spacing()
    """Room kept in sight around the cursor's place when the board scrolls to it."""

    cursor: int
    """The place under the cursor (each board declares it as a reactive)."""

    PLACES_TERMINAL_CURSOR: ClassVar[bool] = True
    """The board puts the terminal's cursor on its cursor's place (terminal_cursor.py)."""

    class Chosen(PlaceMessage):
        """Enter (or a click) chose ``place``."""

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._lines: dict = {}  # board line -> its drawn strip (and what the board keeps with it)
        self._styles: dict[str, Style] = {}  # component styles, until the CSS changes

    def place_region(self, place: int) -> Region:
        """Where ``place`` is drawn, in board coordinates."""
        raise NotImplementedError

    def watch_cursor(self, old: int, new: int) -> None:
        self._repaint((old, new))
        self._scroll_to_cursor()

    def on_resize(self, event: events.Resize) -> None:
        """A board given its size (first shown, or the terminal resized) scrolls to the
        cursor: one placed before the board had a size could not be scrolled to."""
        self._scroll_to_cursor()

    def on_focus(self, event: events.Focus) -> None:
        self._place_terminal_cursor()

    def _place_terminal_cursor(self) -> None:
        """The terminal's own cursor on the middle of the cursor's place (terminal_cursor.py)."""
        if self.is_mounted:  # the middle of the place: where its name or piece is drawn
            place = self.place_region(self.cursor)
            put_cursor(self, place.x + place.width // 2, place.y + place.height // 2)

    def _scroll_to_cursor(self) -> None:
        self.scroll_to_region(self.place_region(self.cursor).grow(self.SCROLL_MARGIN), animate=False, immediate=True)
        self._place_terminal_cursor()

    def _repaint(self, places) -> None:
        """Draw ``places`` again: forget their lines and refresh only their regions."""
        for place in places:
            region = self.place_region(place)
            for y in range(region.y, region.bottom):
                self._lines.pop(y, None)
            self.refresh(region.translate(-self.scroll_offset))

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._lines.clear()
        self._styles.clear()

    def _style(self, name: str) -> Style:
        """A component class's style ("" for the board's own), looked up once per theme."""
        style = self._styles.get(name)
        if style is None:
            style = self.rich_style if not name else self.get_component_rich_style(f"{self.COMPONENT_PREFIX}--{name}")
            self._styles[name] = style
        return style

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self, self.cursor))
