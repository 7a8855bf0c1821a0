"""Scrolling widgets whose own size the screen's CSS sets: new content changes
their scroll range, not their size, so it needs no layout of the whole screen."""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive

from ..patches import set_scroll_range


class ScrollRangeOnly:
    """Mixin (before the Textual widget it changes) for a scrolling widget whose size
    does not follow its content.

    Textual's ``virtual_size`` is ``layout=True``: a log's new line, or a list's new
    options, laid the whole screen out again, on every seat's screen after every
    move. Here a layout is asked for only where the size may depend on the content
    (an auto height) or a scrollbar comes or goes (the content's room changes)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        shown = (self.show_vertical_scrollbar, self.show_horizontal_scrollbar)
        if self.styles.auto_dimensions or not self.is_mounted or not set_scroll_range(self, size):
            self.refresh(layout=True)
            return
        if (self.show_vertical_scrollbar, self.show_horizontal_scrollbar) != shown:
            self.refresh(layout=True)  # a scrollbar came or went: the content's room changed
