"""How River TUI draws without colour: Textual's NO_COLOR look, every colour turned
into its grey, with one change: text is kept readable on its background.

Textual's Monochrome filter greys each colour by its luminance, so a player's dark
red letter on a dark board became a dark grey on a dark grey: gone. Here a text's
grey keeps at least ``MIN_CONTRAST`` of brightness from its background's, moved
towards white on a dark background and towards black on a light one. What colour
told apart, glyphs, letters and text styles tell apart (see the widgets).
"""

from __future__ import annotations

from functools import lru_cache

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter

MIN_CONTRAST = 0.45
"""Least difference in brightness (0 black, 1 white) between a text's grey and its background's."""


def _grey(color: RichColor) -> Color:
    return Color.from_rich_color(color, ansi=False).monochrome


def _readable(text: Color, background: Color) -> Color:
    """``text``'s grey, moved away from ``background``'s until they differ enough."""
    if abs(text.brightness - background.brightness) >= MIN_CONTRAST:
        return text
    if background.brightness < 0.5:
        level = min(background.brightness + MIN_CONTRAST, 1.0)
    else:
        level = max(background.brightness - MIN_CONTRAST, 0.0)
    value = round(level * 255)
    return Color(value, value, value)


@lru_cache(4096)
def readable_grey_style(style: Style, widget_background: Color) -> Style:
    """``style`` in greys, its text readable on its own background (or, without one,
    on the widget's)."""
    background = None if style.bgcolor is None else _grey(style.bgcolor)
    foreground = None
    if style.color is not None:
        foreground = _readable(_grey(style.color), background or widget_background.monochrome)
    return style + Style.from_color(
        None if foreground is None else foreground.rich_color,
        None if background is None else background.rich_color,
    )


class ReadableGreys(LineFilter):
    """Turns every colour into a grey, text at least ``MIN_CONTRAST`` from its background."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(text, None if style is None else readable_grey_style(style, background), None)
            for text, style, _ in segments
        ]

    def restyle(self, style: Style, background: Color) -> Style:
        """What `apply` makes of one style (see filter_chain.Restyler)."""
        return readable_grey_style(style, background)
