"""Lines out, lines in: the only place plain mode reads and writes.

Every line printed is made safe (`safe_text.plain`: no control characters, so a
name can never move the cursor or retitle the window) and flushed at once. At a
terminal, input comes through readline with Tab completing from the choices of
the moment; from a pipe, a line is read as it is (no prompt is printed, so the
output holds only what the program said).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from ..safe_text import plain

MOST_TYPED = 4096
"""Characters of one typed line read at most; the rest of a longer line is dropped."""


class Console:
    """Where plain mode writes lines and reads answers."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None, interactive: bool | None = None):
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        if interactive is None:
            interactive = self.stdin is sys.stdin and _is_terminal(self.stdin)
        self._readline = _readline() if interactive else None
        self._choices: Sequence[str] = ()
        if self._readline is not None:
            self._readline.set_completer_delims(" ")
            self._readline.set_completer(self._complete)
            self._readline.parse_and_bind("tab: complete")

    def say(self, *lines: str) -> None:
        """Print each line once (a line holding line breaks becomes several)."""
        for text in lines:
            for line in str(text).split("\n"):
                self.stdout.write(plain(line) + "\n")
        self.stdout.flush()

    def ask(self, choices: Sequence[str] = ()) -> str | None:
        """The next line typed (None: input ended). ``choices`` are what Tab completes."""
        if self._readline is not None:
            self._choices = choices
            try:
                return input("> ")[:MOST_TYPED]
            except EOFError:
                return None
        line = self.stdin.readline(MOST_TYPED + 1)
        if not line:
            return None
        if len(line) > MOST_TYPED and not line.endswith("\n"):
            while (rest := self.stdin.readline(MOST_TYPED)) and not rest.endswith("\n"):
                pass  # drop the rest of an over-long line
        return line.rstrip("\r\n")[:MOST_TYPED]

    def _complete(self, text: str, state: int) -> str | None:
        buffer = self._readline.get_line_buffer().lstrip()
        matches = [choice for choice in self._choices if choice.lower().startswith(buffer.lower())]
        # readline replaces the word being completed: offer the rest of each match from that word on
        start = len(buffer) - len(text)
        return (matches[state][start:] if state < len(matches) else None)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _readline():
    try:
        import readline
    except ImportError:  # a Python without it: plain input, no completion
        return None
    return readline
