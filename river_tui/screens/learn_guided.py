"""A guided game: the game's own screen, explaining each rule the first time it applies.

`guided_screen` puts `GuidedPlay` in front of a game's screen class, so every game
is guided alike from the data in its rules package (`rules/guides.py`). After
every move it asks the guide which rules now apply to the learner's seat for the
first time, and shows each in a `LessonBox`, one at a time, the places it is about
marked on the board; computer seats wait while a box is open. A rule is explained
once; ``?`` shows the last explanation again; ``x`` in the box or ``E`` here turns
the explanations off (``E`` on again). At the end, the scores say which rule gave
each line (`LearnScoresScreen`).
"""

from __future__ import annotations

import dataclasses
import random
from typing import ClassVar

from rich.cells import cell_len
from textual.binding import Binding, BindingType
from textual.errors import NoWidget
from textual.geometry import Offset, Region

from ..play.guided import LEARNER
from ..play.window import TableWindow
from ..rules.bots import bot_catalogue
from ..rules.guides import Guide, Lesson
from ..widgets.last_move import LAST_MARK, LastMove
from .game_base import GameScreen
from .lesson_box import LESSON_HELP, LESSON_OFF, LessonBox
from .registry import screen_class

class GuidedPlay(GameScreen):
    """What a game screen adds when it guides a first game: `guided_screen` puts it
    before the game's own screen class (its keys then take the place of the game's)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "lesson_again", "Last rule", id="learn_lesson_again"),
        Binding("E", "toggle_lessons", "Explanations", id="learn_toggle_lessons", show=False),
    ]

    def __init__(self, table: TableWindow, guide: Guide) -> None:
        super().__init__(table, local_seats={LEARNER})
        self.guide = guide
        self.explained: list[Lesson] = []
        """Every lesson whose rule has applied, in the order they did (each once)."""
        self.applied_at: dict[str, int] = {}
        """The moves made at the table when each lesson's rule first applied."""
        self.waiting: list[Lesson] = []
        """Lessons due but not shown yet: a box is open, one at a time."""
        self.lessons_on = True
        self.lesson_shown: Lesson | None = None
        """The lesson whose box is open (its places are marked on the board)."""
        self.pointed: frozenset = frozenset()
        """The places the last box marked: they stay marked after it closes, until the
        learner's next move, since its "Now:" tells the learner what to do with them."""
        self.recap_after_lessons = False
        """The "since your last turn" box was put away for a lesson: it comes back after."""
        self.suggested_at: tuple[int, object] = (-1, None)
        """(moves made at the table, the move suggested to the learner then)."""
        self.suggester = None  # the guide's computer level, once a move is suggested

    def on_mount(self) -> None:
        # First: a computer seat must not start thinking while a rule is to be explained.
        self.table.listeners.insert(0, self.lessons_due)
        self.lessons_due(self.table)

    def on_unmount(self) -> None:
        if self.lessons_due in self.table.listeners:
            self.table.listeners.remove(self.lessons_due)

    def lessons_due(self, table: TableWindow) -> None:
        """After every move: the rules that apply to the learner for the first time."""
        last = table.log[-1] if table.log else None
        if last is not None and last[0] == LEARNER:
            self.pointed = frozenset()  # the learner has acted on what the last box pointed at
        seen = frozenset(lesson.id for lesson in self.explained)
        due = self.guide.due(table.view(LEARNER), LEARNER, last, seen)
        self.explained.extend(due)
        self.applied_at.update((lesson.id, len(table.log)) for lesson in due)
        if self.lessons_on and due:
            self.waiting.extend(due)
            self.drives_bots = False  # until the box is read
            self.call_later(self.show_waiting)

    def show_waiting(self) -> None:
        if self.lesson_shown is None and self.waiting and self.app.screen is self:
            self.open_lesson(self.waiting.pop(0))

    def open_lesson(self, lesson: Lesson) -> None:
        self.lesson_shown = lesson
        self.pointed = lesson.marks(self.table.view(LEARNER), LEARNER)
        self.drives_bots = False  # the computer waits while the player reads
        # The board's marks in sight: the summary since the last turn comes after the rule.
        self.recap_after_lessons = self.put_away_recap() or self.recap_after_lessons
        self.refresh_board()
        self.app.push_screen(LessonBox(lesson, self.kept_in_sight), self.lesson_closed)

    def lesson_closed(self, choice: str | None) -> None:
        self.lesson_shown = None
        if choice == LESSON_OFF:
            self.lessons_off()
        self.drives_bots = True
        if choice == LESSON_HELP:
            self._advance()  # the computer moves on under the help; a lesson due waits for its return
            self.action_help()
            return
        if self.waiting:
            self.open_lesson(self.waiting.pop(0))
            return
        if self.recap_after_lessons:
            self.recap_after_lessons = False
            self.action_since_last_turn()
        self._advance()

    def on_screen_resume(self) -> None:
        self.show_waiting()  # back from the help

    def lessons_off(self) -> None:
        self.lessons_on = False
        self.waiting.clear()
        self.notify("No more explanations: ? shows the last one, E turns them on again.")

    def refresh_board(self) -> None:
        """The board, with the places the open (or last) lesson is about marked."""
        if self.pointed:
            self.recent = dataclasses.replace(self.recent, marks=self.recent.marks | self.pointed)
        super().refresh_board()

    def kept_in_sight(self) -> frozenset[Offset]:
        """The screen cells the open lesson's box must leave in sight: the board's marks
        and the parts of the screen the lesson names (`Lesson.in_sight`)."""
        cells = set(self.marked_cells())
        for part in self.lesson_shown.in_sight if self.lesson_shown is not None else ():
            for widget in self.query(f"#{part}"):
                region = widget.region
                cells.update(Offset(x, y) for y in range(region.y, region.bottom) for x in range(region.x, region.right))
        return frozenset(cells)

    def marked_cells(self) -> frozenset[Offset]:
        """Where the board shows a mark (`LAST_MARK`), in screen cells: the places the
        open lesson points at, and the last moves' (the "Last:" line's aside)."""
        cells = set()
        for widget in self.query("*"):
            if isinstance(widget, LastMove) or not widget.display:
                continue
            try:
                placed = self.find_widget(widget)
            except NoWidget:
                continue  # not laid out (hidden, or scrolled away)
            region, visible = placed.region, placed.visible_region
            for row, strip in enumerate(widget.render_lines(Region(0, 0, region.width, region.height))):
                if LAST_MARK not in strip.text:
                    continue
                x = region.x
                for char in strip.text:
                    if char == LAST_MARK and visible.contains(x, region.y + row):
                        cells.add(Offset(x, region.y + row))
                    x += cell_len(char)
        return frozenset(cells)

    def suggested_action(self):
        """The move the guide's computer level would make in the learner's place, where
        the guide suggests moves (`Guide.suggests`) and the learner is to act."""
        if not self.guide.suggests or self.viewer != LEARNER or LEARNER not in self.table.to_act():
            return None
        moves = len(self.table.log)
        if self.suggested_at[0] != moves:
            if self.suggester is None:
                self.suggester = bot_catalogue(self.game)[self.guide.level]
            self.suggested_at = (moves, self.suggester.choose(self.game, self.view, LEARNER, random.Random(moves)))
        return self.suggested_at[1]

    def action_lesson_again(self) -> None:
        if not self.explained:
            self.action_help()  # no rule yet: the game's keys and rules summary
            return
        if self.lesson_shown is None:
            self.open_lesson(self.explained[-1])

    def action_toggle_lessons(self) -> None:
        if self.lessons_on:
            self.lessons_off()
            return
        self.lessons_on = True
        self.notify("Explanations on: each rule is explained the first time it applies.")

    def scores_screen(self):
        from .learn_scores import LearnScoresScreen

        return LearnScoresScreen(self.table, self.guide, LEARNER)


def guided_screen(game_id: str, table: TableWindow, guide: Guide) -> GameScreen:
    """The game's own screen, guiding ``table``'s first game by ``guide``."""
    base = screen_class(game_id)
    # Its name and module are the game screen's: the game's styles name its class
    # ("GlassworksScreen #board"), and Textual finds its CSS_PATH beside its module.
    # Its own keys, the game's then the guide's: a screen's BINDINGS tell what it binds
    # (the scores' b looks for the game's key back to them there).
    keys = [*base.BINDINGS, *GuidedPlay.BINDINGS]
    guided = type(base.__name__, (GuidedPlay, base), {"__module__": base.__module__, "BINDINGS": keys})
    return guided(table, guide)
