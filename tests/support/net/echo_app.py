"""A tiny app for driver and server tests: it shows who you are, your terminal
size, colour depth, and the last key you pressed."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from river_tui.net.auth import Identity


class EchoApp(App[None]):
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, identity: Identity) -> None:
        super().__init__()
        self.identity = identity
        self.keys: list[str] = []

    def compose(self) -> ComposeResult:
        who = "guest" if self.identity.is_guest else "player"
        yield Static(f"hello {self.identity.name} ({who})", id="who")
        yield Static("", id="size")
        yield Static("no key yet", id="key")

    def on_mount(self) -> None:
        self._show_size(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._show_size(event.size.width, event.size.height)

    def _show_size(self, width: int, height: int) -> None:
        self.query_one("#size", Static).update(f"size {width}x{height} colours {self.console.color_system}")

    def on_key(self, event: events.Key) -> None:
        self.keys.append(event.key)
        if event.key == "ctrl+q":
            self.exit()
        self.query_one("#key", Static).update(f"key {event.key} #{len(self.keys)}")

    def on_paste(self, event: events.Paste) -> None:
        self.query_one("#key", Static).update(f"pasted {len(event.text)} chars")
