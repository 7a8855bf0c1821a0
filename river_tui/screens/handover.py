"""The handover screen: hides one seat's secrets until the next seat is ready."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static


class HandoverScreen(ModalScreen[bool]):
    """Covers the board between two human seats sharing one keyboard, and when a
    table with secrets opens there. Dismissed with True when the named seat's
    player is ready (Enter, or a click), False to go back to the menu unseen."""

    BINDINGS = [
        Binding("enter", "ready", "I am ready", id="handover_ready"),
        Binding("escape,q", "menu", "Menu", id="handover_menu"),
    ]

    DEFAULT_CSS = """
    HandoverScreen { background: $background; align: center middle; }
    HandoverScreen #handover {
        width: 50; height: auto; padding: 1 2;
        border: heavy $accent; text-align: center;
    }
    """

    def __init__(self, next_name: str) -> None:
        super().__init__()
        self.next_name = next_name

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            # Content, not markup: the name is shown as typed, brackets and all.
            yield Static(
                Content.assemble(
                    "Pass the keyboard to ", (self.next_name, "bold"),
                    ".\n\nEveryone else, look away.\n\nPress Enter when you are ready.\n\n",
                    ("Esc: back to the menu.", "dim"),
                ),
                id="handover",
            )

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_menu(self) -> None:
        self.dismiss(False)

    def on_click(self) -> None:
        self.dismiss(True)
