"""Every ink readable on the background it is drawn on, in every look and depth.

The last of the app's colour filters: where a text's colour, as the terminal is sent
it, has a contrast below ``NEED`` (WCAG's 4.5:1 for text) on its own background, it
is moved until it reads: in true colour towards white or black, whichever the
background is further from, as little as needed (its hue kept); in 256 and 16
colours to the nearest colour of that depth that reads (read in the look's terminal
colours, as Textual reads them), with its background where none reads on it. So a widget's dimmed piece, a theme's muted
heading, Textual's own dropdown arrow or a game ink that 256 or 16 colours bring
too close to a grey reads without each being chosen by hand; a colour that already
reads is sent as it is. (Without colour, `readable_greys` does the same for greys.)
"""

from __future__ import annotations

import re
from functools import lru_cache

from rich.color import Color as RichColor
from rich.color import ColorSystem
from rich.color_triplet import ColorTriplet
from rich.segment import Segment
from rich.style import Style
from rich.terminal_theme import TerminalTheme
from textual.color import Color
from textual.filter import LineFilter

NEED = 4.5
"""The least contrast of a text on its background (WCAG 2, level AA)."""
STEPS = 20
"""How finely a true-colour ink is moved towards white or black."""


def luminance(rgb: ColorTriplet) -> float:
    """WCAG 2's relative luminance."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = rgb
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(a: ColorTriplet, b: ColorTriplet) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _distance(a: ColorTriplet, b: ColorTriplet) -> float:
    """How far apart two colours look ("redmean", a cheap approximation of the eye's)."""
    mean_red = (a[0] + b[0]) / 2
    red, green, blue = (x - y for x, y in zip(a, b))
    return (2 + mean_red / 256) * red * red + 4 * green * green + (2 + (255 - mean_red) / 256) * blue * blue


@lru_cache(8)
def _depth_colours(system: ColorSystem) -> tuple[RichColor, ...]:
    """The colours a terminal of ``system`` has: the 16 of its palette, or 256 colours'
    cube and greys (their values are fixed, unlike the palette's)."""
    numbers = range(16) if system == ColorSystem.STANDARD else range(16, 256)
    return tuple(RichColor.from_ansi(number) for number in numbers)


def _moved(ink: ColorTriplet, paper: ColorTriplet) -> RichColor:
    """``ink`` moved towards white or black (whichever reads better on ``paper``) until it reads."""
    target = (255, 255, 255) if contrast((255, 255, 255), paper) >= contrast((0, 0, 0), paper) else (0, 0, 0)
    for step in range(1, STEPS + 1):
        t = step / STEPS
        rgb = ColorTriplet(*(round(i + (g - i) * t) for i, g in zip(ink, target)))
        if contrast(rgb, paper) >= NEED:
            break
    return RichColor.from_triplet(rgb)


def _nearest(ink: ColorTriplet, paper: RichColor, system: ColorSystem, palette: TerminalTheme
             ) -> tuple[RichColor, RichColor]:
    """The colour of ``system`` nearest to ``ink`` that reads on ``paper``, and the paper.
    Where no colour reads on it (a palette's red that is too bright for black and too
    dark for white), the paper too becomes the nearest of the depth where one does."""
    colours = [(colour, colour.get_truecolor(palette)) for colour in _depth_colours(system)]
    paper_rgb = paper.get_truecolor(palette, foreground=False)
    papers = [(paper, paper_rgb)] + sorted(colours, key=lambda pair: _distance(pair[1], paper_rgb))
    for under, under_rgb in papers:
        reading = [(colour, rgb) for colour, rgb in colours if contrast(rgb, under_rgb) >= NEED]
        if reading:
            return min(reading, key=lambda pair: _distance(pair[1], ink))[0], under
    return paper, paper  # not reached: black and white read on each other in every palette


@lru_cache(4096)
def readable(style: Style, system: ColorSystem, palette: TerminalTheme, inked: bool = True) -> Style:
    """``style`` with its ink moved, where needed, until it reads on its background in
    ``system`` (colours of the palette read in ``palette``). ``inked``: drawn on text
    that is read (not only spaces, frames or blocks); without it, only a background
    changed for the ink's sake changes, so that a tile keeps one background. A style
    without its own ink or background is kept: what is under it is not known here."""
    ink_name, paper_name = ("bgcolor", "color") if style.reverse else ("color", "bgcolor")
    ink, paper = getattr(style, ink_name), getattr(style, paper_name)
    if ink is None or paper is None or ink.is_default or paper.is_default:
        return style
    ink_rgb, paper_rgb = ink.get_truecolor(palette), paper.get_truecolor(palette, foreground=False)
    if contrast(ink_rgb, paper_rgb) >= NEED:
        return style
    if system == ColorSystem.TRUECOLOR:
        return style + Style(**{ink_name: _moved(ink_rgb, paper_rgb)}) if inked else style
    better, under = _nearest(ink_rgb, paper, system, palette)
    return style + Style(**({ink_name: better, paper_name: under} if inked else {paper_name: under}))


INKED = re.compile(r"[^\s\u2500-\u259f]")
"""A character that is read: neither a space nor a frame's or a scrollbar's (box drawing, blocks)."""


class ReadableInks(LineFilter):
    """Moves every ink that does not read on its background until it does (see `readable`)."""

    def __init__(self, system: ColorSystem, palette: TerminalTheme) -> None:
        super().__init__()
        self.system, self.palette = system, palette

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(text, None if style is None else self.restyle_kind(style, background, self.kind(text)), None)
                for text, style, _ in segments]

    @staticmethod
    def kind(text: str) -> bool:
        """What of a segment's text its style depends on (see filter_chain.KindRestyler)."""
        return INKED.search(text) is not None

    def restyle_kind(self, style: Style, background: Color, inked: bool) -> Style:
        """What `apply` makes of the style of a segment of that kind."""
        return readable(style, self.system, self.palette, inked)


@lru_cache(16)
def readable_inks(system: ColorSystem, palette: TerminalTheme) -> ReadableInks:
    """The one filter for a depth and a palette, shared by every app (equal filter
    chains are one object: see filter_chain)."""
    return ReadableInks(system, palette)
