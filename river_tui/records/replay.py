"""Stepping through a game move by move.

Position ``p`` is the game after its first ``p`` actions (0 is the setup). Every
position comes from the table's own replayed history (`Table.state_at`), never
stored again, so a step costs the same at the first action as at the last.

Secrets stay secret: an unfinished game is seen by its first human seat and shows
only what that seat could see; a finished game reveals everything at every
position, and may be looked at through any seat's eyes in turn.
"""

from __future__ import annotations

import dataclasses

from collections.abc import Sequence
from typing import Any, Protocol

from ..rules.changes import Recent
from ..rules.core import Action, Game, IllegalAction, State


class PlayedSeat(Protocol):
    """A seat as a replay names it (`table.Seat`)."""

    @property
    def name(self) -> str: ...

    @property
    def is_human(self) -> bool: ...


class History(Protocol):
    """What a replay reads of a game's history: a `Table` (table.py), which it
    never imports (the table is above the records)."""

    game: Game
    seats: Sequence[PlayedSeat]
    log: Sequence[tuple[int, Action]]

    @property
    def finished(self) -> bool: ...

    def state_at(self, moves: int) -> State: ...

    def lines_of(self, index: int) -> list[str]: ...

    def recent(self, seat: int | None, moves: int | None = None) -> Recent: ...


def first_human_seat(table: History) -> int | None:
    return next((index for index, seat in enumerate(table.seats) if seat.is_human), None)


def revealed(state: State) -> State:
    """The whole position, as a spectator of a finished game may see it: every
    secret shown, only the RNG (the order of what was never drawn) left out."""
    if getattr(state, "rng", None) is None:
        return state
    return dataclasses.replace(state, rng=None)


class Replay:
    """A table's history, looked at one position at a time."""

    def __init__(self, table: History, position: int | None = None) -> None:
        self.table = table
        self.game = table.game
        self.length = len(table.log)
        self.reveal_all = table.finished
        self.viewer = first_human_seat(table)
        """The seat whose eyes the board uses (None: a spectator's)."""
        states = [table.state_at(p) for p in range(self.length + 1)]
        self.labels = [self.game.round_label(state) for state in states]
        """Where the game stood at each position ("Round 3, phase 2"), from `Game.round_label`."""
        rounds = [self.game.round_of(state) for state in states]
        self.round_starts = [(p, rounds[p]) for p in range(len(rounds)) if p == 0 or rounds[p] != rounds[p - 1]]
        """(position, label) of the first position of every season, round or turn
        (`Game.round_of`: Riverside's phases are steps within a round)."""
        self.position = self.length if position is None else self._clamp(position)

    def _clamp(self, position: int) -> int:
        return max(0, min(self.length, position))

    # --- where we are ----------------------------------------------------------
    @property
    def state(self) -> State:
        return self.table.state_at(self.position)

    def view(self, seat: int | None) -> State:
        """What ``seat``'s board shows at this position: everything in a finished game."""
        if self.reveal_all:
            return revealed(self.state)
        return self.game.view(self.state, seat)

    def to_act(self) -> frozenset[int]:
        return self.game.to_act(self.state)

    # --- moving ----------------------------------------------------------------------
    def go(self, position: int) -> int:
        self.position = self._clamp(position)
        return self.position

    def next_round_start(self) -> int:
        """The start of the next round (or the end of the game)."""
        return next((p for p, _ in self.round_starts if p > self.position), self.length)

    def previous_round_start(self) -> int:
        """The start of this round, or of the one before when already there."""
        return max((p for p, _ in self.round_starts if p < self.position), default=0)

    def next_viewer(self) -> int | None:
        """Look through the next seat's eyes, then a spectator's. Only in a finished
        game: in an unfinished one, other seats' secrets stay hidden."""
        if self.reveal_all:
            order = [*range(len(self.table.seats)), None]
            self.viewer = order[(order.index(self.viewer) + 1) % len(order)]
        return self.viewer

    # --- words -------------------------------------------------------------------------
    def lines_at(self, position: int) -> list[str]:
        """The log lines of the action that led to ``position`` (none for the setup)."""
        return self.table.lines_of(position - 1) if position else []

    def move_words(self) -> str:
        """The action that led here, in the game's words, naming its seat."""
        if not self.position:
            return "The game is set up."
        seat, _ = self.table.log[self.position - 1]
        first = (self.lines_at(self.position) or [""])[0]
        name = self.table.seats[seat].name
        return first if name in first else f"{name}: {first}"

    def status(self) -> str:
        """One short line: the move, who acts, and whose eyes the board shows
        (the round is in the screen's title)."""
        seats = self.table.seats
        where = f"Replay {self.position}/{self.length}"
        acting = sorted(self.to_act())
        if acting:
            where += f" · {', '.join(seats[s].name for s in acting)} to act"
        elif self.position == self.length:
            where += " · game over"
        eyes = "a spectator's" if self.viewer is None else f"{seats[self.viewer].name}'s"
        return where + (f" · {eyes} eyes, all revealed" if self.reveal_all else f" · {eyes} eyes only")


class TableAtPosition:
    """The table as it stood at a replay's position: what a read-only game screen
    holds instead of the live table, so that everything the screen reads (the
    state, whose turn, the log so far, a seat's view) is that position's.
    It takes no moves."""

    _LIVE_ONLY = frozenset({"undo", "save", "save_data", "lines", "log_lines", "bot_choice", "bot_seats_to_act",
                            "human_seats_to_act"})
    """What belongs to the game as it is now, not as it stood: refused."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.listeners: list = []  # a position never changes: nobody is ever told of a move

    def __getattr__(self, name: str) -> Any:
        """Everything that does not change with the position (game, seats, names,
        options, path...) is the table's own."""
        if name in self._LIVE_ONLY:
            raise AttributeError(f"A replay's table has no {name!r}: it shows a past position.")
        return getattr(self.replay.table, name)

    @property
    def state(self) -> State:
        return self.replay.state

    @property
    def log(self) -> list[tuple[int, Action]]:
        return self.replay.table.log[: self.replay.position]

    def to_act(self) -> frozenset[int]:
        return self.replay.to_act()

    @property
    def finished(self) -> bool:
        return not self.to_act()

    def view(self, seat: int | None) -> State:
        return self.replay.view(seat)

    def legal_actions(self, seat: int) -> Sequence[Action]:
        return []

    def recent(self, seat: int | None) -> Recent:
        """What had just happened at this position, as ``seat`` saw it."""
        return self.replay.table.recent(seat, self.replay.position)

    def result(self):
        return self.game.result(self.state)

    def apply(self, seat: int, action: Action) -> None:
        raise IllegalAction("This is a replay: no move can be made here.")
