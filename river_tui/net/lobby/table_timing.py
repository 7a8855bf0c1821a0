"""The new-table form's choices of time: how long a gone player's move waits
before the others may hand their seat to a computer (the grace time), and how
long any turn may take before a computer plays it (the turn timer)."""

from __future__ import annotations

from textual.widgets import Select

from ..tables import GRACE

MINUTE, HOUR = 60.0, 3600.0
GRACE_CHOICES = (
    ("grace 2 min", 2 * MINUTE), ("grace 5 min", 5 * MINUTE), ("grace 10 min", GRACE), ("grace 30 min", 30 * MINUTE),
    ("grace 2 h", 2 * HOUR), ("grace 1 day", 24 * HOUR),
)  # fmt: skip
"""How long a gone player's move waits before their seat may go to a computer (the form's words: 12 columns)."""
NO_TIMER = 0.0
TIMER_CHOICES = (
    ("no timer", NO_TIMER), ("1 min/turn", MINUTE), ("3 min/turn", 3 * MINUTE), ("10 min/turn", 10 * MINUTE),
    ("1 h/turn", HOUR), ("1 day/turn", 24 * HOUR),
)  # fmt: skip
"""How long a turn may take before a computer plays it."""


def grace_select() -> Select[float]:
    """The grace time, 10 minutes unless chosen otherwise."""
    return Select(GRACE_CHOICES, value=GRACE, allow_blank=False, compact=True, id="grace")


def timer_select() -> Select[float]:
    """The turn timer, none unless chosen."""
    return Select(TIMER_CHOICES, value=NO_TIMER, allow_blank=False, compact=True, id="timer")


def chosen_times(grace: Select[float], timer: Select[float]) -> tuple[float, float | None]:
    """(grace time, turn timer or None) as the two fields say."""
    seconds = float(timer.value)  # type: ignore[arg-type]
    return float(grace.value), (None if seconds == NO_TIMER else seconds)  # type: ignore[arg-type]
