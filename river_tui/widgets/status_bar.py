"""The line that always says whose turn it is and what they may do now."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static

from ..safe_text import plain


class StatusBar(Static):
    """Whose turn it is and what they may do, derived from the rules."""

    DEFAULT_CSS = """
    StatusBar {
        height: 1;
        background: $primary-background;
        color: $text;
        padding: 0 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;  /* a line longer than the screen (a long name) says it is cut */
    }
    """

    message: reactive[str] = reactive("")

    def __init__(self, *args, **kwargs) -> None:
        # Plain text: the message holds players' names, and a name may hold
        # brackets ("[/x]" as markup would stop the app).
        kwargs.setdefault("markup", False)
        super().__init__(*args, **kwargs)

    def watch_message(self, message: str) -> None:
        # One line, as wide as the screen: a new message never changes the layout
        # (a layout of the whole screen on every move cost a few ms a frame).
        # Without control characters: names come from people and files.
        self.update(plain(message), layout=False)
