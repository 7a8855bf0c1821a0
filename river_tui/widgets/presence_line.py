"""The line at a server table that says who is there: each seat's person here,
away or gone (and for how long), the computer standing in for one, and who watches."""

from __future__ import annotations

from typing import Any, Protocol

from textual.widgets import Static

from ..safe_text import plain

REFRESH = 30.0
"""Seconds between redraws while nothing changes: "gone 3 minutes" grows."""


class SharedWindow(Protocol):
    """What the line needs of a session's window onto a server table (`SeatTable`)."""

    presence_listeners: list[Any]

    def presence_words(self) -> str: ...


class PresenceLine(Static):
    """Who is at the table, redrawn when that changes (and every ``REFRESH`` seconds)."""

    DEFAULT_CSS = """
    PresenceLine {
        height: 1;
        padding: 0 1;
        color: $text-muted;
    }
    """

    def __init__(self, window: SharedWindow, **kwargs: Any) -> None:
        kwargs.setdefault("markup", False)  # the players' own names
        super().__init__(**kwargs)
        self.window = window
        self._said = ""

    def on_mount(self) -> None:
        self.window.presence_listeners.append(self.show)
        self.set_interval(REFRESH, self.show)
        self.write()  # only: the screen draws its footer and status once it is all mounted

    def write(self) -> None:
        """Say it again (also after a move: a turn timer's time left starts again); a
        line that says what it says already is not drawn again (every seat's screen
        asks after every move)."""
        said = plain(f"At the table: {self.window.presence_words()}")
        if said != self._said:
            self._said = said
            self.update(said, layout=False)

    def on_unmount(self) -> None:
        if self.show in self.window.presence_listeners:
            self.window.presence_listeners.remove(self.show)

    def show(self) -> None:
        """Who is at the table changed (or time passed)."""
        self.write()
        screen = self.screen
        screen.refresh_bindings()  # whether a seat may be handed to a computer may have changed
        if not self.display and hasattr(screen, "refresh_status"):
            screen.refresh_status()  # the status line says it instead
