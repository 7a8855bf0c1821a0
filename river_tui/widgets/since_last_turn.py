"""What happened since a seat last acted, in a box over its game screen (over the
middle, or where the screen says it hides least: `GameScreen.recap_area`): shown when
its turn comes after others moved (unless the handover before it said it all: see
`screens/handover.py`); any key or click puts it away (the app's own priority keys
still act), but for the keys that scroll a summary
taller than its room (↑↓, PgUp/PgDn, Home/End); the game screen's "Recap" key brings it
back.

It is not a screen of its own (a screen pushed and popped at nearly every turn made
every seat's terminal redraw whole twice). With Textual's patches in (river_tui/patches)
the screen's compositor draws it over the widgets, and showing or putting it away
redraws only the lines it covers; without them it is a widget over the screen
(`RecapBox`), which Textual lays the whole screen out for when it comes and goes.
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
from textual.widget import Widget

from ..patches import show_overlay
from ..safe_text import plain

if TYPE_CHECKING:
    from textual.screen import Screen

WIDTH = 76
"""The box's width where the screen has room (else the screen's)."""
MIN_WIDTH, MIN_HEIGHT = 24, 8
"""The least room a screen's area for the box must give (else the box goes over the whole screen)."""
SCROLL_KEYS = frozenset({"up", "down", "pageup", "pagedown", "home", "end"})

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


def recap_words(seat_name: str, lines: tuple[str, ...], first: bool = False) -> Text:
    """"Since Bob's last turn" (``first``: before Bob's first), then ``lines``
    (`Recent.summary`), each line's heading in bold."""
    since = "Before {}'s first turn" if first else "Since {}'s last turn"
    text = Text(since.format(plain(seat_name, 40)) + "\n", style="bold")
    for line in lines:
        heading, _, rest = plain(line).partition(": ")
        text.append("\n")
        text.append(f"{heading}: ", style="bold")
        text.append(rest)
    return text


class SinceLastTurn:
    """The summary of the others' moves since a seat last acted (lines from
    `Table.recent`, grouped under the game's headings), over ``screen``. Hidden until told."""

    def __init__(self, screen: Screen) -> None:
        self._screen = screen
        self.text: Text | None = None
        """What the box says (None: it is not on show)."""
        self._drawn: tuple[tuple, Region, list[Strip]] | None = None
        self.top = 0
        """The first line of the words in view, when they are taller than the box's room."""
        self._hidden = 0  # lines of words out of view when last drawn (0: they all fit)
        self._box: RecapBox | None = None  # the box as a widget, made when the compositor cannot draw it

    @property
    def shown(self) -> bool:
        """Whether the summary is on show."""
        return self.text is not None

    def tell(self, seat_name: str, lines: tuple[str, ...], first: bool = False) -> None:
        """Show what happened since ``seat_name``'s last turn (``first``: before its
        first turn, it has had none)."""
        text = recap_words(seat_name, lines, first)
        text.append("\n\nAny key to go on.", style="italic")
        self._show(None)  # the lines the box said its last words on
        self.text, self._drawn, self.top = text, None, 0
        self._show(self)

    def scroll(self, key: str) -> bool:
        """Scroll words taller than the box by ``key`` (↑↓, PgUp/PgDn, Home/End);
        whether the key is one of those and the words do not all fit."""
        size = self._screen.size
        _, lines = self.drawn(size)
        if not self._hidden or key not in SCROLL_KEYS:
            return False
        page = max(len(lines) - 3, 1)
        step = {"up": -1, "down": 1, "pageup": -page, "pagedown": page, "home": -self.top, "end": self._hidden}[key]
        top = max(0, min(self.top + step, self._hidden))
        if top != self.top:
            self.top, self._drawn = top, None
            self._show(self)
        return True

    def put_away(self) -> bool:
        """Hide the summary; whether it was on show."""
        shown = self.shown
        if shown:
            self._show(None)
            self.text = None
        return shown

    def _show(self, overlay: SinceLastTurn | None) -> None:
        if show_overlay(self._screen, overlay):
            return
        if self._box is None:
            if overlay is None:
                return
            self._box = RecapBox(self)
            self._screen.mount(self._box)
        self._box.place(overlay is not None)

    def drawn(self, size: Size) -> tuple[Region, list[Strip]]:
        """The box, centred on a screen of ``size``: where, and its lines in the
        screen's colours (kept until the words, the size or the look change)."""
        app = self._screen.app
        filters = app.get_line_filters()
        key = (size, app.theme, tuple(filters), self._area(size))
        if self._drawn is None or self._drawn[0] != key:
            self._drawn = (key, *self._draw(size, filters))
        return self._drawn[1], self._drawn[2]

    def _area(self, size: Size) -> Region:
        """Where the box may go on a screen of ``size``: where its screen says, else all of it."""
        area = getattr(self._screen, "recap_area", lambda: None)()
        whole = Region(0, 0, *size)
        return area.intersection(whole) if area and area.width >= MIN_WIDTH and area.height >= MIN_HEIGHT else whole

    def _draw(self, size: Size, filters) -> tuple[Region, list[Strip]]:
        """The box in the middle of its area; words taller than the area are shown from
        ``top``, the frame whole, its bottom edge saying how to scroll."""
        surface, body, border = _look(self._screen.app)
        area = self._area(size)
        width = min(WIDTH, area.width)
        words = DRAWING.render_lines(self.text or Text(), DRAWING.options.update(width=width - 4), style=body)
        room = area.height - 2
        self._hidden = max(len(words) - room, 0)
        self.top = min(self.top, self._hidden)
        if self._hidden:
            words = words[self.top : self.top + room]
        # "↑↓ 1-19 of 76": the lines in view, short enough for the narrowest box
        hint = f"↑↓ {self.top + 1}-{self.top + len(words)} of {len(words) + self._hidden}" if self._hidden else None
        panel = Panel(Text("\n").join(_line(row) for row in words), box=box.ROUNDED, padding=(0, 1), style=body,
                      border_style=border, subtitle=hint, subtitle_align="right")
        rows = DRAWING.render_lines(panel, DRAWING.options.update(width=width))
        lines = [Strip(row, width) for row in rows]
        for line_filter in filters:
            lines = [line.apply_filter(line_filter, surface) for line in lines]
        region = Region(area.x + (area.width - width) // 2, area.y + (area.height - len(lines)) // 2, width, len(lines))
        return region, lines


def _line(segments: list) -> Text:
    """One laid-out line of the words again as Text (its styles kept)."""
    text = Text()
    for segment in segments:
        if not segment.control:
            text.append(segment.text.rstrip("\n"), segment.style)
    text.rstrip()
    return text


class RecapBox(Widget):
    """The summary's box as a widget over the whole screen, drawn from the summary's lines."""

    DEFAULT_CSS = """
    RecapBox { overlay: screen; position: absolute; display: none; }
    """

    def __init__(self, summary: SinceLastTurn) -> None:
        super().__init__()
        self.summary = summary

    def place(self, shown: bool) -> None:
        """Show the box where the summary says, or hide it."""
        if shown:
            region, _ = self.summary.drawn(self.screen.size)
            self.styles.offset = region.offset
            self.styles.width, self.styles.height = region.width, region.height
        self.display = shown
        self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        region, lines = self.summary.drawn(self.screen.size)
        if (region.offset, region.size) != (self.styles.offset.resolve(self.size, self.screen.size), self.size):
            self.call_after_refresh(self.place, self.summary.shown)  # the screen changed size
        return [line.crop(crop.x, crop.right) for line in lines[crop.y : crop.bottom]]
