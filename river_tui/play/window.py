"""The table a game screen holds, written down: `TableWindow`.

A screen holds one of three tables: a `Table` played at one keyboard (table.py),
one session's window onto a server's table (`SeatTable`, net/tables.py), or a
game as it stood at a replay's position (`TableAtPosition`, records/replay.py).
Each implements every member below itself (none forwards unknown names), and a
screen asks nothing else of it.

What only some tables have is a capability, None where a table has none: who is
at a server's table (`presence`), the table's chat (`chat`), handing a gone
player's seat to a computer (`stand_ins`), and the replay whose position the
table shows (`replay`), and hints, with who asked for one (`hints`). A screen's modes follow from them: a replay's screen
takes no move, a server's table (one with `presence`) has the server's keys, and
a window whose seat is lost to a newer session of its key is told so through
`Presence.seat_lost`, never by having its attributes written.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from .replay import Replay
from ..rules.changes import Recent
from ..rules.core import Action, Game, Result, State
from .table import HintsAsked, Seat


class Presence(Protocol):
    """Who is at a server's table, as one session's window sees it."""

    listeners: list[Callable[[], None]]
    """Called (in the window's app) when who is at the table changes: the presence line."""
    seat_lost: list[Callable[[], None]]
    """Called when the window's seat went to a newer session of the same key: the
    window watches from then on (a screen stops playing for the seat)."""

    def words(self) -> str:
        """Each person's seat here, away or gone (and for how long), and who watches."""
        ...


class StandIns(Protocol):
    """Handing a gone player's seat to a computer, from one window of a server's table."""

    def levels(self) -> list[str]:
        """The computer levels that may play a person's seat: easy first."""
        ...

    def gone_to_act(self) -> bool:
        """Whether another seat's player is gone while it is their move."""
        ...

    def may_hand_over(self) -> tuple[list[int], str]:
        """The seats this window's player may hand to a computer now, and else why none."""
        ...

    def hand_to_computer(self, seat: int, level: str) -> None:
        """Let a computer of ``level`` play ``seat`` until its owner returns (ValueError: why not)."""
        ...


class Chat(Protocol):
    """One window's side of a server table's chat (`net.chat.ChatWindow`)."""

    max_chars: int
    audience: str
    whispers: bool
    watchers_marked: bool

    @property
    def seat(self) -> int | None: ...

    def name(self, seat: int) -> str: ...

    def wrote(self, line: Any) -> bool: ...

    def history(self) -> list[Any]: ...

    def now(self) -> float: ...

    def say(self, typed: str) -> str | None: ...

    def listen(self, listener: Callable[[Any], None]) -> None: ...

    def stop(self, listener: Callable[[Any], None]) -> None: ...

    def addressee(self, typed: str) -> str | None: ...


@runtime_checkable
class TableWindow(Protocol):
    """What every game screen (and the scores screen) talks to."""

    # --- the game and its history ------------------------------------------------------
    game: Game
    seats: Sequence[Seat]
    seed: int
    listeners: list[Callable[[Any], None]]
    """Called with the table after every change (a move, an undo); a screen adds itself."""

    @property
    def log(self) -> Sequence[tuple[int, Action]]: ...

    @property
    def log_lines(self) -> list[str]:
        """The game log as a screen shows it."""
        ...

    @property
    def state(self) -> State:
        """The position as this table shows it (a server's window: its seat's view)."""
        ...

    @property
    def finished(self) -> bool: ...

    def to_act(self) -> frozenset[int]: ...

    def view(self, seat: int | None) -> State: ...

    def result(self) -> Result | None: ...

    def recent(self, seat: int | None, public: bool = False) -> Recent:
        """What ``seat`` is shown of the latest moves (`Table.recent`; ``public``: as
        anyone may see them)."""
        ...

    def named(self, text: str) -> str:
        """The rules' "Seat 2" given the seat's name."""
        ...

    def state_at(self, moves: int) -> State:
        """The position after the first ``moves`` actions (a replay steps through them)."""
        ...

    def lines_of(self, index: int) -> list[str]:
        """The log lines of the action at ``index`` of the log."""
        ...

    # --- playing ---------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat``; IllegalAction, with the reason, changes nothing."""
        ...

    def undo(self, seat: int | None = None) -> int:
        """Take back the last move (`Table.undo`); how many actions went back."""
        ...

    def bot_choice(self, seat: int, rng: random.Random, kind: str | None = None) -> Action: ...

    def bot_seats_to_act(self) -> list[int]: ...

    def human_seats_to_act(self) -> list[int]: ...

    # --- saving ------------------------------------------------------------------------
    @property
    def path(self) -> Path | None: ...

    @property
    def save_problem(self) -> str | None:
        """Why the game is not being saved, while its saves fail."""
        ...

    @property
    def records_notice(self) -> str | None:
        """One sentence for the players when the finished game's record could not be kept."""
        ...

    def save(self) -> bool:
        """Save now (False: it failed, `save_problem` says why)."""
        ...

    def save_notice(self) -> str | None:
        """Once, when saves start failing: that the game is not being saved, and why."""
        ...

    def close(self) -> None:
        """The screen is done with the table: let go of what it holds (a save's lock)."""
        ...

    # --- capabilities (None where the table has none) -----------------------------------
    @property
    def presence(self) -> Presence | None: ...

    @property
    def chat(self) -> Chat | None: ...

    @property
    def stand_ins(self) -> StandIns | None: ...

    @property
    def replay(self) -> Replay | None:
        """The replay whose position this table shows: a past position takes no move."""
        ...

    @property
    def hints(self) -> HintsAsked | None:
        """Who asked for a hint; None where the table offers none (a replay)."""
        ...
