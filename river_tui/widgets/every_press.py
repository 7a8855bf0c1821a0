"""Scroll keys where every press counts.

Textual's scroll actions move at the next refresh, from where the view stands
then, so presses arriving together (a held key, a quick hand) all started from
the same line: five ↓ moved one. These move at once, from where the last press
left the view."""

from __future__ import annotations

from textual.actions import SkipAction
from textual.widget import Widget


def scroll_by(widget: Widget, lines: int) -> None:
    """Scroll ``widget`` ``lines`` down (up if negative) from where the last scroll is headed."""
    widget.scroll_to(y=widget.scroll_target_y + lines, animate=False, immediate=True)


class EveryPressScrolls:
    """For a scrolling container: ↑, ↓, PgUp and PgDn each scroll, however fast they come."""

    def action_scroll_down(self) -> None:
        self._scroll_by(1)

    def action_scroll_up(self) -> None:
        self._scroll_by(-1)

    def action_page_down(self) -> None:
        self._scroll_by(self.scrollable_content_region.height)

    def action_page_up(self) -> None:
        self._scroll_by(-self.scrollable_content_region.height)

    def _scroll_by(self, lines: int) -> None:
        if not self.allow_vertical_scroll:
            raise SkipAction()
        scroll_by(self, lines)
