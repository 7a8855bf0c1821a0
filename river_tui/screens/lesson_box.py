"""The box that explains a rule of a guided game the moment it first applies.

It sits at the bottom of the screen and leaves the board in sight, where the
guided screen marks the places the rule is about; where it would cover a mark
(a board's bottom rows at 80x24), it moves up to the nearest rows that cover none,
or, where every place would cover some, to the place that covers fewest. It names the rule and its
rulebook section, says it in the rulebook's words and what the player may do now.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.geometry import Offset, Region
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ..rules.guides import Lesson
from .box_screen import BoxScreen

WIDTHS = (78, 52, 40)
"""The box's widths, widest first: a narrower box may stand beside the marks."""

KEYS = "Enter go on · x no more of these · ? keys (later: ? shows it again)"
SHORT_KEYS = "Enter go on · x no more · ? keys"

LESSON_OFF, LESSON_HELP = "off", "help"
"""What the box is dismissed with when the player turns the explanations off, or
asks for the game's keys and rules summary."""


class LessonBox(BoxScreen[str | None]):
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
    LessonBox #lesson-section { text-style: italic; }
    """

    def __init__(self, lesson: Lesson, marked: Callable[[], frozenset[Offset]] = frozenset) -> None:
        super().__init__()
        self.lesson = lesson
        self.marked = marked
        """The screen cells the board below marks, asked each time the box is placed."""
        self.placed = False
        """Whether the box has been placed clear of the marks (after its first layout)."""

    def on_mount(self) -> None:
        # The board stays in sight (over the app's own "Screen" background, which a
        # screen's default CSS cannot override).
        self.styles.background = "transparent"
        self.call_after_refresh(self.place)

    def on_resize(self) -> None:
        self.placed = False
        self.call_after_refresh(self.place)

    def place(self) -> None:
        """The box's width and side: the widest that covers fewest marks (full width
        first, then narrower at the centre, the left or the right); its rows follow."""
        if not self.query("#lesson"):
            return  # closed before it was placed (Enter at once)
        screen_width, screen_height = self.size
        marked = self.marked()
        choices = []
        for rank, width in enumerate(dict.fromkeys(min(width, screen_width) for width in WIDTHS)):
            height = self.height_at(width)
            sides = dict.fromkeys(((screen_width - width) // 2, 0, screen_width - width))
            for side, left in enumerate(sides):
                top, covered = self.rows_for(marked, left, width, height)
                choices.append((covered, rank, screen_height - height - top, side, left, width))
        *_, left, width = min(choices)
        box = self.query_one("#lesson")
        self.frame(width)
        box.styles.width = width
        box.styles.offset = (left - (screen_width - width) // 2, 0)
        self.call_after_refresh(self.settle, left, width)

    def settle(self, left: int, width: int) -> None:
        """The rows, with the box's height at its width: up from the bottom to the first
        that cover no mark (fewest if none)."""
        if not self.query("#lesson"):
            return  # closed before it settled (Enter at once)
        box = self.query_one("#lesson")
        # Its words at its new width: the layout may not have caught up with it yet.
        height = self.height_at(width)
        top, _ = self.rows_for(self.marked(), left, width, height)
        box.styles.offset = (box.styles.offset.x.value, top - (self.size.height - height))
        self.placed = True

    def rows_for(self, marked: frozenset[Offset], left: int, width: int, height: int) -> tuple[int, int]:
        """The top row nearest the bottom where a box there covers fewest marks, and how many."""
        covered = [(sum(Region(left, top, width, height).contains_point(cell) for cell in marked), -top)
                   for top in range(max(0, self.size.height - height), -1, -1)]
        fewest, top = min(covered)
        return -top, fewest

    def height_at(self, width: int) -> int:
        """The box's rows at ``width``: its frame and its words wrapped inside it."""
        inner = max(1, width - 4)  # the frame and the padding
        words = [*self.words(), *([self.section()] if self.title_fits(width) is None else [])]
        return sum(len(Text(line).wrap(self.app.console, inner)) for line in words) + 2

    def frame(self, width: int) -> None:
        """The frame's words at ``width``: the rule and its section in the title where they
        fit, else the section on a line of its own; the keys, shorter where narrow."""
        box = self.query_one("#lesson")
        title = self.title_fits(width)
        box.border_title = title or self.lesson.title
        self.query_one("#lesson-section").display = title is None
        box.border_subtitle = KEYS if len(KEYS) + 4 <= width else SHORT_KEYS

    def title_fits(self, width: int) -> str | None:
        """The rule's title with its section, where it fits in the frame's top at ``width``."""
        title = f"{self.lesson.title} · {self.section()}"
        return title if len(title) + 4 <= width else None

    def section(self) -> str:
        return f"Rulebook: {self.lesson.section}"

    def words(self) -> tuple[str, str]:
        return self.lesson.text, f"Now: {self.lesson.now}"

    def compose(self) -> ComposeResult:
        with Vertical(id="lesson") as box:
            box.border_title = f"{self.lesson.title} · {self.section()}"
            box.border_subtitle = KEYS
            section = Static(Text(self.section()), id="lesson-section")
            section.display = False  # shown where the frame is too narrow for it
            yield section
            text, now = self.words()
            yield Static(Text(text), id="lesson-text")
            yield Static(Text(now), id="lesson-now")
