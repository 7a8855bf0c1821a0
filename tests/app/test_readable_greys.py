"""Without colour, every colour becomes a grey and text stays readable on its background."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.color import Color

from river_tui.app.readable_greys import MIN_CONTRAST, ReadableGreys

DARK, LIGHT = Color.parse("#1e1e1e"), Color.parse("#f0f0f0")


def brightness(rich_color) -> float:
    return Color.from_rich_color(rich_color).brightness


def test_a_dark_letter_on_a_dark_board_is_lifted_and_everything_is_grey():
    segments = [
        Segment("D", Style(color="#8b0030", bold=True)),  # a dark crimson letter on the widget's background
        Segment("R", Style(color="#402000", bgcolor="#202830")),
        Segment("·", Style(color="#d0d0ff", bgcolor="#f0f0f0")),  # light on light: darkened
        Segment(" ", None),
        Segment("x", Style(reverse=True)),
    ]
    out = ReadableGreys().apply(segments, DARK)
    assert [s.text for s in out] == ["D", "R", "·", " ", "x"]
    assert out[3].style is None and out[4].style == Style(reverse=True)
    assert out[0].style.bold
    for seg in out[:3]:
        for colour in (seg.style.color, seg.style.bgcolor):
            if colour is not None:
                r, g, b = colour.triplet
                assert r == g == b, f"{seg.text}: {colour} is not a grey"
    assert brightness(out[0].style.color) - DARK.brightness >= MIN_CONTRAST - 0.01
    assert brightness(out[1].style.color) - brightness(out[1].style.bgcolor) >= MIN_CONTRAST - 0.01
    assert brightness(out[2].style.bgcolor) - brightness(out[2].style.color) >= MIN_CONTRAST - 0.01


def test_text_that_was_readable_keeps_its_own_grey():
    (out,) = ReadableGreys().apply([Segment("a", Style(color="#ffffff"))], DARK)
    assert out.style.color.triplet == (255, 255, 255)
    (out,) = ReadableGreys().apply([Segment("a", Style(color="#000000"))], LIGHT)
    assert out.style.color.triplet == (0, 0, 0)
