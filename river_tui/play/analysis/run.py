"""Going over a finished game's decisions with the search, and keeping them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ...rules.bots.levels import appraise
from ...rules.bots.thinking_process import AppraiseRequest
from ..replay import History
from . import file as analysis_file
from .decision import MARKS, Decision, Judging, judging_of

LEVEL = "analysis"
"""The search the analysis appraises with (`SearchHints.analysis`, else hard's)."""


def decisions_of(table: History) -> list[tuple[int, int]]:
    """(move, seat) of every move that was a choice: its seat had more than one
    legal move (read from the seat's view)."""
    game = table.game
    out = []
    for move, (seat, _) in enumerate(table.log):
        if len(game.legal_actions(game.view(table.state_at(move), seat), seat)) > 1:
            out.append((move, seat))
    return out


def judge(table: History, move: int, seconds: float, iterations: int | None = None,
          separate_process: bool = False) -> Decision:
    """Decision ``move`` of ``table``, appraised from its seat's view then."""
    game = table.game
    seat, played = table.log[move]
    view = game.view(table.state_at(move), seat)
    seed = int(game.digest(view)[:16], 16)  # the same figures every time, from the view alone (never the game's seed)
    request = AppraiseRequest(game.id, LEVEL, view, seat, seed, seconds, iterations, (played,))
    appraisals = appraise(request, separate_process)
    best = appraisals[0]
    points = {a.action: a.points for a in appraisals}
    return Decision(move, seat, best.action, best.points, points.get(played), best.action == played)


@dataclass
class Analysis:
    """A game's analysis, whole or as far as it went."""

    decisions: dict[int, Decision]
    """By move."""
    wanted: list[tuple[int, int]]
    """(move, seat) of every decision of the game."""
    problem: str | None = None
    """Why the analysis file could not be used or written (it is then computed
    again, or kept in memory only), in a sentence."""

    @property
    def complete(self) -> bool:
        return all(move in self.decisions for move, _ in self.wanted)

    def marks(self, judging: Judging) -> dict[int, str]:
        """Move -> the mark of its grade, for the marked moves."""
        out = {}
        for move, decision in self.decisions.items():
            grade = decision.grade(judging)
            if grade is not None:
                out[move] = MARKS[grade]
        return out


Progress = Callable[[int, int], None]
"""``(done, total)``: called once before the first decision and after each."""


def analyse(table: History, save: Path | None, *, seconds: float | None = None, iterations: int | None = None,
            separate_process: bool = False, progress: Progress | None = None,
            stop: Callable[[], bool] | None = None, interruptible: bool = False) -> Analysis:
    """The analysis of finished ``table``: what its file beside ``save`` holds
    (when it is this game's and sound), then the decisions still missing, each
    written to the file as it is done, until all are or ``stop()`` says so
    (``interruptible``: or Ctrl+C, a KeyboardInterrupt, stops it the same way).
    ``seconds`` per decision default to the game's `Judging`; ``iterations``
    makes every decision search exactly that many (repeatable, for tests)."""
    wanted = decisions_of(table)
    analysis = Analysis({}, wanted)
    path = analysis_file.path_beside(save) if save is not None else None
    if path is not None:
        analysis.decisions, analysis.problem = analysis_file.read(path, table)
    budget = judging_of(table.game).seconds if seconds is None else seconds
    done = sum(1 for move, _ in wanted if move in analysis.decisions)
    if progress is not None:
        progress(done, len(wanted))
    try:
        for move, _ in wanted:
            if move in analysis.decisions:
                continue
            if stop is not None and stop():
                break
            analysis.decisions[move] = judge(table, move, budget, iterations, separate_process)
            if path is not None:
                problem = analysis_file.write(path, table, analysis.decisions)
                if problem is not None and problem not in (analysis.problem or ""):
                    analysis.problem = f"{analysis.problem} {problem}" if analysis.problem else problem
            done += 1
            if progress is not None:
                progress(done, len(wanted))
    except KeyboardInterrupt:
        if not interruptible:
            raise
    return analysis
