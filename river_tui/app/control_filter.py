"""The last guard between the app and the terminal: no rendered line carries a
control character.

Textual and Rich strip only BEL, BS, VT, FF and CR from text; ESC and the C1
controls (0x80-0x9f, 0x9b is a one-byte CSI) reach the terminal as they are.
Outside text is cleaned where it enters (`safe_text.plain`); this filter, run on
every line of every widget, drops whatever a path missed. Control characters take
no cells, so the line keeps its width.
"""

from __future__ import annotations

import re

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


class DropControlCharacters(LineFilter):
    """Removes C0, DEL and C1 control characters from the text of every segment,
    and control segments (a widget's line never needs one: Textual moves the
    cursor itself, and Rich's `Control` could retitle the window)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        for text, _, control in segments:  # the usual line has nothing to drop: pass it on as it is
            if control or not text.isprintable():
                break
        else:
            return segments
        cleaned = (Segment(_CONTROL.sub("", text), style) for text, style, control in segments if not control)
        return [segment for segment in cleaned if segment.text]


DROP_CONTROLS = DropControlCharacters()
"""The one filter every app uses: it keeps nothing of its own, and Textual keeps what a
filter made of a line by the filter object, so apps sharing one share those results."""
