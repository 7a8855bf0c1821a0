"""Riverside's drawn lines, kept for every screen in the process.

At a server table every seat's screen redraws after every move, and most of what
it draws reads as another seat's screen (or its own before the move) already drew
it: the river and the dice are the same for every seat of a position, an empty row
of seats is the same on every sheet, a move changes one or two lines of a sheet.
A drawing is kept under everything it is drawn from (the numbers a line shows, the
width, the look), so it is found again only for those same things: a screen is
never shown another seat's line, only the same line drawn alike.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from textual.cache import LRUCache

KEPT = 2048
"""Drawings kept at most, the latest used last: some 3 KB each on average (a line's text
or strip; the river's five strips some 16 KB), some 7 MB at most for the whole server.
30 sessions at real tables keep some 400 in 200 moves (bench/ssh_redraw_cost.py)."""

T = TypeVar("T")

_kept: LRUCache[Hashable, object] = LRUCache(KEPT)


def kept(key: Hashable, draw: Callable[[], T]) -> T:
    """What is kept under ``key`` (all a drawing is drawn from); drawn now if nothing is."""
    found = _kept.get(key)
    if found is None:
        found = _kept[key] = draw()
    return found  # type: ignore[return-value]
