"""A header title whose new words lay nothing out.

Textual's `HeaderTitle.update` asks for a layout of the whole screen with each new
title, and a game screen's title (where the game stands) changes at every turn, on
every seat's screen. `SteadyTitle` takes the header's width whatever it says, so its
words only redraw it: one whole-screen layout fewer per move on every seat's screen
(docs/decisions/0005).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from textual.widget import Widget
from textual.widgets._header import HeaderTitle


class SteadyTitle(HeaderTitle):
    """The header's title, redrawn but never laid out again for new words."""

    def update(self, content="", *, layout: bool = False) -> None:
        super().update(content, layout=False)


def steadied(widgets: Iterable[Widget]) -> Iterator[Widget]:
    """``widgets``, Textual's header title among them made a `SteadyTitle`."""
    for widget in widgets:
        yield SteadyTitle() if type(widget) is HeaderTitle else widget
