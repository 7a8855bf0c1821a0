"""The game log panel: one line per action and per automatic rules step."""

from __future__ import annotations

from textual.widgets import RichLog

from ..safe_text import plain
from .scroll_range import ScrollRangeOnly


class GameLog(ScrollRangeOnly, RichLog):
    """Shows a table's log lines, appending only the ones it has not shown yet (its
    height is the screen's CSS: a new line lays nothing out, see `ScrollRangeOnly`)."""

    DEFAULT_CSS = """
    GameLog {
        height: 8;
        border-top: solid $panel-lighten-2;
        background: $surface;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, max_lines=2000, **kwargs)
        self._shown = 0
        self._names: tuple[str, ...] = ()

    def show_lines(self, lines: list[str], names: tuple[str, ...] = ()) -> None:
        """Bring the panel up to date with ``lines`` (redrawn in full after an undo,
        or when a seat's name, ``names``, changed: the lines name the seats)."""
        if len(lines) < self._shown or names != self._names:
            self.clear()
            self._shown = 0
            self._names = names
        # Scrolled at once, in the frame of the new lines (RichLog scrolls after the next
        # frame: every seat's log was drawn twice per move, first unscrolled); until the
        # log has its size, RichLog keeps the lines back and scrolls when it writes them.
        scroll_now = self._size_known and self.auto_scroll and len(lines) > self._shown
        for line in lines[self._shown :]:
            self.write(plain(line), scroll_end=False if scroll_now else None)  # the lines hold players' names
        if scroll_now:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        self._shown = len(lines)
