"""A decision looked at again, and how a game grades what a move lost."""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.core import Action, Game

MARKS = ("?!", "?", "??")
GRADE_NAMES = ("inaccuracy", "mistake", "blunder")
"""The three grades of a move that lost points, and their marks in the move list."""


@dataclass(frozen=True)
class Judging:
    """How a game's decisions are analysed: CPU seconds of search per decision,
    and the points lost from which a move is an inaccuracy, a mistake, a blunder."""

    seconds: float
    grades: tuple[float, float, float]
    unit: str = "points"
    """What the game's final score counts, as the analysis's lines name it."""
    digits: int = 1
    """Digits after the point in those lines."""

    def amount(self, value: float) -> str:
        """``value`` as the lines give it: "2.5"."""
        return f"{value:.{self.digits}f}"


JUDGING = {
    "glassworks": Judging(seconds=2.0, grades=(2.0, 4.0, 8.0)),
    "flow": Judging(seconds=1.6, grades=(0.75, 1.5, 3.0)),
    "riverside": Judging(seconds=1.5, grades=(8.0, 16.0, 32.0)),
    "we-all-take": Judging(seconds=0.8, grades=(0.25, 0.5, 1.0), unit="objectives", digits=2),
}
"""Per game, chosen in docs/analysis.md; the points are each game's final score
(We All Take's: objectives met, estimated by playouts to the end after its
search, `SearchHints.final_playouts`)."""

OTHER_GAMES = Judging(seconds=1.0, grades=(2.0, 4.0, 8.0))
"""A game not listed above (a fifth game, the tests' toy race)."""


def judging_of(game: Game) -> Judging:
    return JUDGING.get(game.id, OTHER_GAMES)


@dataclass(frozen=True)
class Decision:
    """Move ``move`` of the log (made from position ``move``) by ``seat``, looked at again."""

    move: int
    seat: int
    best: Action
    """The search's best move there."""
    best_points: float
    """The seat's expected final points with the best move: what the position was
    worth to it before the move."""
    played_points: float | None
    """Its expected final points with the move played (None: the search never
    met that move, so it is not judged)."""
    matched: bool
    """The move played was the search's best."""

    @property
    def loss(self) -> float:
        """Points the move played lost against the best (never below 0)."""
        if self.played_points is None:
            return 0.0
        return max(0.0, self.best_points - self.played_points)

    def grade(self, judging: Judging) -> int | None:
        """0, 1 or 2 (inaccuracy, mistake, blunder), or None: not marked."""
        marked = [g for g, threshold in enumerate(judging.grades) if self.loss >= threshold]
        return marked[-1] if marked else None
