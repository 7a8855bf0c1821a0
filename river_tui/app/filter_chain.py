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
true colour, the light inks, greys, the colour depth), or one style per kind of
text (a `KindRestyler`: the readable inks, which leave frames alone); a line
without control characters passes the control filter as it is. Such a line is
restyled in one pass, each style (of each kind of text) once: one new segment per
segment, not one per filter.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
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


@runtime_checkable
class KindRestyler(Protocol):
    """A filter whose ``apply`` is ``[Segment(text, None if style is None else
    restyle_kind(style, background, kind(text)), None) ...]``: each segment's style
    alone changes, as the kind of its text says."""

    def kind(self, text: str) -> Hashable: ...

    def restyle_kind(self, style: Style, background: Color, kind: Hashable) -> Style: ...


def _restyle_of(line_filter: LineFilter) -> Callable[[Style, Color, tuple], Style] | None:
    """The filter's style function (of a style, the background and the kinds of the
    segment's text) if it is a `Restyler` or a `KindRestyler` (Textual's true colour
    filter is a restyler too), else None."""
    if isinstance(line_filter, ANSIToTruecolor):
        return lambda style, background, kinds: line_filter.truecolor_style(style, background.rich_color)
    if isinstance(line_filter, KindRestyler):
        return lambda style, background, kinds: line_filter.restyle_kind(style, background, kinds[line_filter])
    if isinstance(line_filter, Restyler):
        return lambda style, background, kinds: line_filter.restyle(style, background)
    return None


class FilterChain(LineFilter):
    """Applies ``filters`` in order, as Textual would apply them one by one."""

    def __init__(self, filters: tuple[LineFilter, ...]) -> None:
        super().__init__()
        self.filters = filters
        restyles = [_restyle_of(f) for f in filters if not isinstance(f, DropControlCharacters)]
        self._restyles = None if None in restyles else restyles
        """The filters' style functions in order, if every filter but the control filter has one."""
        self._kinds = [f for f in filters if isinstance(f, KindRestyler)]
        """The filters whose style depends on the kind of a segment's text."""
        self._restyled: dict[tuple[Style, Color, tuple], Style] = {}

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if self._restyles is None or any(control or not text.isprintable() for text, _, control in segments):
            for line_filter in self.filters:
                segments = line_filter.apply(segments, background)
            return segments
        restyled = self._restyled
        if len(restyled) > MOST_RESTYLED:
            restyled.clear()
        out = []
        kinders = self._kinds
        for text, style, _ in segments:
            if style is not None:
                kinds = tuple(f.kind(text) for f in kinders)
                new = restyled.get((style, background, kinds))
                if new is None:
                    new = style
                    by_filter = dict(zip(kinders, kinds))
                    for restyle in self._restyles:
                        new = restyle(new, background, by_filter)
                    restyled[(style, background, kinds)] = new
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
