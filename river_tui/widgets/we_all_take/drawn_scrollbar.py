"""A vertical scrollbar drawn in a Line-API widget's own last column.

Textual's scrollbar is a widget of its own: each time it comes or goes (a list of
choices grows past its height after a move, or shrinks back) the whole screen is
laid out again, on every seat's screen at the table. This one is part of the
widget's lines: its column is always there, the bar is drawn in it only while the
content overflows, and nothing is laid out when it comes or goes. It looks as
Textual's does (the same cells and colours, hovered and grabbed) and answers the
mouse as it does: the wheel scrolls, a click above or below the thumb pages, the
thumb can be dragged.
"""

from __future__ import annotations

from math import ceil

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region
from textual.scrollbar import ScrollBarRender

BAR = 1
"""The bar's width: the last column of the widget's content."""


class DrawnScrollBar:
    """Mixin (before ``ScrollView``) for a widget with ``overflow-y: hidden`` that
    draws its text in ``text_width`` columns and the cells of `bar_cells` in the last."""

    _bar_hover = False  # the pointer is on the bar
    _bar_grab: tuple[int, float] | None = None  # (the pointer's screen line, the scroll then) while dragging
    _bar_drawn: tuple | None = None  # (what the bar depends on but its colours, its cells); None: colours changed

    @property
    def allow_vertical_scroll(self) -> bool:
        """The wheel scrolls though Textual shows no scrollbar (``overflow-y: hidden``)."""
        return not self._check_disabled() and self.max_scroll_y > 0

    @property
    def text_width(self) -> int:
        """The columns left for the widget's text."""
        return max(self.scrollable_content_region.width - BAR, 0)

    def scrolled_lines(self, height: int) -> int:
        """The lines the bar runs over: the content, and any room below it the widget
        scrolls into (a list whose end stops on the first line of a choice)."""
        return max(self.virtual_size.height, self.max_scroll_y + height)

    def bar_cells(self) -> list[Segment]:
        """The bar's cell on each line of the content (blank while nothing overflows)."""
        height = self.scrollable_content_region.height
        lines = self.scrolled_lines(height)
        overflow = lines > height
        key = (height, lines, self.scroll_offset.y, self._bar_hover, self._bar_grab is not None) if overflow else height
        if self._bar_drawn is not None and self._bar_drawn[0] == key:
            return self._bar_drawn[1]
        if not overflow:
            cells = [Segment(" ", Style(bgcolor=self.rich_style.bgcolor))] * height
        else:
            back, bar = self._bar_colours()
            segments = ScrollBarRender.render_bar(
                size=height, virtual_size=lines, window_size=height, position=self.scroll_offset.y,
                back_color=back, bar_color=bar,
            )  # fmt: skip
            cells = [Segment(s.text, Style(color=s.style.color, bgcolor=s.style.bgcolor, reverse=s.style.reverse))
                     for s in segments.segments if s.text != "\n"]  # fmt: skip  (no actions: the mouse is ours)
        self._bar_drawn = (key, cells)
        return cells

    def notify_style_update(self) -> None:
        self._bar_drawn = None  # focus, a theme: the bar's colours
        super().notify_style_update()

    def _bar_colours(self):
        """The track's and the thumb's colours, as Textual's `ScrollBar.render` picks them."""
        styles = self.styles
        if self._bar_grab is not None:
            background, color = styles.scrollbar_background_active, styles.scrollbar_color_active
        elif self._bar_hover:
            background, color = styles.scrollbar_background_hover, styles.scrollbar_color_hover
        else:
            background, color = styles.scrollbar_background, styles.scrollbar_color
        if background.a < 1:
            base_background, _ = self.background_colors
            background = base_background + background
        color = background + color
        return background.rich_color, color.rich_color

    def _redraw_bar(self) -> None:
        region = self.scrollable_content_region
        self.refresh(Region(self.text_width, 0, BAR, region.height))

    # --- the mouse -------------------------------------------------------------------------------------
    def on_bar(self, event: events.MouseEvent) -> bool:
        """Whether ``event`` is on the bar's column."""
        offset = event.get_content_offset(self)
        return offset is not None and offset.x >= self.text_width and offset.y < self.scrollable_content_region.height

    def _bar_hovered(self, hover: bool) -> None:
        if hover != self._bar_hover:
            self._bar_hover = hover
            if self.max_scroll_y > 0:
                self._redraw_bar()

    def _on_mouse_down(self, event: events.MouseDown) -> None:
        """On the thumb: grab it; above or below it: a page up or down."""
        if not self.on_bar(event) or not self.max_scroll_y:
            return
        event.stop()
        y = event.get_content_offset(self).y
        thumb = [at for at, cell in enumerate(self.bar_cells()) if cell.style.color is not None]
        if y < thumb[0]:
            self.scroll_page_up(animate=False)
        elif y > thumb[-1]:
            self.scroll_page_down(animate=False)
        else:
            self._bar_grab = (event.screen_y, self.scroll_offset.y)
            self.capture_mouse()
            self._redraw_bar()

    def _on_mouse_up(self, event: events.MouseUp) -> None:
        if self._bar_grab is not None:
            self._bar_grab = None
            self.capture_mouse(False)
            self._redraw_bar()
            event.stop()

    def _on_mouse_release(self, event: events.MouseRelease) -> None:
        if self._bar_grab is not None:  # the pointer was taken away mid-drag
            self._bar_grab = None
            self._redraw_bar()

    def drag_bar(self, event: events.MouseMove) -> bool:
        """While the thumb is held, the pointer's move scrolls (True: it was held)."""
        self._bar_hovered(self.on_bar(event))
        if self._bar_grab is None:
            return False
        start, scrolled = self._bar_grab
        height = self.scrollable_content_region.height
        lines = self.scrolled_lines(height)
        self.scroll_to(y=scrolled + (event.screen_y - start) * lines / max(height, 1), animate=False, force=True)
        return True
