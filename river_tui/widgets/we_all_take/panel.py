"""The bordered text panels beside the map, drawn with the Line API: new lines repaint
only the panel's lines that read differently (a move changes a player's stock, the
seat to act), and lay the screen out again only when the panel's height changes
(never while hidden: showing them lays them out). A panel whose lines come and go
with the moves can keep its height while they do (`show_lines`'s ``steady``)."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text
from textual.containers import VerticalScroll
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widget import Widget

from .choice_lines import drawn as drawn_once
from .choice_lines import words_of


class Panel(Widget):
    """A titled panel of text lines."""

    DEFAULT_CSS = """
    Panel { height: auto; padding: 0 1; border: round $panel-lighten-2; border-title-color: $text-primary; }
    """

    TITLE = ""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
    """A panel does not scroll: its new size, once laid out, needs no second layout."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._lines: list[Text] = []
        self._strips: list[Strip] = []  # the lines drawn at the width `_drawn_at` (0: to draw)
        self._drawn_at = 0
        self._steady: Hashable = None  # the lines' steady key (`show_lines`)
        self._tallest: tuple = (None, 0, 0)  # (steady key, width, lines): the most drawn for that key at that width

    def on_mount(self) -> None:
        self.border_title = self.TITLE

    def show_lines(self, lines: list[Text], steady: Hashable = None) -> None:
        """Show ``lines``; nothing happens if they are the ones shown already. While
        ``steady`` is the same (not None), the panel does not grow shorter: fewer lines
        leave blank ones below, and the screen is not laid out again for them."""
        if lines == self._lines and steady == self._steady:
            return
        self._lines, self._steady, self._drawn_at, before = lines, steady, 0, self._strips
        width = self.content_size.width
        if not width:  # not shown (on a small terminal, until "i"): drawn when laid out
            self.refresh()  # (no line kept from before it was hidden)
            return
        strips = self._draw(width)
        if len(strips) != len(before):
            self.refresh(layout=True)
            return
        for y, (old, new) in enumerate(zip(before, strips)):
            if old != new:
                self.refresh(Region(0, y, width, 1))

    def height_shown(self) -> int | None:
        """The panel's height with its border, as its lines ask (0 while hidden; None
        before it is laid out)."""
        if not self.display:
            return 0
        width = self.content_size.width
        return len(self._draw(width)) + self.styles.gutter.height if width else None

    def _draw(self, width: int) -> list[Strip]:
        """The lines wrapped to ``width``: drawn once per lines and width. A line is drawn
        once for every panel in the process that shows the same words at that width
        in that look (`choice_lines`): a move changes one or two of a panel's lines,
        and every seat's panel at the table shows most of them alike."""
        if width != self._drawn_at:
            console, style = self.app.console, self.rich_style
            options = console.options.update_width(width)
            strips: list[Strip] = []
            for line in self._lines:
                strips += drawn_once((words_of(line), width, style), lambda: [  # drawn now, for this line
                    Strip(part, width) for part in console.render_lines(line, options, style=style, pad=True)])
            key, at, tallest = self._tallest
            if self._steady is not None and (key, at) == (self._steady, width) and len(strips) < tallest:
                strips += [Strip.blank(width, style)] * (tallest - len(strips))
            self._tallest = (self._steady, width, len(strips))
            self._strips, self._drawn_at = strips, width
        return self._strips

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._draw(width)) if width > 0 else 0

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        strips = self._draw(width) if width > 0 else []
        return strips[y] if y < len(strips) else Strip.blank(width, self.rich_style)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn_at = 0


class SideScroll(VerticalScroll):
    """A scrolling column of the side. Its content's size is set as the screen is laid
    out, and Textual asks for a second layout of the whole screen when it changes:
    this one does not (its scroll range and scrollbar are set all the same)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)


class PanelsScroll(SideScroll):
    """The panels above the list of choices, scrolled by the wheel (and the keys after
    "i") when they would crowd out the choices. No scrollbar is shown (it would narrow
    and rewrap the panels): with ``overflow-y: hidden`` the panels growing past the
    room and shrinking back lay nothing out, which Textual's scrollbar coming and
    going does even when it is drawn 0 cells wide."""

    @property
    def allow_vertical_scroll(self) -> bool:
        return not self.is_disabled and self.max_scroll_y > 0
