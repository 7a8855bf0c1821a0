"""The terminal's own cursor on the thing in focus: the board's cursor, the
highlighted choice of a list, else the focused widget's first cell. Screen
readers and magnifiers that read the screen follow the terminal's cursor; Textual
moves it to `App.cursor_position` (its public place for this) after every update.

The cursor is shown too unless the player asked to keep it hidden:
``RIVER_TUI_CURSOR=hidden`` (over SSH, send it: ``SetEnv RIVER_TUI_CURSOR=hidden``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from textual.geometry import Offset
from textual.widget import Widget
from textual.widgets import OptionList

CURSOR_SETTING = "RIVER_TUI_CURSOR"
HIDDEN = "hidden"


def cursor_shown(environment: Mapping[str, str] | None = None) -> bool:
    """Whether the terminal's cursor is shown (``RIVER_TUI_CURSOR=hidden`` keeps it hidden)."""
    env = os.environ if environment is None else environment
    return str(env.get(CURSOR_SETTING, "")).strip().lower() != HIDDEN


def put_cursor(widget: Widget, x: int = 0, y: int = 0) -> None:
    """Put the terminal's cursor on cell (x, y) of ``widget``'s content (its own
    coordinates, scrolled as the widget is), kept inside the part shown; only
    while the widget has the focus (it is what the player works on)."""
    if not widget.has_focus or not widget.is_mounted:
        return
    region = widget.content_region
    if not region:
        return
    scroll = widget.scroll_offset
    column = min(max(region.x + x - scroll.x, region.x), region.right - 1)
    row = min(max(region.y + y - scroll.y, region.y), region.bottom - 1)
    widget.app.cursor_position = Offset(column, row)


def follow(widget: Widget) -> None:
    """The terminal's cursor on what ``widget`` highlights: a list's highlighted
    choice (its first column; a choice is taken as one line), a table's row, else the
    widget's first cell. A board places it itself (``PLACES_TERMINAL_CURSOR``), and
    a widget with a text cursor (Textual's Input and TextArea: ``cursor_screen_offset``)
    puts it there itself."""
    if getattr(widget, "PLACES_TERMINAL_CURSOR", False) or hasattr(widget, "cursor_screen_offset"):
        return
    if isinstance(widget, OptionList):
        put_cursor(widget, 0, widget.highlighted or 0)
        return
    # Imported here: a table is never on the first screen, and the start stays lean.
    from textual.widgets import DataTable

    if isinstance(widget, DataTable):
        put_cursor(widget, 0, widget.cursor_row + (widget.header_height if widget.show_header else 0))
    else:
        put_cursor(widget)
