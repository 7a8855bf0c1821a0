"""The game log panel: one line per action and per automatic rules step.

Every seat's screen at a server table shows the same log lines after every move;
Textual's RichLog rendered each new line on each screen again (Rich's wrapping, then
new strips), and kept lines wrapped to the width they were written at. Here a line's
rows at a width are worked out once for the whole process (`wrapped`: keyed by the
line's full text, so a row is only ever shown for that very text), and the panel
wraps its lines again when its width changes.
"""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.events import Resize
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar
from textual.strip import Strip

from ..safe_text import plain
from .scroll_range import ScrollRangeOnly

MAX_LINES = 2000
"""The log lines a panel keeps (the oldest go first): a long game's log stays bounded."""

WRAPPING = Console(width=200, color_system=None)
"""Measures and wraps the lines' words (Rich's wrap asks a console)."""
PLAIN = Style()
"""A row's own style: none (the panel's colours are put on as it is drawn)."""


@lru_cache(maxsize=4096)
def wrapped(line: str, width: int) -> tuple[Strip, ...]:
    """``line`` (it names players: cleaned of control characters) as rows of at most
    ``width`` cells, words kept whole where they fit."""
    text = plain(line)
    cells = cell_len(text)
    if cells <= width:
        return (Strip([Segment(text, PLAIN)], cells),)
    rows = WRAPPING.render_lines(Text(text), WRAPPING.options.update_width(width), pad=False)
    return tuple(Strip(row) for row in rows)


class GameLog(ScrollRangeOnly, ScrollView, can_focus=True):
    """Shows a table's log lines, newest at the bottom, keeping the newest in view as
    lines come. Its height is the screen's CSS: a new line lays nothing out (see
    `ScrollRangeOnly`)."""

    DEFAULT_CSS = """
    GameLog {
        height: 8;
        border-top: solid $panel-lighten-2;
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        &:focus { background-tint: $foreground 5%; }
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.texts: list[str] = []
        """The log lines shown, oldest first (at most `MAX_LINES`)."""
        self.lines: list[Strip] = []
        """The rows they take at the panel's width, as drawn."""
        self._written = 0  # the table's log lines written here (the oldest may be gone)
        self._wrapped_to = 0  # the width the rows are wrapped to (0: not yet)
        self._min_width = 78
        self._names: tuple[str, ...] = ()
        self._height = 0  # the panel's height at the last resize

    @property
    def min_width(self) -> int:
        """The least width a line is wrapped to: a narrower panel scrolls sideways (as
        Textual's RichLog, 78 unless told: a panel beside the board takes less)."""
        return self._min_width

    @min_width.setter
    def min_width(self, width: int) -> None:
        self._min_width = width
        self._rewrap()

    def show_lines(self, lines: list[str], names: tuple[str, ...] = ()) -> None:
        """Bring the panel up to date with ``lines`` (written again in full after an
        undo, or when a seat's name, ``names``, changed: the lines name the seats)."""
        if len(lines) < self._written or names != self._names:
            self.texts, self.lines, self._written, self._names = [], [], 0, names
            self._wrapped_to = 0  # every row again
        new = lines[self._written :][-MAX_LINES:]
        self._written = len(lines)
        gone = self.texts[: max(len(self.texts) + len(new) - MAX_LINES, 0)]
        del self.texts[: len(gone)]
        self.texts.extend(new)
        if not self._wrapped_to:
            self._rewrap()
        elif new:
            width = self._wrapped_to
            del self.lines[: sum(len(wrapped(line, width)) for line in gone)]
            rows = [row for line in new for row in wrapped(line, width)]
            self.lines.extend(rows)
            self._rows_changed(self._widest(self.lines) if gone else max(self._widest(rows), self.virtual_size.width))

    def on_resize(self, event: Resize) -> None:
        """Wrap again at a new width; a panel that showed the newest line (the line
        above it took another row, say) still shows it."""
        shrunk, self._height = max(self._height - event.size.height, 0), event.size.height
        newest_shown = self.scroll_y + shrunk >= self.max_scroll_y
        self._rewrap()
        if newest_shown and self.lines:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def _rewrap(self) -> None:
        """Every row again, at the panel's width now (nothing before it has one)."""
        width = max(self.scrollable_content_region.width, self._min_width) if self.size.width else 0
        if width == self._wrapped_to:
            return
        self._wrapped_to = width
        self.lines = [row for line in self.texts for row in wrapped(line, width)] if width else []
        self._rows_changed(self._widest(self.lines))

    @staticmethod
    def _widest(rows: list[Strip]) -> int:
        return max((row.cell_length for row in rows), default=0)

    def _rows_changed(self, widest: int) -> None:
        """The scroll range follows the rows (``widest``: the widest's cells); the newest
        row comes into view in the same frame (RichLog scrolled after the next one: every
        seat's log was drawn twice)."""
        size = Size(widest, len(self.lines))
        if self._follow_directly(size):
            return
        self.virtual_size = size
        self.refresh()
        if self.lines and self.is_mounted:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def _follow_directly(self, size: Size) -> bool:
        """The scroll range ``size`` and the end in view, set without Textual's chain of
        watchers, when nothing but them would change: the vertical scrollbar is shown
        (always: ``overflow-y: scroll``), no horizontal one comes or goes, no scroll is
        under way. A new line on every seat's log after every move set the range, the
        scrollbar's range, window and position and the scroll, each redrawing the bar or
        the panel again: a sixteenth of a server's work per move. Returns whether it did."""
        wide = size.width > self.scrollable_content_region.width
        if (not self.is_mounted or not self.show_vertical_scrollbar or self.show_horizontal_scrollbar
                or wide or self.app.animator.is_being_animated(self, "scroll_y")):  # fmt: skip
            return False
        bar = self.vertical_scrollbar
        self.set_reactive(GameLog.virtual_size, size)
        end = self.max_scroll_y
        self.set_reactive(GameLog.scroll_target_y, end)
        self.set_reactive(GameLog.scroll_y, end)
        bar.set_reactive(ScrollBar.window_virtual_size, size.height)
        bar.set_reactive(ScrollBar.window_size, self.container_size.height)
        bar.set_reactive(ScrollBar.position, end)
        bar.refresh()  # with the patches in, a `SteadyScrollBar`: only if it looks different
        self.refresh()
        return True

    _drawing: tuple[int, int, int, Style] | None = None
    """While the panel is drawn: its scroll, width and style (see `render_lines`)."""

    def render_lines(self, crop: Region) -> list[Strip]:
        # Textual works a widget's style out from all its ancestors on every read: read
        # once per drawing of the panel, not once per line.
        self._drawing = (*self.scroll_offset, self.scrollable_content_region.width, self.rich_style)
        try:
            return super().render_lines(crop)
        finally:
            self._drawing = None

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y, width, style = self._drawing or (
            *self.scroll_offset, self.scrollable_content_region.width, self.rich_style)  # fmt: skip
        index = scroll_y + y
        if index >= len(self.lines):
            return Strip.blank(width, style)
        return self.lines[index].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)
