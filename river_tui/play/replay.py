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
import random
from collections.abc import Sequence
from pathlib import Path
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
    seed: int

    @property
    def path(self) -> Path | None: ...

    @property
    def finished(self) -> bool: ...

    def named(self, text: str) -> str: ...

    def state_at(self, moves: int) -> State: ...

    def lines_of(self, index: int) -> list[str]: ...

    def recent(self, seat: int | None, moves: int | None = None, public: bool = False) -> Recent: ...


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
        self.analysis = None
        """The game's analysis (`play.analysis.Analysis`), once asked for: the move list marks its moves."""
        self.notes: dict[int, str] = {}
        """Words the status line adds at a position (a finished game's analysis of its move)."""
        self.instead: Action | None = None
        """A move shown on the board in place of the one that led to this position
        (the analysis's better choice); any step goes back to the game as played."""
        self._instead_state: State | None = None

    def _clamp(self, position: int) -> int:
        return max(0, min(self.length, position))

    # --- where we are ----------------------------------------------------------
    @property
    def state(self) -> State:
        if self._instead_state is not None:
            return self._instead_state
        return self.table.state_at(self.position)

    def show_instead(self, action: Action | None) -> None:
        """Show the position ``action`` would have led to instead of this one's move
        (None: the move played). Only in a finished game, where all is revealed."""
        if action is None or not self.position or not self.reveal_all:
            self.instead = self._instead_state = None
            return
        seat, _ = self.table.log[self.position - 1]
        self._instead_state = self.game.apply(self.table.state_at(self.position - 1), seat, action)
        self.instead = action

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
        self.show_instead(None)
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
        where += f" · {eyes} eyes, all revealed" if self.reveal_all else f" · {eyes} eyes only"
        if self.instead is not None:
            where += " · the better choice on the board (B: as played)"
        elif self.position in self.notes:
            where += f" · {self.notes[self.position]}"
        return where


class TableAtPosition:
    """The table as it stood at a replay's position: what a read-only game screen
    holds instead of the live table (a `TableWindow`, table_window.py), so that
    everything the screen reads (the state, whose turn, the log so far, a seat's
    view) is that position's. It takes no moves and is never saved; what does not
    change with the position (the game, its seats, their names) is the table's."""

    presence = chat = stand_ins = hints = None
    """A past position has nobody at its table, no chat and no stand-ins."""
    save_problem = records_notice = None
    """A past position is neither saved nor recorded."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.listeners: list = []  # a position never changes: nobody is ever told of a move

    # --- what does not change with the position ----------------------------------------
    @property
    def game(self) -> Game:
        return self.replay.table.game

    @property
    def seats(self) -> Sequence[PlayedSeat]:
        return self.replay.table.seats

    @property
    def seed(self) -> int:
        return self.replay.table.seed

    @property
    def path(self) -> Path | None:
        return self.replay.table.path

    def named(self, text: str) -> str:
        return self.replay.table.named(text)

    def state_at(self, moves: int) -> State:
        return self.replay.table.state_at(moves)

    def lines_of(self, index: int) -> list[str]:
        return self.replay.table.lines_of(index)

    # --- the position ----------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.replay.state

    @property
    def log(self) -> list[tuple[int, Action]]:
        return self.replay.table.log[: self.replay.position]

    @property
    def log_lines(self) -> list[str]:
        """The game log as it stood: each move's lines, without the move's own line in
        a game that sums up its steps (as `Table.log_lines`)."""
        own = 0 if self.game.logs_each_step else 1
        return [line for p in range(1, self.replay.position + 1) for line in self.replay.lines_at(p)[own:]]

    def to_act(self) -> frozenset[int]:
        return self.replay.to_act()

    @property
    def finished(self) -> bool:
        return not self.to_act()

    def view(self, seat: int | None) -> State:
        return self.replay.view(seat)

    def legal_actions(self, seat: int) -> Sequence[Action]:
        return []

    def recent(self, seat: int | None, public: bool = False) -> Recent:
        """What had just happened at this position, as ``seat`` saw it."""
        return self.replay.table.recent(seat, self.replay.position, public)

    def result(self):
        return self.game.result(self.state)

    # --- nothing is played or saved --------------------------------------------------
    def apply(self, seat: int, action: Action) -> None:
        raise IllegalAction("This is a replay: no move can be made here.")

    def undo(self, seat: int | None = None) -> int:
        raise IllegalAction("This is a replay: no move can be taken back here.")

    def bot_choice(self, seat: int, rng: random.Random, kind: str | None = None) -> Action:
        raise IllegalAction("This is a replay: no move can be made here.")

    def bot_seats_to_act(self) -> list[int]:
        return []  # nobody moves in a replay

    def human_seats_to_act(self) -> list[int]:
        return []

    def save(self) -> bool:
        return True  # nothing to write: the position is the saved game's own

    def save_notice(self) -> str | None:
        return None

    def close(self) -> None:
        """Nothing to let go of: the live table (if any) is its own screen's."""
