"""The drawn lines of the choices lists and of the side panels (river, players, role),
kept for every list and panel in the process.

Every seat at a table is listed much the same choices, and a seat much the same
choices as before the last move ("Done", "Trade", the camp's moves): drawing a
choice's words (wrapping them, styling them into cells) costs more than the rest of
a list's redraw; the panels' lines read alike on every seat's screen but for its own
rows. A choice's lines are kept under its whole words (text and styles),
the width they were wrapped to and the look they were drawn with; they are reused
only for those same words at that width in that look, so a list never shows another
seat's words, only the same ones drawn alike.
"""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text

from ..drawn_once import DrawnOnce

KEPT = 1024
"""Entries kept at most, each a choice's or heading's lines in one look (3-6 KB with
Textual's caches in each line: at most some 5 MB for the whole server). The lists
shown at 30 sessions use a few hundred."""


def words_of(text: Text) -> Hashable:
    """Everything of ``text`` its lines are drawn from: the same key, the same lines."""
    return (text.plain, tuple(text.spans), text.style, text.justify, text.overflow, text.no_wrap)


drawn = DrawnOnce(KEPT)
"""The lines kept under a key (the words, width and look); drawn now if none are."""
