"""Durations as people write and read them: "90", "8 seconds", "1 minute", "2h"."""

from __future__ import annotations

import math
import re

UNITS = {
    "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
    "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
    "h": 3600, "hour": 3600, "hours": 3600,
}  # fmt: skip
LONGEST = 366 * 24 * 3600
"""A year: longer than any server runs unattended, short enough for the loop's timers."""

_DURATION = re.compile(r"\s*([0-9]*\.?[0-9]+)\s*([a-z]*)\s*")


def parse_duration(text: str) -> float:
    """Seconds in ``text`` ("1800", "30 minutes", "1.5h"); a bare number is seconds.

    Raises ValueError with a sentence for anything else, including nan, inf,
    zero and negative durations.
    """
    match = _DURATION.fullmatch(text.lower())
    if match is None or match.group(2) not in ("", *UNITS):
        raise ValueError(f"{text!r} is not a duration; write seconds (1800) or, e.g., '30 minutes' or '2 hours'.")
    seconds = float(match.group(1)) * UNITS.get(match.group(2), 1)
    if not math.isfinite(seconds) or seconds <= 0 or seconds > LONGEST:
        raise ValueError(f"{text!r} is not a duration between a moment and a year.")
    return seconds


def duration_text(seconds: float) -> str:
    """``seconds`` in words: "8 seconds", "1 minute", "90 minutes", "2 hours"."""
    if seconds < 60:
        return _count(seconds, "second")
    if seconds < 2 * 3600:
        return _count(seconds / 60, "minute")
    return _count(seconds / 3600, "hour")


def _count(amount: float, unit: str) -> str:
    shown = f"{amount:.1f}".rstrip("0").rstrip(".")
    return f"{shown} {unit}{'' if shown == '1' else 's'}"


def for_how_long(seconds: float) -> str:
    """How long something has lasted, as a line that is redrawn now and then says
    it: "just now" under a minute, else whole minutes ("12 minutes"), then hours."""
    return "just now" if seconds < 60 else duration_text(60 * (seconds // 60))
