"""Who is at a server table: each seat's person here, away or gone (and since
when), and who is watching.

- **here**: the seat's key has a session showing this table from that seat,
  and a key was pressed there within ``AWAY_AFTER``;
- **away**: the key is connected, but looks elsewhere (the lobby, another
  table) or has pressed no key for ``AWAY_AFTER``;
- **gone**: no session of the key is connected.

A `PresenceBook` remembers when each seat last changed state, so every screen
can say "gone 12 minutes". It knows nothing of screens: the registry hands it
the live sessions and asks it again whenever someone arrives, leaves, opens or
closes a table, or comes back to the keyboard.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .durations import for_how_long

HERE, AWAY, GONE = "here", "away", "gone"
AWAY_AFTER = 5 * 60.0
"""Seconds without a key press after which a person at their table counts as away."""


@dataclass(frozen=True)
class SeatPresence:
    """One person's seat at a table: ``state`` (here, away, gone) since ``since``
    (the registry's clock), and the computer level standing in for them, if any."""

    seat: int
    name: str
    state: str
    since: float
    stand_in: str | None = None

    def words(self, now: float) -> str:
        """"bob gone 12 minutes (computer plays)", "alice here"."""
        text = f"{self.name} {self.state}"
        if self.state != HERE:
            text += f" {for_how_long(now - self.since)}"
        if self.stand_in is not None:
            text += f" ({self.stand_in} computer plays)"
        return text


@dataclass(frozen=True)
class TablePresence:
    """Every person's seat at a table, and the names of those watching it."""

    seats: tuple[SeatPresence, ...]
    watchers: tuple[str, ...]

    def of(self, seat: int) -> SeatPresence | None:
        return next((s for s in self.seats if s.seat == seat), None)

    def words(self, now: float) -> str:
        """The presence line: "alice here · bob gone 3 minutes · watching: carol"."""
        parts = [seat.words(now) for seat in self.seats]
        parts.append(f"watching: {', '.join(self.watchers)}" if self.watchers else "nobody watching")
        return " · ".join(parts)


@dataclass(frozen=True)
class Window:
    """What the book needs of a session's window onto a table."""

    app: Any
    name: str
    seat: int | None
    showing: bool
    """Whether the window is on screen (its game screen is mounted)."""


class PresenceBook:
    """When each seat of each table last changed state, and each session's last key."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._marks: dict[tuple[int, int], tuple[str, float]] = {}
        self._last_key: dict[Any, float] = {}

    def arrived(self, app: Any) -> None:
        self._last_key[app] = self.clock()

    def left(self, app: Any) -> None:
        self._last_key.pop(app, None)

    def key_pressed(self, app: Any) -> bool:
        """Note a key press; True if the session had counted as idle until now."""
        now = self.clock()
        before = self._last_key.get(app, now)
        self._last_key[app] = now
        return now - before >= AWAY_AFTER

    def away_from_keyboard(self, app: Any) -> bool:
        """Whether ``app``'s session has pressed no key for ``AWAY_AFTER``."""
        return self.clock() - self._last_key.get(app, self.clock()) >= AWAY_AFTER

    def table(
        self,
        number: int,
        people: Iterable[tuple[int, str, str]],
        windows: Iterable[Window],
        connected: dict[str, list[Any]],
        stand_ins: dict[int, str],
    ) -> TablePresence:
        """The presence at table ``number``: ``people`` are its seats held by keys
        (seat, name, fingerprint), ``windows`` the sessions' windows onto it,
        ``connected`` the live sessions (apps) by fingerprint."""
        windows = list(windows)
        now = self.clock()
        seats = []
        for seat, name, fingerprint in people:
            apps = connected.get(fingerprint, [])
            state, since = GONE, None
            if apps:
                state = AWAY
                here = [w.app for w in windows if w.seat == seat and w.showing and w.app in apps]
                if here:
                    last_key = max(self._last_key.get(app, now) for app in here)
                    if now - last_key < AWAY_AFTER:
                        state = HERE
                    else:
                        since = last_key + AWAY_AFTER
            seats.append(SeatPresence(seat, name, state, self._mark((number, seat), state, since), stand_ins.get(seat)))
        watchers = sorted({w.name for w in windows if w.seat is None and w.showing})
        return TablePresence(tuple(seats), tuple(watchers))

    def _mark(self, key: tuple[int, int], state: str, since: float | None) -> float:
        """When the seat came into ``state``: kept from before while the state holds."""
        old = self._marks.get(key)
        if old is None or old[0] != state:
            self._marks[key] = (state, self.clock() if since is None else since)
        return self._marks[key][1]


YOUR_MOVE = "▶"
"""The lobby's mark on a table where it is your move (a glyph, never colour alone)."""


def your_move_mark(number: int, yours: set[int]) -> str:
    """The lobby's "#" cell of table ``number``: marked when it is one of ``yours``."""
    return f"{YOUR_MOVE}{number}" if number in yours else str(number)


def your_move_notice(tables: list[Any]) -> str | None:
    """What a player is told on arriving in the lobby: at how many tables it is their move."""
    if not tables:
        return None
    count = f"{len(tables)} tables" if len(tables) > 1 else "1 table"
    return f"It is your move at {count} (marked {YOUR_MOVE} in the list)."
