"""The tables a server runs, shared by every SSH session in its one process.

A `SharedTable` is a `Table` plus who holds which seat: each human seat is bound
to the fingerprint of the key that took it, so the same key reconnecting gets
the same seat back, also after a server restart (the bindings are kept in
``tables.json`` beside the saves; the games themselves are ordinary autosaves,
written after every change as always, but a moment later and in a worker
thread: one loop serves every session, and an fsync must not make all of them
wait). The registry's own timers and tasks run in an empty context (never in
the context of the session whose move started them, which holds that
session's app: a finished session must leave nothing behind). A finished table's game goes into the players' records (records.json in
the server's data folder, by seat name) like any game played at one keyboard,
also written in a worker thread.

Sessions never hold the `Table` itself but a `SeatTable`: the same table seen
from one seat. It refuses moves for any other seat, and it delivers table
changes inside its own app, never inside the app of the player who moved.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import Callable
from contextvars import Context
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.app import App

from ..records.players import record_game
from ..rules.core import Action, IllegalAction
from ..rules.registry import get_game
from ..saves.format import SaveError
from ..saves import store
from ..saves.files import read_regular
from ..safe_text import plain
from ..table import Seat, Table, UndoRefused, not_saved_sentence
from .auth import Identity

log = logging.getLogger(__name__)

INDEX = "tables.json"
MAX_INDEX_BYTES = 4 * 1024 * 1024
"""tables.json is read only up to this size (some 20,000 tables)."""
MAX_FINGERPRINT = 128
BOT_DELAY = 0.5
"""Seconds a computer seat waits before moving, so players can follow its moves."""
SAVE_DELAY = 0.2
"""Seconds a change waits before it is saved: the save (the log encoded in the
loop, the write handed to a thread) then comes after the seats' screens have
been redrawn, not between a key press and the other players seeing the move."""
LOBBY_DELAY = 1.0
"""Seconds the lobby's table list may lag behind the tables. Each refresh rebuilds
the list in every session showing the lobby, and on a busy server some table
changes at every move: at once, four sessions in the lobby tripled the server's
CPU per move (bench/ssh_load.py --lobby 4). Changes within this delay are shown
together."""


@dataclass(frozen=True)
class BrokenTable:
    """A table of the index that could not be restored: ``name`` and ``reason`` for
    the lobby; ``entry`` (the index entry, None when it was unusable) is kept in
    the index so the table comes back once its save is repaired."""

    name: str
    reason: str
    entry: dict[str, Any] | None


def read_index(path: Path) -> tuple[list[tuple[Path, list[str | None]] | BrokenTable], str | None]:
    """The entries of ``tables.json`` (path, owners) and the broken ones, and the
    sentence saying why the whole file cannot be used (None if it can). The one
    reader of this file: a regular file of at most ``MAX_INDEX_BYTES``, a JSON list
    of ``{"path": str, "owners": [str | null, ...]}``."""
    try:
        raw = read_regular(path, MAX_INDEX_BYTES)
    except FileNotFoundError:
        return [], None
    except OSError as err:
        return [], f"{path} cannot be read ({plain(err.strerror or str(err), 100)}); starting with no tables"
    if len(raw) > MAX_INDEX_BYTES:
        return [], f"{path} is larger than {MAX_INDEX_BYTES // 2**20} MB; starting with no tables"
    try:
        entries = json.loads(raw)
    except (ValueError, RecursionError):
        return [], f"{path} is not JSON; starting with no tables"
    if not isinstance(entries, list):
        return [], f"{path} is not a list of tables; starting with no tables"
    return [_index_entry(n, e) for n, e in enumerate(entries, start=1)], None


def _index_entry(number: int, entry: Any) -> tuple[Path, list[str | None]] | BrokenTable:
    where = f"entry {number}"
    if not isinstance(entry, dict) or not isinstance(entry.get("path"), str) or not entry["path"]:
        return BrokenTable(where, f"{where} of tables.json names no save", None)
    name = plain(Path(entry["path"]).name, 60)
    owners = entry.get("owners", [])
    if not isinstance(owners, list) or len(owners) > 64 or not all(
        o is None or (isinstance(o, str) and 0 < len(o) <= MAX_FINGERPRINT) for o in owners
    ):
        return BrokenTable(name, f"{where} of tables.json has no usable list of seat owners", None)
    if "\0" in entry["path"]:
        return BrokenTable(name, f"{where} of tables.json names no usable path", None)
    return Path(entry["path"]), list(owners)


def fitted_owners(owners: list[str | None], seats: int) -> list[str | None]:
    """One owner per seat: missing owners are free seats, extra ones are dropped."""
    return (owners + [None] * seats)[:seats]


class Listeners(list):  # type: ignore[type-arg]
    """A window's listeners. A game screen adds itself when it is mounted and
    removes itself when it goes: so a window with listeners is a person looking
    at the table, and every change of that tells the lobby."""

    def __init__(self, changed: Callable[[], None]) -> None:
        super().__init__()
        self._changed = changed

    def append(self, listener: Any) -> None:
        super().append(listener)
        self._changed()

    def remove(self, listener: Any) -> None:
        super().remove(listener)
        self._changed()


class SeatTable:
    """One session's window onto a shared table: what a game screen holds.

    Reads go to the shared `Table`, except the state itself, which is always
    ``Game.view(state, seat)``; `apply` and `undo` are allowed only for ``seat``
    (None: a watcher, who may do neither). ``listeners`` are this
    session's own (the game screen adds itself); they are called through the
    session's app, so each screen updates in its own app.
    """

    def __init__(
        self, shared: SharedTable, app: App[Any], identity: Identity, seat: int | None, presence: Callable[[], None]
    ) -> None:
        self.shared = shared
        self.app = app
        self.identity = identity
        self.seat = seat
        self.listeners = Listeners(presence)
        self.took_over = False
        """Whether opening this window took the seat from another session of the key."""
        self._failures_told = 0
        """How many runs of failing saves of the table this window has been told of."""

    def __getattr__(self, name: str) -> Any:
        return getattr(self.shared.table, name)

    @property
    def state(self) -> Any:
        """Even a screen that asks for the state gets only this seat's view of it."""
        return self.shared.view(self.seat)

    def view(self, seat: int | None) -> Any:
        """A window sees its own seat's view, or a spectator's: never another seat's."""
        return self.shared.view(seat if seat == self.seat else None)

    def demote(self) -> None:
        """Another session of this key took the seat: this window watches from now on."""
        self.seat = None
        for listener in self.listeners:
            screen = getattr(listener, "__self__", None)
            if screen is not None and hasattr(screen, "local_seats"):
                screen.local_seats = set()
                screen.viewer = None
        if self.listeners:
            self.app.notify(
                "Your seat was taken by your newer session; this window now watches.", severity="warning", markup=False
            )
            self.notify()

    def state_at(self, moves: int) -> Any:
        return self.shared.table.game.view(self.shared.table.state_at(moves), self.seat)

    @property
    def path(self) -> Path | None:
        return self.shared.path

    def save(self) -> None:
        self.shared.save()

    def save_notice(self) -> str | None:
        """Once per window, when the table's saves start failing: that it is not being saved, and why."""
        problem = self.shared.table.save_problem
        if problem is None or self._failures_told == self.shared.failures:
            return None
        self._failures_told = self.shared.failures
        return not_saved_sentence(problem)

    def apply(self, seat: int, action: Action) -> None:
        if self.seat is None:
            raise IllegalAction("You are watching this table; only seated players move.")
        if seat != self.seat:
            raise IllegalAction("You can only move for your own seat.")
        self.shared.mover = self
        try:
            self.shared.table.apply(seat, action)
        finally:
            self.shared.mover = None

    def undo(self, seat: int | None = None) -> int:
        table = self.shared.table
        if self.seat is None or not table.log or table.log[-1][0] != self.seat:
            raise UndoRefused("You can take a move back only until someone else has moved.")
        return table.undo(self.seat)

    def notify(self) -> None:
        """The shared table changed: tell this session's listeners, in its own app."""
        if self.listeners:
            self.app.call_later(self._deliver)

    def _deliver(self) -> None:
        for listener in list(self.listeners):
            listener(self)


@dataclass
class SharedTable:
    """A table on this server and the keys holding its seats.

    ``path`` is where the table autosaves; the `Table`'s own ``path`` is cleared
    so that it never writes in the loop: `save` hands the write to a thread.
    """

    number: int
    table: Table
    owners: list[str | None]
    path: Path | None = None
    viewers: list[SeatTable] = field(default_factory=list)
    mover: SeatTable | None = None
    """The window whose player is moving right now, while the move is applied."""
    recorded: bool = False
    """Whether the finished game has been handed to the players' records."""
    failures: int = 0
    """Runs of failing saves so far (a run ends when a save succeeds): each window is told of each once."""
    changed_at: float = 0.0
    """Loop time of the table's last change (a move, a seat taken)."""
    _views: tuple[Any, dict[int | None, Any]] | None = None
    _due: asyncio.TimerHandle | None = None
    _pending: Any = None
    _writer: asyncio.Task[None] | None = None

    def view(self, seat: int | None) -> Any:
        """``Game.view`` of the table's state for ``seat``, computed once per state:
        every window of the seat, and every widget of each, asks for it after a move."""
        state = self.table.state
        if self._views is None or self._views[0] is not state:
            self._views = (state, {})
        views = self._views[1]
        if seat not in views:
            views[seat] = self.table.view(seat)
        return views[seat]

    def save(self) -> None:
        """Save the table within ``SAVE_DELAY``, in a worker thread; writes never
        overlap, and changes that come while one waits or is written are saved together."""
        if self.path is not None and self._due is None:
            self._due = asyncio.get_running_loop().call_later(SAVE_DELAY, self._save_now, context=Context())

    def _save_now(self) -> None:
        self._due = None
        self._pending = self.table.save_data()
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write(), context=Context())

    async def _write(self) -> None:
        while self._pending is not None:
            data, self._pending = self._pending, None
            try:
                await asyncio.to_thread(store.save, self.path, data)
            except OSError as err:
                log.error("table %d could not be saved to %s: %s", self.number, self.path, err)
                if self.table.save_problem is None:
                    self.failures += 1
                self.table.save_problem = store.write_problem(err, self.path.parent)
                for viewer in self.viewers:
                    viewer.notify()  # each screen says so once; play goes on
            else:
                self.table.save_problem = None

    async def flush(self) -> None:
        """Wait until the last change is on disk."""
        if self._due is not None:
            self._due.cancel()
            self._save_now()
        if self._writer is not None:
            await self._writer

    @property
    def title(self) -> str:
        return self.table.game.title

    def seat_of(self, identity: Identity) -> int | None:
        if identity.fingerprint is None or identity.fingerprint not in self.owners:
            return None
        return self.owners.index(identity.fingerprint)

    def free_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.table.seats) if seat.is_human and self.owners[i] is None]

    def connected(self) -> list[str]:
        """Names of the people looking at this table right now."""
        return sorted({v.identity.name for v in self.viewers if v.listeners})

    def turn(self) -> str:
        table = self.table
        if table.finished:
            return "finished"
        names = ", ".join(table.seats[s].name for s in sorted(table.to_act()))
        label = table.game.round_label(table.state)
        return f"{label}: {names}" if label else names


class TableRegistry:
    """Every table on the server; the lobby lists them, sessions join them."""

    def __init__(self, folder: Path, bot_delay: float = BOT_DELAY, lobby_delay: float = LOBBY_DELAY) -> None:
        self.folder = folder
        self.bot_delay = bot_delay
        self.lobby_delay = lobby_delay
        self.tables: dict[int, SharedTable] = {}
        self._watchers: dict[App[Any], Callable[[], None]] = {}
        self._lobby_update: asyncio.TimerHandle | None = None
        self._bot_tasks: dict[int, asyncio.Task[None]] = {}
        self._record_tasks: set[asyncio.Task[None]] = set()
        self.lobby_changed_at = 0.0
        """Loop time of the last change the lobby shows."""
        self.broken: list[BrokenTable] = []
        """Entries of tables.json that could not be restored, with why (the lobby lists them)."""
        self.index_writable = True

    # --- persistence ------------------------------------------------------------
    @classmethod
    def restore(cls, folder: Path, bot_delay: float = BOT_DELAY) -> TableRegistry:
        """The registry as the last run left it: every unfinished table, seats bound
        as before. An entry that cannot be used (a bad entry in ``tables.json``, a
        save that will not open) is kept as a `BrokenTable`: the lobby shows it with
        its reason, and the index keeps it for the next run."""
        registry = cls(folder, bot_delay)
        entries, problem = read_index(folder / INDEX)
        if problem is not None:
            log.error("%s", problem)
            registry.broken.append(BrokenTable(INDEX, problem, None))
            registry.index_writable = False  # never replace a file we could not read
        restored: set[Path] = set()
        for entry in entries:
            if isinstance(entry, BrokenTable):
                log.error("tables.json: %s", entry.reason)
                registry.broken.append(entry)
                continue
            path, owners = entry
            if path.resolve() in restored:
                registry.broken.append(BrokenTable(path.name, f"{path.name} is listed twice in tables.json", None))
                continue
            restored.add(path.resolve())
            try:
                table = Table.load(path)
            except SaveError as err:
                log.error("table %s not restored: %s", path, err)
                registry.broken.append(BrokenTable(path.name, str(err), {"path": str(path), "owners": owners}))
                continue
            if table.finished:  # the last run ended before it could count this game
                _record(table)
            else:
                registry._add(table, fitted_owners(owners, len(table.seats)))
        registry._write_index()
        return registry

    def _write_index(self) -> None:
        if not self.index_writable:
            return
        entries: list[Any] = [{"path": str(s.path), "owners": s.owners} for s in self.tables.values()]
        entries += [b.entry for b in self.broken if b.entry is not None]
        try:
            store.write_atomically(self.folder / INDEX, json.dumps(entries, indent=1).encode())
        except OSError as err:
            log.error("cannot write %s: %s", self.folder / INDEX, err)

    # --- tables -------------------------------------------------------------------
    def create(
        self, identity: Identity, game_id: str, seats: int, bots: int, variant: str | None, seed: int | None = None
    ) -> SharedTable:
        """A new table with ``identity`` in the first seat and computers in the last ``bots``
        (``seed``: a repeatable game; None: a fresh one).

        Raises ValueError with a sentence when the game refuses the choice.
        """
        if identity.is_guest:
            raise ValueError("Guests may watch tables but not start them.")
        game = get_game(game_id)
        if not 0 <= bots < seats:
            raise ValueError("At least one seat must be left for a person.")
        bot = "greedy" if "greedy" in game.bots() else "random"
        humans = seats - bots
        names = [Seat(identity.name)] + [Seat(f"Seat {i + 1}") for i in range(1, humans)]
        names += [Seat(f"Computer {i + 1}", bot) for i in range(bots)]
        table = Table.create(game_id, names, {"variant": variant} if variant else {}, seed)
        owners: list[str | None] = [identity.fingerprint] + [None] * (seats - 1)
        shared = self._add(table, owners)
        self._write_index()
        log.info("%s created table %d (%s, %d seats, %d computers)", identity.name, shared.number, game_id, seats, bots)
        self._changed(shared)
        return shared

    def _add(self, table: Table, owners: list[str | None]) -> SharedTable:
        number = max(self.tables, default=0) + 1
        shared = SharedTable(number, table, owners, path=table.path)
        table.path = None
        self.tables[number] = shared
        table.listeners.append(lambda _table: self._changed(shared))
        self._drive_bots(shared)
        return shared

    def join(self, shared: SharedTable, app: App[Any], identity: Identity) -> SeatTable:
        """Sit at ``shared``: in the seat this key holds, else the first free one, else watch."""
        seat = shared.seat_of(identity)
        free = shared.free_seats()
        if seat is None and free and not identity.is_guest:
            seat = free[0]
            self.take_seat(shared, seat, identity)
        return self._window(shared, app, identity, seat)

    def watch(self, shared: SharedTable, app: App[Any], identity: Identity) -> SeatTable:
        """Look at ``shared`` as a spectator."""
        return self._window(shared, app, identity, None)

    def take_seat(self, shared: SharedTable, seat: int, identity: Identity) -> None:
        """Bind free human ``seat`` to ``identity``'s key and name it after them, on
        every screen at the table at once (panels, prompts, the log)."""
        if identity.is_guest or seat not in shared.free_seats():
            raise ValueError(f"Seat {seat + 1} is not free for {identity.name}.")
        shared.owners[seat] = identity.fingerprint
        shared.table.seat_taken(seat, identity.name)
        self._write_index()
        log.info("%s took seat %d at table %d", identity.name, seat + 1, shared.number)
        self._changed(shared)

    def _window(self, shared: SharedTable, app: App[Any], identity: Identity, seat: int | None) -> SeatTable:
        for viewer in shared.viewers:
            if viewer.app is app and viewer.seat == seat:
                return viewer
        viewer = SeatTable(shared, app, identity, seat, self.lobby_changed)
        if seat is not None:  # one controller per seat: the newest session of the key
            for older in [v for v in shared.viewers if v.seat == seat]:
                viewer.took_over |= bool(older.listeners)
                older.demote()
        shared.viewers.append(viewer)
        return viewer

    def last_change(self, app: App[Any]) -> float:
        """When something ``app`` looks at last changed (loop time): a table it
        is at, or any table while it shows the lobby. A seated player waiting
        for the others to move is busy now: waiting is not idling."""
        now = asyncio.get_running_loop().time()
        times = [self.lobby_changed_at] if app in self._watchers else []
        for shared in self.tables.values():
            for window in shared.viewers:
                if window.app is app and window.listeners:
                    acting = shared.table.to_act()
                    waiting = window.seat is not None and acting and window.seat not in acting
                    times.append(now if waiting else shared.changed_at)
        return max(times, default=0.0)

    # --- telling sessions -----------------------------------------------------------
    def watch_lobby(self, app: App[Any], callback: Callable[[], None] | None) -> None:
        """Call ``callback`` (in ``app``) whenever any table or who is at it changes;
        None stops it. Only sessions showing the lobby watch it: a move at one table
        then costs the sessions in other games nothing."""
        if callback is None:
            self._watchers.pop(app, None)
        else:
            self._watchers[app] = callback

    def forget(self, app: App[Any]) -> None:
        """``app``'s session ended: drop its windows and lobby subscription."""
        self._watchers.pop(app, None)
        for shared in self.tables.values():
            shared.viewers = [v for v in shared.viewers if v.app is not app]
        self.lobby_changed()

    def lobby_changed(self) -> None:
        """Something the lobby shows changed: tell the lobbies in view, within ``lobby_delay``."""
        self.lobby_changed_at = asyncio.get_running_loop().time()
        if self._watchers and self._lobby_update is None:
            self._lobby_update = asyncio.get_running_loop().call_later(
                self.lobby_delay, self._tell_lobbies, context=Context()
            )

    def _tell_lobbies(self) -> None:
        self._lobby_update = None
        for app, callback in list(self._watchers.items()):
            app.call_later(callback)

    def _changed(self, shared: SharedTable) -> None:
        shared.changed_at = asyncio.get_running_loop().time()
        shared.save()
        mover = shared.mover
        for viewer in shared.viewers:
            if viewer is not mover:
                viewer.notify()
        if mover is not None:
            # The other seats see the move first: the mover's own app gets it once
            # theirs have been woken, instead of redrawing while they wait.
            asyncio.get_running_loop().call_soon(mover.notify)
        self.lobby_changed()
        self._drive_bots(shared)
        if shared.table.finished and not shared.recorded:
            shared.recorded = True
            task = asyncio.get_running_loop().create_task(asyncio.to_thread(_record, shared.table), context=Context())
            self._record_tasks.add(task)
            task.add_done_callback(self._record_tasks.discard)

    # --- computer seats ----------------------------------------------------------------
    def _drive_bots(self, shared: SharedTable) -> None:
        """The server, not any one screen, moves a table's computer seats."""
        task = self._bot_tasks.get(shared.number)
        if shared.table.bot_seats_to_act() and (task is None or task.done()):
            self._bot_tasks[shared.number] = asyncio.get_running_loop().create_task(
                self._bot_turn(shared), context=Context()
            )

    async def _bot_turn(self, shared: SharedTable) -> None:
        table = shared.table
        await asyncio.sleep(self.bot_delay)
        seats = table.bot_seats_to_act()
        if not seats:
            del self._bot_tasks[shared.number]
            return
        seat, moves = seats[0], len(table.log)
        rng = random.Random(table.seed * 7919 + moves)
        # A bot may think for a while: in a worker thread, so no session waits for it.
        action = await asyncio.to_thread(table.bot_choice, seat, rng)
        del self._bot_tasks[shared.number]  # this turn is over: the move below may start the next
        if len(table.log) != moves or seat not in table.to_act():
            self._drive_bots(shared)  # the table moved on meanwhile; think again
            return
        try:
            table.apply(seat, action)
        except IllegalAction as err:
            log.error("computer seat %d at table %d chose an illegal move: %s", seat + 1, shared.number, err)

    async def close(self) -> None:
        """Stop the computer seats and lobby updates, and wait for every table's last save."""
        if self._lobby_update is not None:
            self._lobby_update.cancel()
            self._lobby_update = None
        for task in self._bot_tasks.values():
            task.cancel()
        await asyncio.gather(*self._bot_tasks.values(), return_exceptions=True)
        await asyncio.gather(*self._record_tasks)
        for shared in self.tables.values():
            await shared.flush()


def _record(table: Table) -> None:
    """Add a finished table to the players' records, by seat name (each game counts
    once). The table's own autosave is the server's (`SharedTable.save`), so the
    table cannot do this itself as it does at one keyboard."""
    notice = record_game(table).notice  # never raises: a records file that cannot be used or written says so
    if notice:
        log.error("%s", notice)
