"""The last colour filter moves an ink that does not read on its background until it
does, in every depth, and leaves frames and inks that read as they are."""

from __future__ import annotations

import pytest
from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from rich.terminal_theme import MONOKAI
from textual.color import Color

from river_tui.app.river_app import RiverApp
from river_tui.app.colour_depth import style_in
from river_tui.app.readable_inks import ReadableInks, readable_inks

from app.test_every_colour_reads import contrast

GOLD_ON_GREY = Style(color="#d2ab4c", bgcolor="#e0e0e0")  # Glassworks' rarity numbers were drawn so: 1.7:1
INK_ON_RED = Style(color="#1a1a1a", bgcolor="#f4005f")  # in 16 colours, nothing reads on this red: 4.2:1 at best


def drawn(style: Style, palette=MONOKAI) -> tuple[tuple, tuple]:
    ink, paper = (style.bgcolor, style.color) if style.reverse else (style.color, style.bgcolor)
    return tuple(ink.get_truecolor(palette)), tuple(paper.get_truecolor(palette, foreground=False))


@pytest.mark.parametrize("system", [ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT, ColorSystem.STANDARD])
@pytest.mark.parametrize("style", [GOLD_ON_GREY, INK_ON_RED, Style(color="#0178d4", bgcolor="#ffffff", reverse=True)])
def test_words_are_drawn_in_an_ink_that_reads_and_frames_are_left_alone(system, style):
    inks = readable_inks(system, MONOKAI)
    style = style if system == ColorSystem.TRUECOLOR else style_in(style, system)
    words, frame = inks.apply([Segment("B12", style), Segment("──", style)], Color(0, 0, 0))
    assert contrast(*drawn(words.style)) >= 4.5
    if system == ColorSystem.TRUECOLOR:
        assert frame.style == style
    else:  # the background a frame shares with the words (a tile's) is the words' background
        ink, paper = ("bgcolor", "color") if style.reverse else ("color", "bgcolor")
        assert getattr(frame.style, paper) == getattr(words.style, paper)
        assert getattr(frame.style, ink) == getattr(style, ink)


def test_an_ink_that_reads_is_drawn_as_it_is():
    style = Style(color="#ffffff", bgcolor="#1f4e9c")
    (segment,) = readable_inks(ColorSystem.TRUECOLOR, MONOKAI).apply([Segment("B★", style)], Color(0, 0, 0))
    assert segment.style is style


@pytest.mark.parametrize("no_color", [False, True])
async def test_the_app_draws_readable_inks_last_unless_it_draws_without_colour(no_color):
    app = RiverApp(no_color=no_color)
    async with app.run_test(size=(80, 24)):
        last = app.filters_in_order()[-1]
        assert isinstance(last, ReadableInks) is not no_color
        if not no_color:
            assert last.palette is app.ansi_theme
