"""The analysis of a finished game, asked for on its scores screen or in its replay.

The search goes over every decision in a thread that only waits on the thinking
process (`play.analysis`), so the screen stays responsive: a progress bar with the
time left, Esc stops it after the decision in hand (what is done is kept beside
the save, and the next analysis goes on from there). At the end, or when stopped,
the summary per seat; Esc or Enter closes it, handing the analysis back (the
replay marks its moves with it).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState

from ..play import analysis
from ..play.replay import History
from .box_screen import BoxScreen


class AnalysisScreen(BoxScreen["analysis.Analysis | None"]):
    """Analyses ``table`` (saved at ``path``) and shows its summary."""

    BINDINGS = [
        Binding("escape", "stop_or_close", "Stop", id="analysis_stop"),
        Binding("enter", "close", "Close", id="analysis_close"),
    ]

    DEFAULT_CSS = """
    AnalysisScreen { align: center middle; }
    AnalysisScreen #analysis { width: 90%; max-width: 110; height: auto; max-height: 90%;
                               border: round $primary; padding: 0 1; background: $surface; }
    AnalysisScreen #analysis-summary { height: auto; max-height: 16; }
    AnalysisScreen ProgressBar { margin: 1 0; }
    """

    def __init__(self, table: History, path: Path, **budget: Any) -> None:
        super().__init__()
        self.table = table
        self.path = path
        self.budget = budget
        """`analysis.analyse`'s ``seconds`` or ``iterations`` (the game's own budget if none)."""
        self.stopping = threading.Event()
        self.result: analysis.Analysis | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="analysis"):
            yield Static(Text(f"Analysing {self.table.game.title}: every decision, from each player's view then."),
                         id="analysis-title")
            yield ProgressBar(show_eta=True, id="analysis-progress")
            yield Static("Looking at the game…", id="analysis-status")
            with VerticalScroll(id="analysis-summary"):
                yield Static(id="analysis-lines")
            yield Static("Esc stops (what is done is kept; the next analysis goes on from there).", id="analysis-keys")

    def on_mount(self) -> None:
        self.worker = self.run_worker(self._analyse, thread=True, name="analysis", exit_on_error=False)

    def on_unmount(self) -> None:
        """Leaving (the app quits) stops the analysis after the decision in hand: its
        thread would otherwise hold the app's exit until the whole game is done."""
        self.stopping.set()

    def _analyse(self) -> analysis.Analysis:
        return analysis.analyse(self.table, self.path, separate_process=True, stop=self.stopping.is_set,
                                progress=lambda done, total: self.app.call_from_thread(self._progress, done, total),
                                **self.budget)

    def _progress(self, done: int, total: int) -> None:
        self.query_one(ProgressBar).update(total=total, progress=done)
        if not self.stopping.is_set():
            self.query_one("#analysis-status", Static).update(f"{done} of {total} decisions analysed.")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "analysis" or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        status = self.query_one("#analysis-status", Static)
        if event.state == WorkerState.ERROR:
            status.update(Text(f"The analysis failed: {event.worker.error}"))
        else:
            self.result = event.worker.result
            done = len(self.result.decisions)
            words = "Done" if self.result.complete else "Stopped"
            problem = f" {self.result.problem}" if self.result.problem else ""
            status.update(Text(f"{words}: {done} of {len(self.result.wanted)} decisions.{problem}"))
            lines = analysis.summary_lines(self.table, self.result)
            self.query_one("#analysis-lines", Static).update(Text("\n".join(lines)))
        self.query_one("#analysis-keys", Static).update("Enter or Esc closes; the replay marks the moves.")
        self.refresh_bindings()

    @property
    def running(self) -> bool:
        return not self.worker.is_finished

    def action_stop_or_close(self) -> None:
        if not self.running:
            self.dismiss(self.result)
            return
        self.stopping.set()
        self.query_one("#analysis-status", Static).update("Stopping after this decision…")

    def action_close(self) -> None:
        if not self.running:
            self.dismiss(self.result)
