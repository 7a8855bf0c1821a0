"""The lobby's stand-in while its session is at a table in a worker."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.screen import Screen

if TYPE_CHECKING:
    from .directory import Doorway


class Elsewhere(Screen[None]):
    """Pushed over the lobby when its player sits at a table in a worker: never seen
    (the session's screen is the worker's meanwhile); popped when the stream is back."""

    def __init__(self, directory: Any, window: Doorway) -> None:
        super().__init__()
        self.directory = directory
        """The front's `Directory`: its ``front`` moves the stream."""
        self.window = window

    def on_mount(self) -> None:
        self.directory.front.move(self.app, self)

    def back(self, sentence: str) -> None:
        """The stream is back: the lobby shows again (drawn whole), with ``sentence`` if any."""
        if self.is_current:
            self.app.pop_screen()
        if sentence:
            self.app.notify(sentence, severity="warning", markup=False)
