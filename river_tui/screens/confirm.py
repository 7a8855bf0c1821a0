"""Asking before a key throws away something of value (an excursion not taken)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.widgets import Static

from .box_screen import BoxScreen


class ConfirmScreen(BoxScreen[bool]):
    """A question over the board: y does it (True), n, Esc or Enter keep
    things as they were (False). Enter says no: a player pressing Enter
    quickly through their turn never answers yes by accident."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm_yes"),
        Binding("n,escape,enter", "answer(False)", "No", id="confirm_no"),
    ]

    DEFAULT_CSS = """
    ConfirmScreen { background: $background 60%; align: center middle; }
    ConfirmScreen #question {
        width: 60; max-width: 100%; height: auto; padding: 1 2;
        border: heavy $warning; background: $surface;
    }
    """

    def __init__(self, question: str, yes: str, no: str) -> None:
        """``question``: what would be lost; ``yes`` and ``no``: what each answer does."""
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        # Content, not markup: the question may name a player.
        yield Static(
            Content.assemble(
                (self.question, "bold"), "\n\n", ("y", "bold"), f": {self.yes}\n",
                ("n", "bold"), f" or Esc: {self.no}",
            ),
            id="question",
        )

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
