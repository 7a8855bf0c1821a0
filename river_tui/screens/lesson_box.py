"""The box that explains a rule of a guided game the moment it first applies.

It sits at the bottom of the screen and leaves the board in sight, where the
guided screen marks the places the rule is about. It names the rule and its
rulebook section, says it in the rulebook's words and what the player may do now.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..rules.guides import Lesson

LESSON_OFF, LESSON_HELP = "off", "help"
"""What the box is dismissed with when the player turns the explanations off, or
asks for the game's keys and rules summary."""


class LessonBox(ModalScreen[str | None]):
    """One rule explained: Enter (or Esc) goes on, x turns explanations off, ? asks
    for the game's help."""

    BINDINGS = [
        Binding("enter,escape,space", "dismiss(None)", "Go on", id="lesson_go_on"),
        Binding("x", "dismiss('off')", "No more explanations", id="lesson_off"),
        Binding("question_mark", "dismiss('help')", "Keys and rules", id="lesson_help"),
    ]

    DEFAULT_CSS = """
    LessonBox { align: center bottom; }
    LessonBox #lesson { width: 78; max-width: 100%; height: auto; border: round $accent;
        background: $panel; padding: 0 1; }
    LessonBox #lesson-now { text-style: bold; }
    """

    def __init__(self, lesson: Lesson) -> None:
        super().__init__()
        self.lesson = lesson

    def on_mount(self) -> None:
        # The board stays in sight (over the app's own "Screen" background, which a
        # screen's default CSS cannot override).
        self.styles.background = "transparent"

    def compose(self) -> ComposeResult:
        with Vertical(id="lesson") as box:
            box.border_title = f"{self.lesson.title} · Rulebook: {self.lesson.section}"
            box.border_subtitle = "Enter go on · x no more of these · ? keys (later: ? shows it again)"
            yield Static(Text(self.lesson.text), id="lesson-text")
            yield Static(Text(f"Now: {self.lesson.now}"), id="lesson-now")
