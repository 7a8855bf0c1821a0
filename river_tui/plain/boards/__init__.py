"""Each game's position as lines of text, for plain mode: named sections (the
river, the lake, each seat's sheet...) made from one seat's view only, so a line
can say no more than that seat's screen shows. ``board`` prints them all, ``board
NAME`` one of them."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

Section = tuple[str, list[str]]
"""A part of the board: its name (what ``board NAME`` asks for) and its lines."""

Sections = Callable[[Any, int | None, Sequence[str]], list[Section]]
"""(a seat's view, that seat or None for a watcher, the seats' names) -> sections."""

_MODULES = {"glassworks": "glassworks", "riverside": "riverside", "flow": "flow", "we-all-take": "we_all_take"}


def sections_of(game_id: str) -> Sections:
    """The board of ``game_id`` in text; a game without one of its own (a test's
    toy game) shows its view's fields."""
    module = _MODULES.get(game_id, "fields")
    return importlib.import_module(f"{__name__}.{module}").sections


def scores_of(game_id: str) -> Callable[[Any, Sequence[str]], list[str]] | None:
    """The scores so far of ``game_id`` as lines, from a view (None: the game
    counts its scores only at the end)."""
    module = importlib.import_module(f"{__name__}.{_MODULES.get(game_id, 'fields')}")
    return getattr(module, "scores", None)
