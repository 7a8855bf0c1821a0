"""Scrollbars that redraw only when they would look different.

Textual redraws a scrollbar whenever its range, window or position is set, and a
game log scrolls on every seat's screen after every move: most of those redraws
drew the same bar (a thumb moves by whole eighths of a cell), each as costly as a
panel's. `SteadyScrollBar` remembers how it was drawn: it lets a redraw through only
when the bar, its colours or its size change, and draws the same bar from its last
lines. Textual makes every widget's scrollbars from ``textual.scrollbar.ScrollBar``
when first needed, so `install` (before any app starts) has every
scrolling widget, ours and Textual's, use this one.

Bought (bench/ssh_redraw_cost.py, docs/decisions/0005): scrollbar lines drawn per move
16.7 -> 4.0; with the map's and log's own line refreshes, CPU per move 37.0 -> 24.2 ms.
"""

from __future__ import annotations

from math import ceil

import textual.scrollbar
from textual.geometry import Region
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip


class SteadyScrollBar(ScrollBar):
    """A `ScrollBar` that draws the same bar again from what it drew last."""

    _drawn: tuple | None = None
    """How the bar looked when last drawn, where, and its lines (None: not drawn since its style changed)."""

    def refresh(self, *regions, repaint: bool = True, layout: bool = False, recompose: bool = False):
        if regions or layout or recompose or self._drawn is None or self._look() != self._drawn[0]:
            return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        return self

    def render_lines(self, crop: Region) -> list[Strip]:
        """The bar's lines; those drawn last if it looks the same (a log's new line moves
        the range, then the position: the bar in between is never shown)."""
        look = self._look()
        if self._drawn is not None and self._drawn[:2] == (look, crop):
            return self._drawn[2]
        lines = super().render_lines(crop)
        self._drawn = (look, crop, lines)
        return lines

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn = None

    def _look(self) -> tuple:
        """What the drawn bar depends on: its cells (as Textual's renderer lays them out),
        its size, the pointer on it, and its colours."""
        length = self.size.height if self.vertical else self.size.width
        window = self.window_size if self.window_size < self.window_virtual_size else 0
        cells = ScrollBarRender.render_bar(
            size=length, virtual_size=ceil(self.window_virtual_size), window_size=ceil(window),
            position=self.position, thickness=self.thickness, vertical=self.vertical,
        )  # fmt: skip
        parent = self.parent.styles if self.parent is not None else None
        colours = None if parent is None else (parent.scrollbar_color, parent.scrollbar_background,
                                               parent.scrollbar_color_hover, parent.scrollbar_background_hover,
                                               parent.scrollbar_color_active, parent.scrollbar_background_active)  # fmt: skip
        return (tuple(cells.segments), self.size, self.mouse_over, self.grabbed, colours)


def install() -> None:
    """Every widget's scrollbars made from now on are `SteadyScrollBar`s."""
    textual.scrollbar.ScrollBar = SteadyScrollBar  # type: ignore[misc]
