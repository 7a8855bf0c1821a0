"""A box over a screen: a modal screen whose translucent background shows the screen
under it dimmed, as Textual draws it (`BackgroundScreen`: every segment of the screen
under it tinted by the box's background colour, then the box screen's own style
added to it by `Widget.post_render`).

Textual works out each segment's two styles anew, at every drawing of the box's
screen: the board under a box is thousands of segments in a few dozen styles, drawn
again whenever the box comes up and at every move under it (at a server table, on
every seat's screen with a box up). `BoxScreen` draws the same cells with each style
worked out once for the process (`DimmedScreen`), through Textual's public `render`
and `post_render`.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen, ScreenResultType

MOST_STYLES = 4096
"""Dimmed styles kept; past this many (themes switched back and forth) they are worked out afresh."""
_dimmed: dict[tuple[Style | None, Color, Style | None], Style] = {}


class DimmedScreen(BackgroundScreen):
    """Textual's dimmed screen under a box with the box screen's own style (``base``)
    added as `Widget.post_render` adds it: each style worked out once (`MOST_STYLES`)."""

    base: Style | None = None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterable[Segment]:
        base = console.get_style(self.base) if self.base is not None else None
        segments = super().__rich_console__(console, options)
        if not base:  # Textual's post_render adds nothing then
            yield from segments
            return
        if len(_dimmed) > MOST_STYLES:
            _dimmed.clear()
        color, process = self.color, BackgroundScreen.process_segments
        for text, style, control in segments:
            if control:  # as post_render passes it: the base style added, not tinted
                yield Segment(text, base + style)
                continue
            key = (style, color, base)
            dimmed = _dimmed.get(key)
            if dimmed is None:
                (tinted,) = process([Segment(" ", style)], color)
                dimmed = _dimmed[key] = base + tinted.style
            yield Segment(text, dimmed)

    @classmethod
    def process_segments(cls, segments: Iterable[Segment], color: Color) -> Iterable[Segment]:
        return segments  # tinted with the base style added, in `__rich_console__`


class BoxScreen(ModalScreen[ScreenResultType]):
    """A modal screen that draws the screen under it dimmed with `DimmedScreen`."""

    def render(self) -> RenderableType:
        drawn = super().render()
        return DimmedScreen(drawn.screen, drawn.color) if type(drawn) is BackgroundScreen else drawn

    def post_render(self, renderable: RenderableType, base_style: Style):
        if isinstance(renderable, DimmedScreen):
            renderable.base = base_style
            return renderable
        return super().post_render(renderable, base_style)
