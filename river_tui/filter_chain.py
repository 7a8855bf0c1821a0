"""An app's line filters applied as one.

Textual applies each of an app's line filters to every line of every widget it
draws, on every frame, the lines it drew before included: each filter's result is
kept on the line, keyed by the filter, and looked up again. A server session has
three (ANSI colours to true colour, control characters dropped, the terminal's
colour depth), so a frame made three lookups, and three new lines, where one will
do. A `FilterChain` is one filter that applies several in turn; equal chains are
one object, so that apps with the same filters share each other's results on the
lines every app draws alike (Textual's blank lines are process-wide).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

MOST_CHAINS = 64
"""Chains kept for reuse; past this many (themes switched back and forth) they are made afresh."""


class FilterChain(LineFilter):
    """Applies ``filters`` in order, as Textual would apply them one by one."""

    def __init__(self, filters: tuple[LineFilter, ...]) -> None:
        super().__init__()
        self.filters = filters

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        for line_filter in self.filters:
            segments = line_filter.apply(segments, background)
        return segments


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
