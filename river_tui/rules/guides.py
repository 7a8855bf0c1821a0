"""Learn to play: what a guided first game explains, and when.

A game teaches itself through data in its own package, ``guide.py``: ``GUIDE``, a
`Guide` holding the guided game's table (seed, seats, the computer seats' level)
and its `Lesson`s, each a rule in two or three of the rulebook's sentences with
the section they come from and a predicate saying when the rule applies to the
learner's seat. The screens show a lesson the first time its rule applies and
never again; nothing about a game is written in them.

A lesson's predicate and marks see only what the learner's seat sees (its
`Game.view`) and the last move made at the table, so an explanation never gives
away a secret. Where a rule would come up only if the moves led there, the guide's
``teach`` has the computer seats make a real move that brings it (from their own
views), so every lesson comes up whatever the learner plays. The guide's ``why`` says in one line of the game's words what a
move does for its seat that the move's own words do not (the hint panel's reason),
and ``judged_by`` how a hint estimates a choice.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field

from .core import Action, Game, State
from .registry import GAMES

LastMove = tuple[int, Action] | None
"""The last move made at the table, (seat, action); None before the first."""

Applies = Callable[[State, int, LastMove], bool]
"""``(view, seat, last) -> bool``: whether the rule applies to ``seat`` now."""

Marks = Callable[[State, int], frozenset[Hashable]]
"""``(view, seat) -> marks``: where on the board the rule applies, as the keys
the game's widgets mark (`Changes.marks`)."""

Why = Callable[[State, int, Action], str]
"""``(view, seat, action) -> words``: what ``action`` does for ``seat``, in one line."""

Teach = Callable[[State, int, int], Action | None]
"""``(view, seat, learner) -> move``: a computer seat's move at the guided table that
brings a rule to the table early whatever the learner plays (a legal move of the
seat's own view, e.g. an offer to the learner), or None: the seat's bot decides."""


POINTS, WINS = "points", "wins"
"""How a hint judges a choice (`Guide.judged_by`): by the seat's expected final
points, or by its chance to win where points mean less."""


def nowhere(view: State, seat: int) -> frozenset[Hashable]:
    """Marks of a rule that applies to no place in particular."""
    return frozenset()


@dataclass(frozen=True)
class Lesson:
    """One rule, explained the first time it applies.

    ``text`` is two or three sentences in the rulebook's words, ``section`` the
    rulebook section they come from, ``now`` what the learner may do now.
    """

    id: str
    title: str
    section: str
    text: str
    now: str
    applies: Applies
    marks: Marks = nowhere
    in_sight: tuple[str, ...] = ()
    """The screen's parts the rule is about besides the board's places, by their ids
    ("wat-side": We All Take's side panels): its box leaves them in sight."""


@dataclass(frozen=True)
class Guide:
    """A game's guided first game: its table and its lessons, in the order the
    rulebook tells them (when two rules first apply at once, the earlier first)."""

    seed: int
    seats: int
    lessons: tuple[Lesson, ...]
    why: Why | None = None
    """A hint's reason for a move: what the move's words beside it (`Game.describe_as_advice`)
    do not say already; None where they say it all (We All Take's moves)."""
    judged_by: str = POINTS
    points_name: str = "points"
    """What the game calls its points ("VP")."""
    level: str = "easy"
    """The computer seats' level: quick, so the learner never waits."""
    options: Mapping[str, object] = field(default_factory=dict)
    suggests: bool = False
    """Whether the learner's choices start on the move the computer (at the guide's
    level) would make in the learner's place: a suggestion, never a move made for
    them (for a game of many small steps, so a first game goes at the pace of its
    reading; see docs/learn-to-play.md)."""
    teach: Teach | None = None
    """Where a rule would come up only if the moves led there, the computer seats'
    move that brings it (see `Teach`)."""
    scoring: Mapping[str, str] = field(default_factory=dict)
    """How a line of the scores' breakdown begins (its label, or the label's first
    words: "Single territory") -> the rule that gave its points, with its section,
    in a sentence."""

    def due(self, view: State, seat: int, last: LastMove, explained: frozenset[str]) -> list[Lesson]:
        """The lessons not yet in ``explained`` whose rule applies now, in order."""
        return [lesson for lesson in self.lessons if lesson.id not in explained and lesson.applies(view, seat, last)]

    def scoring_rule(self, label: str) -> str:
        """The rule behind a breakdown line (``label``), or "" where the guide has none."""
        return next((rule for start, rule in self.scoring.items() if label.startswith(start)), "")


_PACKAGES = {entry.id: entry.module for entry in GAMES}
_cache: dict[str, Guide | None] = {}


def guide_for(game: Game) -> Guide | None:
    """The game's guide (``GUIDE`` in its package's ``guide.py``), None where it has none."""
    if game.id not in _cache:
        package = _PACKAGES.get(game.id)
        spec = None if package is None else importlib.util.find_spec(f"{package}.guide")
        _cache[game.id] = None if spec is None else importlib.import_module(f"{package}.guide").GUIDE
    return _cache[game.id]
