"""The line that says what the last move was, so nobody needs the log for it.

Boards mark what that move changed with `LAST_MARK` and the ``-last`` style
(reverse, underline or bold: never colour alone); this line names the mark.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..safe_text import plain

LAST_MARK = "✦"
"""The glyph beside everything the last move (or run of others' moves) changed."""


class LastMove(Static):
    """"✦ Last: Computer 1 placed Madeira (lair) on D3, turned 90°"."""

    DEFAULT_CSS = """
    LastMove {
        height: 1;
        padding: 0 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("markup", False)  # the line holds players' names
        super().__init__(*args, **kwargs)
        self.line = ""

    def show(self, line: str) -> None:
        """Say ``line`` (the last move in words; "" before the first move)."""
        if line == self.line:
            return
        self.line = line
        text = Text.assemble((f"{LAST_MARK} Last: ", "bold"), plain(line)) if line else Text("")
        self.update(text, layout=False)
