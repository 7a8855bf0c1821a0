"""The handover screen: hides one seat's secrets until the next seat is ready."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from .box_screen import BoxScreen

if TYPE_CHECKING:
    from rich.text import Text


class HandoverScreen(BoxScreen[bool]):
    """Covers the board between two human seats sharing one keyboard, and when a
    table with secrets opens there. Dismissed with True when the named seat's
    player is ready (Space, or a click on the line that says so), False to go
    back to the menu unseen (q).

    It also says what happened since the named seat's last turn, as anyone may see
    it (`Table.recent`'s public summary): read while the keyboard passes, that
    summary needs no key of its own on the board. Words taller than their room
    scroll (↑↓, PgUp/PgDn, Home/End).

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
    HandoverScreen #handover_box.-recap { width: 76; max-width: 100%; }
    HandoverScreen #handover_recap {
        height: auto; max-height: 45vh; margin-top: 1; scrollbar-size-vertical: 1;
    }
    HandoverScreen #handover_recap Static { text-align: left; }
    HandoverScreen #handover_recap_more { display: none; text-align: right; }
    """

    def __init__(self, next_name: str, recap: Text | None = None) -> None:
        super().__init__()
        self.next_name = next_name
        self.recap = recap
        """What happened since the named seat's last turn, as anyone may see it (None: nothing)."""

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="handover_box", classes="-recap" if self.recap else ""):
            # Content, not markup: the name is shown as typed, brackets and all.
            yield Static(
                Content.assemble(
                    "Pass the keyboard to ", (self.next_name, "bold"), ".\n\nEveryone else, look away.",
                ),
                id="handover",
            )
            if self.recap:
                with VerticalScroll(id="handover_recap"):
                    yield Static(self.recap)
                yield Static(Content.styled("↑↓ PgUp PgDn: read the rest.", "italic"), id="handover_recap_more")
            yield Static(self._ready_words(), id="handover_ready_line")
            yield Static(Content.styled(f"{self._menu_key()}: back to the menu.", "dim"))

    def on_mount(self) -> None:
        self.call_after_refresh(self._say_more)

    def on_resize(self) -> None:
        self.call_after_refresh(self._say_more)

    def _say_more(self) -> None:
        """Under words taller than their room, the keys that scroll them."""
        for scroll in self.query("#handover_recap"):
            self.query_one("#handover_recap_more").display = scroll.max_scroll_y > 0

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
