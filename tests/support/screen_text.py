"""What the terminal shows: the text of a part of the screen as the compositor
sends it (after every clip and crop, and every line filter), for tests that check
nothing is cut and that every colour reads."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip


def screen_lines(app) -> list[Strip]:
    """Every line of the app's screen as the terminal is sent it, styles and all."""
    update = app.screen._compositor.render_full_update()
    return [Strip.join(strips) for strips in update.strips]


def on_screen(app, region) -> list[str]:
    """The text of ``region`` (screen coordinates) of the app's screen, line by line."""
    lines = [strip.text for strip in screen_lines(app)]
    return [line[region.x:region.right] for line in lines[region.y:region.bottom]]


def segments_on_screen(app) -> list[list[Segment]]:
    """Each line of the app's screen as its segments (text and style)."""
    return [list(strip) for strip in screen_lines(app)]
