"""The line at a server table that says who is there: each seat's person here,
away or gone (and for how long), the computer standing in for one, and who watches."""

from __future__ import annotations

import re
from typing import Any, Protocol

from textual import events
from textual.widgets import Static

from ..safe_text import plain

REFRESH = 30.0
"""Seconds between redraws while nothing changes: "gone 3 minutes" grows."""

SHORTER = (
    (re.compile(r"^At the table: "), ""),
    (re.compile(r"\b(\d+(?:\.\d+)?) minutes?\b"), r"\1 min"),
    (re.compile(r"\b(\d+(?:\.\d+)?) hours?\b"), r"\1 h"),
    (re.compile(r"\bjust now\b"), "now"),
    (re.compile(r" computer plays\)"), " computer)"),
    (re.compile(r"nobody watching"), "no watchers"),
    (re.compile(r" has ([^·]+) left$"), r": \1 left"),
)
"""Ways to say the line shorter, tried in turn until it fits: the names stay."""
_WATCHERS = re.compile(r"watching: (.*?)(?= · |$)")


def fitted(said: str, width: int) -> str:
    """``said`` in ``width`` columns: shortened step by step (`SHORTER`), then the
    watchers counted rather than named, and only then cut, with an ellipsis."""
    for pattern, shorter in SHORTER:
        if len(said) <= width:
            return said
        said = pattern.sub(shorter, said)
    if len(said) > width:
        said = _WATCHERS.sub(lambda m: f"{len(m[1].split(', '))} watching", said)
    return said if len(said) <= width else said[: max(width - 1, 0)] + "…"


class Presence(Protocol):
    """What the line needs of who is at a server's table (`TableWindow.presence`)."""

    listeners: list[Any]

    def words(self) -> str: ...


class PresenceLine(Static):
    """Who is at the table, redrawn when that changes (and every ``REFRESH`` seconds)."""

    DEFAULT_CSS = """
    PresenceLine {
        height: 1;
        padding: 0 1;
        color: $text-muted;
    }
    """

    def __init__(self, presence: Presence, **kwargs: Any) -> None:
        kwargs.setdefault("markup", False)  # the players' own names
        super().__init__(**kwargs)
        self.presence = presence
        self._said = ""

    def on_mount(self) -> None:
        self.presence.listeners.append(self.show)
        self.set_interval(REFRESH, self.show)
        self.write()  # only: the screen draws its footer and status once it is all mounted

    def write(self) -> None:
        """Say it again (also after a move: a turn timer's time left starts again); a
        line that says what it says already is not drawn again (every seat's screen
        asks after every move)."""
        said = plain(f"At the table: {self.presence.words()}")
        width = self.content_region.width
        if width:
            said = fitted(said, width)
        if said != self._said:
            self._said = said
            self.update(said, layout=False)

    def on_resize(self, event: events.Resize) -> None:
        self.write()

    def on_unmount(self) -> None:
        if self.show in self.presence.listeners:
            self.presence.listeners.remove(self.show)

    def show(self) -> None:
        """Who is at the table changed (or time passed)."""
        self.write()
        screen = self.screen
        screen.refresh_bindings()  # whether a seat may be handed to a computer may have changed
        if not self.display and hasattr(screen, "refresh_status"):
            screen.refresh_status()  # the status line says it instead
