"""Warnings from the libraries River TUI runs on never reach its console.

A library may warn as it is imported (a new `cryptography` warns about DSA when
asyncssh is imported): printed on stderr, such a warning would stand before
River TUI's own first sentence, or over the game's screen. From the start of
every command, Python's warnings go to the log instead: held in memory (the last
`HELD` of them) until a command has a log file (`river-tui serve` has serve.log),
then written there. A command without a log drops them. Someone who asks for
warnings by name (`python -W ...`, `PYTHONWARNINGS`) gets Python's own handling.
"""

from __future__ import annotations

import logging
import sys
from collections import deque

HELD = 100
WARNINGS_LOGGER = "py.warnings"
"""The logger `logging.captureWarnings` writes each warning to."""


class _Held(logging.Handler):
    """The last `HELD` warnings, kept until a log file takes them."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: deque[logging.LogRecord] = deque(maxlen=HELD)

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


_held = _Held()


def keep_warnings_off_the_console() -> None:
    """From now on, every warning is held for the log, never printed."""
    if sys.warnoptions:
        return
    logging.captureWarnings(True)
    logger = logging.getLogger(WARNINGS_LOGGER)
    logger.propagate = False
    if _held not in logger.handlers:
        logger.addHandler(_held)


def log_warnings_to(handler: logging.Handler) -> None:
    """Write the warnings held so far, and every later one, to ``handler``."""
    logger = logging.getLogger(WARNINGS_LOGGER)
    for record in _held.records:
        handler.handle(record)
    _held.records.clear()
    logger.addHandler(handler)
