"""The front's lobby when tables live in workers: every table as its worker last
described it (`Listed`), where each lives, and ``tables.json``.

The lobby screen talks to it as to a `TableRegistry`: it lists, creates and
archives tables, and "sits" a session at one by handing back a `Doorway`, whose
screen (`Elsewhere`) moves the session's stream to the table's worker.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from collections.abc import Callable
from contextvars import Context
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.app import App

from ...play.table import Seat
from ...records import players
from ...rules.registry import get_game
from ...saves import store
from ...saves.schema import SaveHeader
from ..auth import Identity
from ..chat import ChatRates, LobbyChat
from ..tables import GRACE, INDEX, LOBBY_DELAY, BrokenTable, new_table, restore_tables, table_settings
from .elsewhere import Elsewhere
from .listing import Listed
from .pool import Pool, WorkerProcess

log = logging.getLogger(__name__)

MOVED = "The table's process stopped; it reopened from its save with every move, and you are back at it."
"""What the people at a table are told when its worker died and another took it."""
NOT_REOPENED = "The table's process stopped and the table could not be opened again."
CRASHES = 3
CRASH_WINDOW = 10 * 60.0
"""A table blamed for ``CRASHES`` deaths of its worker within ``CRASH_WINDOW`` seconds is set aside."""
SET_ASIDE = ("The table's process stopped again and again with this table, so it is set aside as broken "
             "(its save is kept); the other tables go on.")  # fmt: skip
"""What the people at a table set aside are told."""
SET_ASIDE_REASON = f"set aside: its process stopped {CRASHES} times within {CRASH_WINDOW / 60:.0f} minutes with it"
"""Why, in the lobby's row of broken tables."""


class SavedTable:
    """A table as its save's header tells it: what the lobby lists of an unfinished
    one until its worker has opened it, and the key of a finished one in the records.
    The front replays no move: a save whose moves kill the process reading them kills
    a worker (and is set aside), never the front, and its start costs one header a table."""

    def __init__(self, path: Path, header: SaveHeader) -> None:
        self.path = path
        self.game = get_game(header.game)  # the header's reader admits only games this River TUI has
        self.seats = [Seat(seat.name, seat.kind) for seat in header.seats]
        self.finished = header.finished
        self.key = players.game_key(header.game, header.created, header.seed)
        """The game's key in the players' records (each game counts once)."""

    def to_act(self) -> frozenset[int]:
        return frozenset()  # its worker says, once it has the table open

    def human_seats_to_act(self) -> list[int]:
        return []

    def close(self) -> None:
        """Nothing is held: the header was read without the save's lock."""


def saved_table(path: Path) -> SavedTable:
    """A table of ``tables.json`` as the front restores it: its save's header."""
    return SavedTable(path, store.read_header(path))


@dataclass
class Doorway:
    """A session about to go to a table in a worker: what the lobby reads of a window."""

    shared: Listed
    identity: Identity
    seat: int | None
    watch: bool
    took_over: bool = False


class Directory:
    """Every table of the server, each in one worker; the lobby lists them from here."""

    def __init__(self, folder: Path, lobby_delay: float = LOBBY_DELAY, clock: Callable[[], float] = time.monotonic) -> None:
        self.folder = folder
        self.lobby_delay = lobby_delay
        self.clock = clock
        self.tables: dict[int, Listed] = {}
        self.broken: list[BrokenTable] = []
        self.kept: list[str] = []
        self.index_writable = True
        self.sessions: dict[App[Any], Identity] = {}
        """Every live session's app (in the lobby or away at a table) and who it is."""
        self.away: dict[App[Any], tuple[int, WorkerProcess]] = {}
        """The sessions whose stream is at a table: its number and worker."""
        self.pool: Pool | None = None
        self.chat_rates = ChatRates()
        self.lobby_chat = LobbyChat.kept_in(folder, self.chat_rates, lambda app: app in self.sessions)
        self.lobby_changed_at = 0.0
        self._watchers: dict[App[Any], Callable[[], None]] = {}
        self._lobby_update: asyncio.TimerHandle | None = None
        self._where: dict[int, WorkerProcess] = {}
        self._crashes: dict[int, list[float]] = {}
        """Each table's recent deaths of a worker it was blamed for (`clock` times)."""
        self.front: Any = None
        """The front server (`front.FrontServer`) that moves streams to tables."""

    # --- tables and their workers -----------------------------------------------------
    def restore(self, pool: Pool) -> None:
        """Take up the tables the last run left, each placed in a worker."""
        self.pool = pool
        counted = functools.cache(lambda: frozenset(players.load().counted))  # read if a game has ended
        restored = restore_tables(self.folder, saved_table, lambda table, stood_in: self._count(table, stood_in, counted()))
        for number, (table, owners, settings) in enumerate(restored.tables, start=1):
            assert table.path is not None
            self._place(Listed.of_table(number, table, table.path, owners, settings))
            table.close()
        self.kept, self.broken, self.index_writable = restored.kept, restored.broken, restored.writable
        self._write_index()

    def _count(self, table: SavedTable, stood_in: frozenset[int], counted: frozenset[str]) -> None:
        """A game that ended in the last run: a worker replays it for the records, unless
        they count it already (``counted``: the last run did, as the game ended)."""
        if table.key in counted:
            return
        assert self.pool is not None
        try:
            self.pool.least_busy().send("record", str(table.path), sorted(stood_in))
        except ValueError as err:
            log.error("%s not counted in the records: %s", table.path.name, err)

    def _place(self, listed: Listed, worker: WorkerProcess | None = None) -> WorkerProcess:
        """Put ``listed`` in ``worker`` (the least busy if None): it opens it from its save."""
        assert self.pool is not None
        worker = worker or self.pool.least_busy()
        self.tables[listed.number] = listed
        self._where[listed.number] = worker
        worker.tables.add(listed.number)
        worker.opening.add(listed.number)
        worker.send("adopt", listed.number, str(listed.path), listed.owners,
                    {**listed.settings(), "stand_ins": {str(s): k for s, k in listed.stand_ins.items()}})  # fmt: skip
        return worker

    def worker_of(self, number: int) -> WorkerProcess:
        return self._where[number]

    def create(
        self,
        identity: Identity,
        game_id: str,
        seats: int,
        bots: int,
        variant: str | None,
        seed: int | None = None,
        grace: float = GRACE,
        timer: float | None = None,
        computer: str | None = None,
        hints: bool = False,
    ) -> Listed:
        """A new table, saved here, then opened by the least busy worker (as `TableRegistry.create`)."""
        table = new_table(self.tables.values(), identity, game_id, seats, bots, variant, seed, computer)
        assert table.path is not None
        owners: list[str | None] = [identity.fingerprint] + [None] * (seats - 1)
        number = max(self.tables, default=0) + 1
        listed = Listed.of_table(number, table, table.path, owners, {"grace": grace, "timer": timer, "hints": hints})
        table.close()  # the worker holds the save from now on
        worker = self._place(listed)
        self._write_index()
        log.info("%s created table %d (%s, %d seats, %d computers) in worker %d", identity.name, number, game_id,
                 seats, bots, worker.number)
        self.lobby_changed()
        return listed

    def archive(self, listed: Listed, identity: Identity) -> None:
        """As `TableRegistry.archive`: a finished table leaves the list and its worker."""
        if listed.seat_of(identity) is None:
            raise ValueError("Only the table's players may archive it.")
        if not listed.finished:
            raise ValueError("Only a finished table can be archived; this one is still being played.")
        log.info("%s archived table %d", identity.name, listed.number)
        self.worker_of(listed.number).send("drop", listed.number)
        self._forget_table(listed.number)

    def _forget_table(self, number: int) -> None:
        self.tables.pop(number, None)
        self._crashes.pop(number, None)
        worker = self._where.pop(number, None)
        if worker is not None:
            worker.tables.discard(number)
            worker.opening.discard(number)
        self._write_index()
        self.lobby_changed()

    def _write_index(self) -> None:
        if not self.index_writable:
            return
        entries = [json.dumps({"path": str(s.path), "owners": s.owners, **table_settings(s)}) for s in self.tables.values()]
        entries += self.kept
        try:
            store.write_atomically(self.folder / INDEX, ("[\n" + ",\n".join(entries) + "\n]\n").encode(),
                                   within=self.folder)
        except OSError as err:
            log.error("cannot write %s: %s", self.folder / INDEX, err)

    # --- what workers say ---------------------------------------------------------------
    def described(self, facts: dict[str, Any]) -> None:
        """A worker says what one of its tables looks like now."""
        listed = self.tables.get(facts["number"])
        if listed is None:
            return  # archived meanwhile
        self._where[listed.number].opening.discard(listed.number)
        index_before = (listed.owners, table_settings(listed))
        listed.update(facts)
        if (listed.owners, table_settings(listed)) != index_before:
            self._write_index()
        self.lobby_changed()

    def unlisted(self, number: int) -> None:
        """A worker took a finished table off the list (its time in the list is over)."""
        self._forget_table(number)

    def unusable(self, number: int, reason: str) -> None:
        """A worker could not open a table's save: listed as broken from now on."""
        listed = self.tables.get(number)
        if listed is None:
            return
        self.broken.append(BrokenTable(listed.path.name, reason, json.dumps(
            {"path": str(listed.path), "owners": listed.owners, **table_settings(listed)})))  # fmt: skip
        self.kept.append(self.broken[-1].entry or "")
        self._forget_table(number)

    def moved_from(self, dead: WorkerProcess) -> dict[int, str]:
        """``dead`` ended: each of its tables opens from its save in a live worker, but a
        table blamed for `CRASHES` deaths within `CRASH_WINDOW`, which is set aside as
        broken. What the sessions at each table that did not reopen are told.

        The tables it was still opening are blamed (a save that kills its process as it
        is read), else all it held (a table whose move kills it cannot be told apart); none
        if it ended before it was up.
        The least blamed reopen first: a neighbour has said it is open before the next
        table's save can kill the worker again."""
        now = self.clock()
        # A worker that ended before it was up had read no table: it failed to start (or hung
        # and was killed), and its tables are not to blame.
        blamed = (dead.opening or dead.tables) if dead.ready else set()
        for number in blamed:
            self._crashes[number] = [t for t in self._crashes.get(number, []) if now - t < CRASH_WINDOW] + [now]
        told: dict[int, str] = {}
        for number in sorted(dead.tables, key=lambda n: (len(self._crashes.get(n, ())), n)):
            listed = self.tables.get(number)
            if listed is None:
                continue
            if len(self._crashes.get(number, ())) >= CRASHES:
                log.error("table %d set aside: its worker stopped %d times within %.0f s", number, CRASHES,
                          CRASH_WINDOW)  # fmt: skip
                self.unusable(number, SET_ASIDE_REASON)
                told[number] = SET_ASIDE
            else:
                self._place(listed)
        dead.tables.clear()
        dead.opening.clear()
        return told

    # --- sessions -----------------------------------------------------------------------
    def arrive(self, app: App[Any], identity: Identity) -> None:
        self.sessions[app] = identity
        self.keys_changed()

    def forget(self, app: App[Any]) -> None:
        self._watchers.pop(app, None)
        self.sessions.pop(app, None)
        self.away.pop(app, None)
        self.keys_changed()

    def keys_changed(self) -> None:
        """Tell every worker which keys are connected (presence, turn notices), and the lobbies who is on."""
        if self.pool is not None:
            self.pool.broadcast("keys", sorted({who.fingerprint for who in self.sessions.values() if who.fingerprint}))
        self.lobby_changed()

    def key_pressed(self, app: App[Any]) -> None:
        """A key in the lobby: presence at a table counts only keys pressed there."""

    def join(self, listed: Listed, app: App[Any], identity: Identity) -> Doorway:
        """Sit at ``listed`` (the worker decides the seat, as `TableRegistry.join`)."""
        seat = listed.seat_of(identity)
        if seat is None and listed.free_seats() and not identity.is_guest:
            seat = listed.free_seats()[0]
        return Doorway(listed, identity, seat, watch=False)

    def watch(self, listed: Listed, app: App[Any], identity: Identity) -> Doorway:
        return Doorway(listed, identity, None, watch=True)

    def table_screen(self, window: Doorway, local: set[int]) -> Elsewhere:
        return Elsewhere(self, window)

    def your_moves(self, identity: Identity) -> list[Listed]:
        if identity.fingerprint is None:
            return []
        return [
            listed for listed in self.tables.values()
            if not listed.finished and any(listed.owners[seat] == identity.fingerprint for seat in listed.people_to_act)
        ]  # fmt: skip

    def whereabouts(self) -> list[str]:
        """As `TableRegistry.whereabouts`: everyone by name, and where."""
        places: dict[str, set[str]] = {}
        for app, identity in self.sessions.items():
            where = places.setdefault(identity.name, set())
            if app in self._watchers:
                where.add("lobby")
        for listed in self.tables.values():
            for name in listed.connected_names:
                places.setdefault(name, set()).add(str(listed.number))
        words = []
        for name in sorted(places, key=str.casefold):
            tables = sorted((p for p in places[name] if p != "lobby"), key=int)
            where = ([f"table{'s' if len(tables) > 1 else ''} {', '.join(tables)}"] if tables else [])
            where += ["lobby"] if "lobby" in places[name] else []
            words.append(f"{name} ({'; '.join(where)})" if where else name)
        return words

    def last_change(self, app: App[Any]) -> float:
        """As `TableRegistry.last_change`, for a session in the lobby or away at a table."""
        now = asyncio.get_running_loop().time()
        times = [self.lobby_changed_at] if app in self._watchers else []
        away = self.away.get(app)
        listed = self.tables.get(away[0]) if away is not None else None
        if listed is not None:
            seat = listed.seat_of(self.sessions.get(app, Identity("", None, "")))
            waiting = seat is not None and listed.to_act and seat not in listed.to_act
            times.append(now if waiting else listed.changed_at)
        return max(times, default=0.0)

    # --- the lobbies ------------------------------------------------------------------------
    def watch_lobby(self, app: App[Any], callback: Callable[[], None] | None) -> None:
        if callback is None:
            self._watchers.pop(app, None)
        else:
            self._watchers[app] = callback

    def lobby_changed(self) -> None:
        self.lobby_changed_at = asyncio.get_running_loop().time()
        if self._watchers and self._lobby_update is None:
            self._lobby_update = asyncio.get_running_loop().call_later(
                self.lobby_delay, self._tell_lobbies, context=Context()
            )

    def _tell_lobbies(self) -> None:
        self._lobby_update = None
        for app, callback in list(self._watchers.items()):
            app.call_later(callback)

    async def close(self) -> None:
        if self._lobby_update is not None:
            self._lobby_update.cancel()
            self._lobby_update = None
        await self.lobby_chat.flush()
