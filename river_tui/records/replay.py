"""Stepping through a game move by move.

Position ``p`` is the game after its first ``p`` actions (0 is the setup). Every
position comes from the table's own replayed history (`Table.state_at`), never
stored again, so a step costs the same at the first action as at the last.

Secrets stay secret: an unfinished game is seen by its first human seat and shows
only what that seat could see; a finished game reveals everything at every
position.
"""

from __future__ import annotations

import dataclasses

from ..rules.core import State
from ..table import Table


def first_human_seat(table: Table) -> int | None:
    return next((index for index, seat in enumerate(table.seats) if seat.is_human), None)


def revealed(state: State) -> State:
    """The whole position, as a spectator of a finished game may see it: every
    secret shown, only the RNG (the order of what was never drawn) left out."""
    if getattr(state, "rng", None) is None:
        return state
    return dataclasses.replace(state, rng=None)


class Replay:
    """A table's history, looked at one position at a time."""

    def __init__(self, table: Table, position: int | None = None) -> None:
        self.table = table
        self.game = table.game
        self.length = len(table.log)
        self.reveal_all = table.finished
        self.viewer = None if self.reveal_all else first_human_seat(table)
        self.labels = [self.game.round_label(table.state_at(p)) for p in range(self.length + 1)]
        """Where the game stood at each position ("Round 3"), from `Game.round_label`."""
        self.position = self.length if position is None else self._clamp(position)

    def _clamp(self, position: int) -> int:
        return max(0, min(self.length, position))

    # --- where we are ----------------------------------------------------------
    @property
    def state(self) -> State:
        return self.table.state_at(self.position)

    def view(self) -> State:
        """What the board shows at this position."""
        if self.reveal_all:
            return revealed(self.state)
        return self.game.view(self.state, self.viewer)

    def to_act(self) -> frozenset[int]:
        return self.game.to_act(self.state)

    # --- moving ----------------------------------------------------------------------
    def go(self, position: int) -> int:
        self.position = self._clamp(position)
        return self.position

    def step(self, delta: int) -> int:
        return self.go(self.position + delta)

    def round_starts(self) -> list[tuple[int, str]]:
        """(position, label) of the first position of every season, round or turn."""
        return [
            (p, label) for p, label in enumerate(self.labels) if p == 0 or label != self.labels[p - 1]
        ]

    def next_round(self) -> int:
        """Go to the start of the next round (or the end of the game)."""
        later = [p for p, _ in self.round_starts() if p > self.position]
        return self.go(later[0] if later else self.length)

    def previous_round(self) -> int:
        """Go to the start of this round, or of the one before when already there."""
        earlier = [p for p, _ in self.round_starts() if p < self.position]
        return self.go(earlier[-1] if earlier else 0)

    # --- words -------------------------------------------------------------------------
    def lines_at(self, position: int) -> list[str]:
        """The log lines of the action that led to ``position`` (none for the setup)."""
        return self.table.lines_of(position - 1) if position else []

    def status(self) -> str:
        """One line: the move, the round, who acts, and whose eyes the board shows."""
        seats = self.table.seats
        where = f"Replay: move {self.position} of {self.length}"
        if self.labels[self.position]:
            where += f" · {self.labels[self.position]}"
        acting = sorted(self.to_act())
        if acting:
            where += f" · {', '.join(seats[s].name for s in acting)} to act"
        elif self.position == self.length:
            where += " · the game is over"
        if self.reveal_all:
            return where + " · everything revealed"
        if self.viewer is None:
            return where + " · seen by a spectator"
        return where + f" · seen by {seats[self.viewer].name}"
