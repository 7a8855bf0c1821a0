"""The line that always says whose turn it is and what they may do now."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static


class StatusBar(Static):
    """Whose turn it is and what they may do, derived from the rules."""

    DEFAULT_CSS = """
    StatusBar {
        height: 1;
        background: $primary-background;
        color: $text;
        padding: 0 1;
    }
    """

    message: reactive[str] = reactive("")

    def watch_message(self, message: str) -> None:
        self.update(message)
