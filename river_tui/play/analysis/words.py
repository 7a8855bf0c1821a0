"""An analysis in words: the summary per seat, each decision's line, plain data."""

from __future__ import annotations

from dataclasses import dataclass

from ..replay import History
from .decision import GRADE_NAMES, MARKS, Decision, Judging, judging_of
from .run import Analysis

@dataclass(frozen=True)
class SeatSummary:
    """What a seat's decisions came to."""

    seat: int
    decisions: int
    points_lost: float
    matched_share: float
    """The share of its decisions where it played the search's best move."""
    costliest: tuple[Decision, ...]
    """Its (at most) three decisions that lost most, costliest first."""


def summaries(table: History, analysis: Analysis) -> list[SeatSummary]:
    out = []
    for seat in range(len(table.seats)):
        mine = [d for d in analysis.decisions.values() if d.seat == seat]
        lost = sorted((d for d in mine if d.loss > 0), key=lambda d: (-d.loss, d.move))
        out.append(SeatSummary(
            seat,
            len(mine),
            sum(d.loss for d in mine),
            sum(d.matched for d in mine) / len(mine) if mine else 0.0,
            tuple(lost[:3]),
        ))
    return out


# --- words ---------------------------------------------------------------------------
def move_words(table: History, decision: Decision, action) -> str:
    """``action`` at the decision, in the game's words in full (the game is over:
    nothing is secret), naming its seat."""
    state = table.state_at(decision.move)
    return table.named(table.game.describe_in_full(state, decision.seat, action)).rstrip(".")


def better_words(table: History, decision: Decision) -> str:
    return move_words(table, decision, decision.best)


def played_words(table: History, decision: Decision) -> str:
    return move_words(table, decision, table.log[decision.move][1])


def mark_words(table: History, decision: Decision, judging: Judging) -> str | None:
    """A marked move's mark, grade, loss and better choice ("?! inaccuracy: 2.5
    points lost; better: ..."), in the game's unit; None for a move not marked."""
    grade = decision.grade(judging)
    if grade is None:
        return None
    return (f"{MARKS[grade]} {GRADE_NAMES[grade]}: {judging.amount(decision.loss)} {judging.unit} lost; "
            f"better: {better_words(table, decision)}")


def decision_line(table: History, decision: Decision, judging: Judging) -> str:
    """One line: the move, its mark, what it lost and what was better."""
    grade = decision.grade(judging)
    mark = f" {MARKS[grade]} ({GRADE_NAMES[grade]})" if grade is not None else ""
    line = f"Move {decision.move + 1}: {played_words(table, decision)}{mark}"
    if decision.played_points is None:
        return line + " (not judged: the search never met this move)"
    if decision.matched:
        return line + f", the search's best ({judging.amount(decision.best_points)} {judging.unit} expected)"
    return (line + f": {judging.amount(decision.loss)} {judging.unit} lost ({judging.amount(decision.played_points)} "
            f"expected, {judging.amount(decision.best_points)} with {better_words(table, decision)})")


def summary_lines(table: History, analysis: Analysis) -> list[str]:
    """The summary per seat, as the screens and `river-tui analyse` show it."""
    judging = judging_of(table.game)
    lines = []
    for summary in summaries(table, analysis):
        name = table.seats[summary.seat].name
        decisions = f"{summary.decisions} decision{'' if summary.decisions == 1 else 's'}"
        lines.append(f"{name}: {judging.amount(summary.points_lost)} {judging.unit} lost over {decisions}, "
                     f"{summary.matched_share:.0%} matched the search's best")
        lines += [f"  {decision_line(table, d, judging)}" for d in summary.costliest]
    if not analysis.complete:
        done = sum(1 for move, _ in analysis.wanted if move in analysis.decisions)
        lines.append(f"(analysed {done} of {len(analysis.wanted)} decisions so far)")
    return lines


def as_json(table: History, analysis: Analysis) -> dict:
    """The analysis as plain data, for ``river-tui analyse --format json``."""
    judging = judging_of(table.game)
    return {
        "game": table.game.id,
        "complete": analysis.complete,
        "unit": judging.unit,
        "thresholds": dict(zip(GRADE_NAMES, judging.grades)),
        "decisions": [
            {
                "move": d.move + 1,
                "seat": table.seats[d.seat].name,
                "played": played_words(table, d),
                "played_points": d.played_points,
                "best": better_words(table, d),
                "best_points": d.best_points,
                "loss": d.loss,
                "grade": GRADE_NAMES[g] if (g := d.grade(judging)) is not None else None,
            }
            for d in sorted(analysis.decisions.values(), key=lambda d: d.move)
        ],
        "seats": [
            {
                "seat": table.seats[s.seat].name,
                "decisions": s.decisions,
                "points_lost": s.points_lost,
                "matched_share": s.matched_share,
                "costliest": [d.move + 1 for d in s.costliest],
            }
            for s in summaries(table, analysis)
        ],
    }
