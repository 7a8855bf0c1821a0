"""Colours brought down to the terminal's depth before they are drawn.

Rich and Textual remember the escape codes of a Style on the Style itself
(``Style._ansi``), whatever colour system they were made for, and equal styles are
shared objects (Rich caches ``Style.__add__``). In one process serving terminals of
different depths (``river-tui serve``), a 16-colour session was sent the true-colour
codes a true-colour session had made for the same style first. Drawing each session's
colours already in its own depth gives its styles their own objects, and codes.
"""

from __future__ import annotations

from functools import lru_cache

from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter

SYSTEMS = {"standard": ColorSystem.STANDARD, "256": ColorSystem.EIGHT_BIT}
"""The depths below true colour, by the name Rich's Console gives them."""


@lru_cache(4096)
def style_in(style: Style, system: ColorSystem) -> Style:
    """``style`` with its colours as ``system`` draws them."""
    color, bgcolor = style.color, style.bgcolor
    if (color is None or color.system <= system) and (bgcolor is None or bgcolor.system <= system):
        return style
    return style + Style.from_color(
        None if color is None else color.downgrade(system), None if bgcolor is None else bgcolor.downgrade(system)
    )


class ToColourDepth(LineFilter):
    """Brings every colour down to ``system`` (16 or 256 colours)."""

    def __init__(self, system: ColorSystem) -> None:
        super().__init__()
        self.system = system

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        system = self.system
        return [Segment(text, None if style is None else style_in(style, system), None) for text, style, _ in segments]

    def restyle(self, style: Style, background: Color) -> Style:
        """What `apply` makes of one style (see filter_chain.Restyler)."""
        return style_in(style, self.system)


DEPTH_FILTERS = {name: ToColourDepth(system) for name, system in SYSTEMS.items()}
"""One filter per depth below true colour, shared by every app."""
