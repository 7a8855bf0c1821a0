"""Drawings kept for every screen in the process.

At a server table every seat's screen redraws after every move, and most of what it
draws reads as another seat's screen (or its own before the move) already drew it.
A drawing is kept under everything it is drawn from (the words or numbers it shows,
the width, the look), so it is found again only for those same things: a screen is
never shown another seat's drawing, only the same one drawn alike.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from textual.cache import LRUCache

T = TypeVar("T")


class DrawnOnce:
    """At most ``most`` drawings, the latest used last; call it with a key and how to draw."""

    def __init__(self, most: int) -> None:
        self._kept: LRUCache[Hashable, Any] = LRUCache(most)

    def __call__(self, key: Hashable, draw: Callable[[], T]) -> T:
        """What is kept under ``key``; drawn now if nothing is."""
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = draw()
        return found
