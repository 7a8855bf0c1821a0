"""What a move changed, as one seat sees it, and what happened since a seat last acted.

Every game says in `Game.changes` what one move changed between two *views* of a
seat (``game.view(state, seat)`` before and after), so nothing here can hold what
that seat's view hides. Screens mark ``Changes.marks`` on the board (until the
seat acts again), show the last move's headline, and `summarize` the moves since
the seat last acted, grouped under the game's headings.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

@dataclass(frozen=True)
class Changes:
    """What one move changed, as one seat's view shows it.

    ``marks`` are the places on the board that changed, as keys the game's widgets
    understand (``("square", 12)``, ``("sheet", seat, row)``...). ``lines`` say
    what happened in the game's words, each under a heading of the summary
    (``(heading, text)``); the first says what the mover did.
    """

    marks: frozenset[Hashable] = frozenset()
    lines: tuple[tuple[str, str], ...] = ()

    @property
    def headline(self) -> str:
        return self.lines[0][1] if self.lines else ""


@dataclass(frozen=True)
class Recent:
    """What a seat should be shown of the latest moves.

    ``marks``: what changed on the board since the seat last acted (its own last
    move when nobody moved since); ``last``: the last move in one line;
    ``summary``: the moves of others since the seat last acted, grouped;
    ``others``: how many of those moves there were; ``acted``: whether the seat
    had made a move before (else the summary is of what came before its first).
    """

    marks: frozenset[Hashable] = frozenset()
    last: str = ""
    summary: tuple[str, ...] = ()
    others: int = 0
    acted: bool = True


def summarize(headings: Sequence[str], steps: Sequence[Changes]) -> tuple[str, ...]:
    """The steps' lines grouped under their headings ("Water: ...; ..."), headings
    in the game's order (others after, as they come); a thing said several times is
    said once with its count. Everything is said: the box that shows it scrolls."""
    grouped: dict[str, dict[str, int]] = {heading: {} for heading in headings}
    for step in steps:
        for heading, text in step.lines:
            said = grouped.setdefault(heading, {})
            said[text] = said.get(text, 0) + 1
    out = []
    for heading, said in grouped.items():
        if not said:
            continue
        items = [text if count == 1 else f"{text} (×{count})" for text, count in said.items()]
        out.append(f"{heading}: " + "; ".join(_by_seat(items)))
    return tuple(out)


_SUBJECT = re.compile(r"(Seat \d+) ")
"""A line whose subject is a seat ("Seat 2 built a farm"; not "Seat 2's camp moved")."""


def _by_seat(items: list[str]) -> list[str]:
    """Items that follow one another with the same seat as subject said as one, the seat
    named once ("Seat 2 took 1 tree, built a net on east 3"): the same words, shorter."""
    merged: list[str] = []
    subject = None
    for item in items:
        match = _SUBJECT.match(item)
        if match and match.group(1) == subject:
            merged[-1] += ", " + item[match.end():]
            continue
        subject = match.group(1) if match else None
        merged.append(item)
    return merged
