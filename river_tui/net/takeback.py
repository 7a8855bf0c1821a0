"""A takeback asked of a server table: the seated people other than the asker
answer Y or N; a computer seat (and a seat a computer stands in for) agrees; a
person who is gone does not block it past ``TAKEBACK_WAIT``. The registry keeps
the request (`Takeback`) and each asked person's app shows the question
(`TakebackQuestion`) until they answer or the request ends."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual.app import ComposeResult, ScreenStackError
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ..screens.box_screen import BoxScreen

TAKEBACK_WAIT = 60.0
"""Seconds a takeback waits for people who are gone; then their silence agrees."""


@dataclass
class Takeback:
    """A pending takeback: ``asker``'s last move (``words``), asked when the log held
    ``moves`` actions, of the seats in ``waiting``; who agreed so far."""

    asker: int
    moves: int
    words: str
    waiting: set[int]
    agreed: list[str] = field(default_factory=list)
    questions: list[tuple[Any, TakebackQuestion]] = field(default_factory=list)
    """Each asked app and the question it shows."""
    elsewhere: set[int] = field(default_factory=set)
    """The seats whose person was also asked in another process of the server (decision 27)."""
    due: asyncio.TimerHandle | None = None

    def put_away(self) -> None:
        """The request ended: the questions still shown go (a question under another
        screen stays until its player answers, and that answer then counts for nothing)."""
        if self.due is not None:
            self.due.cancel()
        _dismiss(self.questions)


class ShownElsewhere:
    """The questions this process shows for takebacks asked at tables in other processes
    of the server (decision 27), put away when the request ends there."""

    def __init__(self) -> None:
        self._shown: dict[tuple[int, int], list[tuple[Any, TakebackQuestion]]] = {}

    def add(self, number: int, moves: int, app: Any, question: TakebackQuestion) -> None:
        self._shown.setdefault((number, moves), []).append((app, question))

    def put_away(self, number: int, moves: int) -> None:
        """The takeback asked at table ``number`` when its log held ``moves`` actions ended."""
        _dismiss(self._shown.pop((number, moves), []))

    def holds(self, number: int, moves: int, question: TakebackQuestion) -> bool:
        """Whether ``question`` (of that takeback) is still to be answered: its request has not ended."""
        return any(shown is question for _app, shown in self._shown.get((number, moves), []))

    def up_in(self, number: int, moves: int, app: Any) -> bool:
        """Whether ``app`` shows a question of that takeback, unanswered."""
        stack = screens_of(app)
        return any(held is app and shown in stack for held, shown in self._shown.get((number, moves), []))


def screens_of(app: Any) -> list[Any]:
    """``app``'s screens, bottom to top: none for an app that has ended (or not begun),
    whose ``screen`` raises, nor for a plain session (its question was a line)."""
    try:
        return list(app.screen_stack)
    except (AttributeError, LookupError, ScreenStackError):
        return []


def _dismiss(questions: list[tuple[Any, TakebackQuestion]]) -> None:
    """Put away the questions still on top of their apps. An app asked may have ended
    since (its player left the table): it is passed over, never a reason to stop, since
    this runs as the request ends, before the move is taken back and everyone is told."""
    for app, question in questions:
        stack = screens_of(app)
        if stack and stack[-1] is question:
            app.call_later(question.dismiss, None)


class TakebackQuestion(BoxScreen[bool | None]):
    """"alice asks to take back their last move: alice paddled 2 (Y/N)": Y agrees, N refuses."""

    BINDINGS = [  # priority: a key sent as the question comes up, while the focus is still on the
        # screen under it, answers the question rather than reaching that screen (it was lost)
        Binding("y", "answer(True)", "Agree", id="takeback_agree", priority=True),
        Binding("n", "answer(False)", "Refuse", id="takeback_refuse", priority=True),
        Binding("escape", "answer(False)", "Refuse", id="takeback_escape", show=False, priority=True),
    ]

    DEFAULT_CSS = """
    TakebackQuestion { align: center middle; }
    TakebackQuestion #takeback { width: 60; height: auto; padding: 1 2; border: heavy $warning; background: $panel; }
    """

    def __init__(self, question: str, answer: Callable[[bool], None]) -> None:
        super().__init__()
        self.question = question
        self._answer = answer

    def compose(self) -> ComposeResult:
        with Vertical(id="takeback"):
            yield Static(Text(self.question))  # Text: the names are the players' own
            yield Static(Text("Y agrees · N refuses", style="italic"))

    def action_answer(self, agree: bool) -> None:
        self.dismiss(agree)
        self._answer(agree)
