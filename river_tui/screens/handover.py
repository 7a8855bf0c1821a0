"""The handover screen: hides one seat's secrets until the next seat is ready."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static


class HandoverScreen(ModalScreen[bool]):
    """Covers the board between two human seats sharing one keyboard, and when a
    table with secrets opens there. Dismissed with True when the named seat's
    player is ready (Space, or a click on the line that says so), False to go
    back to the menu unseen (q).

    Enter, the key that ends most turns, never passes it: one Enter too many at
    the end of a turn would show the next seat's board to the player who just
    moved. A double click's second click does not pass it either. Nor does Esc
    leave it: the key that closed help or the trade form a moment before, pressed
    once too often, took the table to the menu; ``q`` does, as on every screen."""

    BINDINGS = [
        Binding("space", "ready", "I am ready", id="handover_ready"),
        Binding("enter", "remind('Enter')", "", show=False, id="handover_remind"),
        Binding("escape", "remind('Esc')", "", show=False, id="handover_remind_esc"),
        Binding("q", "menu", "Menu", id="handover_menu"),
    ]

    DEFAULT_CSS = """
    HandoverScreen { background: $background; align: center middle; }
    HandoverScreen #handover_box {
        width: 50; height: auto; padding: 1 2;
        border: heavy $accent;
    }
    HandoverScreen #handover_box Static { width: 100%; height: auto; text-align: center; }
    """

    def __init__(self, next_name: str) -> None:
        super().__init__()
        self.next_name = next_name

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="handover_box"):
            # Content, not markup: the name is shown as typed, brackets and all.
            yield Static(
                Content.assemble(
                    "Pass the keyboard to ", (self.next_name, "bold"), ".\n\nEveryone else, look away.",
                ),
                id="handover",
            )
            yield Static(self._ready_words(), id="handover_ready_line")
            yield Static(Content.styled(f"{self._menu_key()}: back to the menu.", "dim"))

    def _ready_words(self, pressed: str | None = None) -> Content:
        """Which key passes the screen; after ``pressed`` (Enter or Esc), that it does not."""
        key = self._ready_key()
        words = [f"\nPress {key} when you are ready.\n"]
        if pressed is not None:
            words.append((f"({pressed} does not pass it: press {key}, or {self._menu_key()} for the menu.)\n", "bold"))
        return Content.assemble(*words)

    def _ready_key(self) -> str:
        """The key that passes this screen as the player's keymap has it ("Space" unless moved)."""
        return self._key_of("handover_ready", "space", "Space")

    def _menu_key(self) -> str:
        """The key that goes back to the menu as the player's keymap has it ("q" unless moved)."""
        return self._key_of("handover_menu", "q", "q")

    def _key_of(self, binding_id: str, default: str, default_words: str) -> str:
        keys = getattr(self.app, "keymap_entries", {}).get(binding_id, default)
        shown = self.app.get_key_display(Binding(keys.split(",")[0], binding_id))
        return default_words if shown == default else shown

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_remind(self, pressed: str) -> None:
        """Enter and Esc are taken and dropped: either may be the previous player's last key."""
        self.query_one("#handover_ready_line", Static).update(self._ready_words(pressed))

    def action_menu(self) -> None:
        self.dismiss(False)

    def on_click(self, event: events.Click) -> None:
        on_ready_line = event.widget is not None and event.widget.id == "handover_ready_line"
        if on_ready_line and event.chain == 1:
            self.dismiss(True)
