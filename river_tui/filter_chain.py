"""An app's line filters applied as one.

Textual applies each of an app's line filters to every line of every widget it
draws, on every frame, the lines it drew before included: each filter's result is
kept on the line, keyed by the filter, and looked up again. A server session has
three (ANSI colours to true colour, control characters dropped, the terminal's
colour depth), so a frame made three lookups, and three new lines, where one will
do. A `FilterChain` is one filter that applies several in turn; equal chains are
one object, so that apps with the same filters share each other's results on the
lines every app draws alike (Textual's blank lines are process-wide).

Most filters only change each segment's style, one style at a time (a `Restyler`:
true colour, the light inks, greys, the colour depth); a line without control
characters passes the control filter as it is. Such a line is restyled in one pass,
each style once: one new segment per segment, not one per filter.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import ANSIToTruecolor, LineFilter

from .control_filter import DropControlCharacters

MOST_CHAINS = 64
"""Chains kept for reuse; past this many (themes switched back and forth) they are made afresh."""


MOST_RESTYLED = 4096
"""Styles a chain keeps restyled (per background); past this many it starts afresh."""


@runtime_checkable
class Restyler(Protocol):
    """A filter whose ``apply`` is ``[Segment(text, None if style is None else
    restyle(style, background), None) ...]``: each segment's style alone changes."""

    def restyle(self, style: Style, background: Color) -> Style: ...


def _restyle_of(line_filter: LineFilter) -> Callable[[Style, Color], Style] | None:
    """The filter's style function if it is a `Restyler` (Textual's true colour filter is
    one too), else None."""
    if isinstance(line_filter, ANSIToTruecolor):
        return lambda style, background: line_filter.truecolor_style(style, background.rich_color)
    return line_filter.restyle if isinstance(line_filter, Restyler) else None


class FilterChain(LineFilter):
    """Applies ``filters`` in order, as Textual would apply them one by one."""

    def __init__(self, filters: tuple[LineFilter, ...]) -> None:
        super().__init__()
        self.filters = filters
        restyles = [_restyle_of(f) for f in filters if not isinstance(f, DropControlCharacters)]
        self._restyles = None if None in restyles else restyles
        """The filters' style functions in order, if every filter but the control filter has one."""
        self._restyled: dict[tuple[Style, Color], Style] = {}

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if self._restyles is None or any(control or not text.isprintable() for text, _, control in segments):
            for line_filter in self.filters:
                segments = line_filter.apply(segments, background)
            return segments
        restyled = self._restyled
        if len(restyled) > MOST_RESTYLED:
            restyled.clear()
        out = []
        for text, style, _ in segments:
            if style is not None:
                new = restyled.get((style, background))
                if new is None:
                    new = style
                    for restyle in self._restyles:
                        new = restyle(new, background)
                    restyled[(style, background)] = new
                style = new
            out.append(Segment(text, style, None))
        return out


_CHAINS: dict[tuple[LineFilter, ...], FilterChain] = {}


def chained(filters: Sequence[LineFilter]) -> list[LineFilter]:
    """``filters`` as a list of one `FilterChain` (the same object for the same filters),
    or as they are when there are fewer than two."""
    key = tuple(filters)
    if len(key) < 2:
        return list(key)
    chain = _CHAINS.get(key)
    if chain is None:
        if len(_CHAINS) >= MOST_CHAINS:
            _CHAINS.clear()
        chain = _CHAINS[key] = FilterChain(key)
    return [chain]
