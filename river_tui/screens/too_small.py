"""Shown instead of everything else while the terminal is smaller than 80x24."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from .box_screen import BoxScreen

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(BoxScreen[None]):
    """Says the terminal is too small, and goes away when it is big enough."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Static { width: auto; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.show_size()

    def on_resize(self) -> None:
        self.show_size()

    def show_size(self) -> None:
        width, height = self.app.size
        self.query_one(Static).update(
            f"The terminal is too small ({width}x{height}).\nRiver TUI needs at least {MIN_WIDTH}x{MIN_HEIGHT}."
        )
