"""The game log panel: one line per action and per automatic rules step."""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import RichLog

from ..safe_text import plain


class GameLog(RichLog):
    """Shows a table's log lines, appending only the ones it has not shown yet."""

    DEFAULT_CSS = """
    GameLog {
        height: 8;
        border-top: solid $panel-lighten-2;
        background: $surface;
    }
    """

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
    """Lines written change the log's scroll range, not its own size (the screen's CSS
    sets that): Textual's own ``layout=True`` laid the whole screen out again for every
    line, on every seat's screen after every move. ``watch_virtual_size`` asks for a
    layout only where the size may depend on the lines."""

    def watch_virtual_size(self, size: Size) -> None:
        shown = (self.show_vertical_scrollbar, self.show_horizontal_scrollbar)
        if self.styles.auto_dimensions or not self.is_mounted:
            self.refresh(layout=True)
            return
        self._scroll_update(size)  # the scrollbars' range, as a layout would set it
        if (self.show_vertical_scrollbar, self.show_horizontal_scrollbar) != shown:
            self.refresh(layout=True)  # a scrollbar came or went: the lines' room changed

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
        for line in lines[self._shown :]:
            self.write(plain(line))  # the lines hold players' names
        self._shown = len(lines)
