"""A player of plain mode who only reads the printed lines and types lines back:
the stdin a `plain.console.Console` reads. Each time a line is asked for, it reads
what was printed since and answers as a person would: ready at a handover, `moves`
when it is their turn, then one of the moves listed (at random, seeded), and
whatever a test queued first."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable

LISTED = re.compile(r"^(\d+) moves?:$")


class ReadingPlayer(io.TextIOBase):
    def __init__(self, out: io.StringIO, seed: int = 1, script: list[str] | None = None,
                 on_turn: Callable[[list[str]], list[str]] | None = None, end_after_script: bool = False) -> None:
        self.out = out
        self.rng = random.Random(seed)
        self.script = list(script or [])
        """Lines typed first, in order, before the player's own answers."""
        self.on_turn = on_turn
        """Called with the lines printed since the last answer when a turn begins:
        extra lines to type first (queries)."""
        self.end_after_script = end_after_script
        """Input ends once the script is typed (as when a pipe closes)."""
        self.seen = 0
        self.typed: list[str] = []
        self.asked = 0

    def readline(self, size: int = -1) -> str:
        self.asked += 1
        if self.asked > 20000 or (self.end_after_script and not self.script):
            return ""  # input ends (a game that never ends: the test fails on what it saw)
        text = self.out.getvalue()
        new, self.seen = text[self.seen:].splitlines(), len(text)
        line = self._answer(new)
        self.typed.append(line)
        return line + "\n"

    def _answer(self, new: list[str]) -> str:
        if self.script:
            return self.script.pop(0)
        if new and new[-1].startswith("Pass the keyboard to "):
            return "ready"
        for index, line in enumerate(new):
            listed = LISTED.match(line)
            if listed:
                moves = new[index + 1 : index + 1 + int(listed.group(1))]
                return self.rng.choice(moves)
        if self.on_turn and any(", your move: " in line for line in new):
            self.script = self.on_turn(new)
            if self.script:
                return self.script.pop(0)
        return "moves"
