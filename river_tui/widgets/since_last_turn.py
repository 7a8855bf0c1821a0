"""What happened since a seat last acted, in a box over the middle of its game screen:
shown when its turn comes after others moved (and after every handover); any key or
click puts it away (the app's own priority keys still act), and the game screen's
"Recap" key brings it back.

It is not a screen of its own (a screen pushed and popped at nearly every turn made
every seat's terminal redraw whole twice), nor a widget (one that comes and goes has
Textual lay the whole screen out again, twice a turn on every seat's screen): the
screen's compositor draws it over the widgets (`SparseCompositor.show_overlay`), and
showing or putting it away redraws only the lines it covers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.panel import Panel
from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.geometry import Region, Size
from textual.strip import Strip

from ..safe_text import plain

if TYPE_CHECKING:
    from textual.screen import Screen

WIDTH = 76
"""The box's width where the screen has room (else the screen's)."""

DRAWING = Console(width=WIDTH, color_system="truecolor")
"""Lays the box out in lines (its colours go out as the screen's filters make them)."""

_LOOKS: dict[str, tuple[Color, Style, Style]] = {}
"""A theme's (background, words, border) for the box, by the theme's name: Textual works
out all of a theme's colours to give any one of them, and a turn's box is drawn on
nearly every seat's screen."""


def _look(app) -> tuple[Color, Style, Style]:
    look = _LOOKS.get(app.theme)
    if look is None:
        colours = app.get_css_variables()
        surface = Color.parse(colours["surface"])
        body = Style(color=Color.parse(colours["foreground"]).rich_color, bgcolor=surface.rich_color)
        border = Style(color=Color.parse(colours["accent"]).rich_color, bgcolor=surface.rich_color)
        look = _LOOKS[app.theme] = (surface, body, border)
    return look


class SinceLastTurn:
    """The summary of the others' moves since a seat last acted (lines from
    `Table.recent`, grouped under the game's headings), over ``screen``. Hidden until told."""

    def __init__(self, screen: Screen) -> None:
        self._screen = screen
        self.text: Text | None = None
        """What the box says (None: it is not on show)."""
        self._drawn: tuple[tuple, Region, list[Strip]] | None = None

    @property
    def shown(self) -> bool:
        """Whether the summary is on show."""
        return self.text is not None

    def tell(self, seat_name: str, lines: tuple[str, ...]) -> None:
        """Show what happened since ``seat_name``'s last turn."""
        text = Text(f"Since {plain(seat_name, 40)}'s last turn\n", style="bold")
        for line in lines:
            heading, _, rest = plain(line).partition(": ")
            text.append("\n")
            text.append(f"{heading}: ", style="bold")
            text.append(rest)
        text.append("\n\nAny key to go on.", style="italic")
        self._show(None)  # the lines the box said its last words on
        self.text, self._drawn = text, None
        self._show(self)

    def put_away(self) -> bool:
        """Hide the summary; whether it was on show."""
        shown = self.shown
        if shown:
            self._show(None)
            self.text = None
        return shown

    def _show(self, overlay: SinceLastTurn | None) -> None:
        screen = self._screen
        screen._compositor.show_overlay(overlay)
        # Textual draws a frame for its dirty widgets: the screen stands for the box.
        screen._dirty_widgets.add(screen)
        screen.check_idle()

    def drawn(self, size: Size) -> tuple[Region, list[Strip]]:
        """The box, centred on a screen of ``size``: where, and its lines in the
        screen's colours (kept until the words, the size or the look change)."""
        app = self._screen.app
        filters = app.get_line_filters()
        key = (size, app.theme, tuple(filters))
        if self._drawn is None or self._drawn[0] != key:
            self._drawn = (key, *self._draw(size, filters))
        return self._drawn[1], self._drawn[2]

    def _draw(self, size: Size, filters) -> tuple[Region, list[Strip]]:
        surface, body, border = _look(self._screen.app)
        width = min(WIDTH, size.width)
        panel = Panel(self.text or Text(), box=box.ROUNDED, padding=(0, 1), style=body, border_style=border)
        options = DRAWING.options.update(width=width)
        rows = DRAWING.render_lines(panel, options)
        if len(rows) > size.height:  # cut in the middle, its frame whole
            rows = DRAWING.render_lines(panel, options.update(height=size.height))
        lines = [Strip(row, width) for row in rows]
        for line_filter in filters:
            lines = [line.apply_filter(line_filter, surface) for line in lines]
        region = Region((size.width - width) // 2, (size.height - len(lines)) // 2, width, len(lines))
        return region, lines
