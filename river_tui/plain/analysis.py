"""A finished game's analysis in plain lines (`play.analysis`, as `river-tui
analyse` and the app's A): ``analyse`` in the replay of a finished game, or at
the menu right after a game ends. A progress line comes every tenth of the
decisions, with the time left; Ctrl+C stops it after what is done, which is
kept beside the save, and the next ``analyse`` goes on from there. Then the
summary per seat, and the replay marks the moves that lost points."""

from __future__ import annotations

import time
from typing import Any

from ..play import analysis
from ..play.replay import History
from .console import Console

PROGRESS_LINES = 10
"""About this many progress lines over a whole analysis."""


def analyse(table: History, console: Console, budget: dict[str, Any] | None = None) -> analysis.Analysis | None:
    """Analyse finished ``table`` (what is kept is read back, the rest searched),
    saying how far it is and then the summary; None for an unfinished game.
    ``budget``: `analysis.analyse`'s keywords (the game's own budget, in a worker process, if none)."""
    if not table.finished:
        console.say("Only a finished game is analysed: this one is not over.")
        return None
    started = time.monotonic()
    first: list[int] = []

    def progress(done: int, total: int) -> None:
        if not first:
            first.append(done)
            left = total - done
            console.say(f"Analysing {table.game.title}: {left} of {total} decisions to go, each from its "
                        "player's view then. Ctrl+C stops, keeping what is done." if left else
                        f"The analysis of all {total} decisions is kept from before.")
            return
        step = max(1, total // PROGRESS_LINES)
        if done < total and (done - first[0]) % step == 0:
            each = (time.monotonic() - started) / (done - first[0])
            console.say(f"Analysed {done} of {total} decisions, about {time_words(each * (total - done))} left.")

    result = analysis.analyse(table, table.path, progress=progress, interruptible=True,
                              **({"separate_process": True} if budget is None else budget))
    done = len(result.decisions)
    if not result.complete:
        console.say(f"Stopped: {done} of {len(result.wanted)} decisions analysed, kept for the next analyse.")
    if result.problem:
        console.say(result.problem)
    console.say(*analysis.summary_lines(table, result))
    return result


def time_words(seconds: float) -> str:
    """"40 seconds", "3 minutes"."""
    if seconds < 90:
        whole = max(1, round(seconds))
        return f"{whole} second{'s' if whole != 1 else ''}"
    return f"{round(seconds / 60)} minutes"


def mark_moves(table: History, result: analysis.Analysis) -> dict[int, str]:
    """Position -> the words of the marked move that led there (what it lost, what was better)."""
    judging = analysis.judging_of(table.game)
    marked = {move: analysis.mark_words(table, result.decisions[move], judging) for move in result.marks(judging)}
    return {move + 1: words for move, words in marked.items() if words}
