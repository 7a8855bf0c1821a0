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
from one seat, a `TableWindow` (table_window.py) with all its capabilities: who
is at the table (`SeatPresence`), its chat and its stand-ins (`SeatStandIns`).
It refuses moves for any other seat, and it delivers table changes inside its
own app, never inside the app of the player who moved.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import os
import random
import re
import time
from collections.abc import Callable, Iterable
from contextvars import Context
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from textual.app import App

from ..records.players import record_game
from ..rules.bots import LEVELS, bot_catalogue
from ..rules.changes import Recent
from ..rules.core import Action, Game, IllegalAction, Result
from ..rules.registry import get_game
from ..saves.format import SaveError
from ..saves import store
from ..saves import numbers
from ..saves.files import read_regular
from ..saves.locations import saves_dir
from ..safe_text import plain
from ..play.table import HintsAsked, Seat, Table, UndoRefused, not_saved_sentence
from .auth import Identity
from .chat import ChatRates, ChatWindow, LobbyChat, TableChat
from .durations import LONGEST, duration_text
from .on_turn import OnTurn
from .presence import GONE, PresenceBook, TablePresence, Window
from .takeback import TAKEBACK_WAIT, Takeback, TakebackQuestion

log = logging.getLogger(__name__)

INDEX = "tables.json"
MAX_INDEX_BYTES = 4 * 1024 * 1024
"""tables.json is read only up to this size (some 20,000 tables)."""
MAX_FINGERPRINT = 128
MAX_TABLES = 1000
"""Tables a server lists at most (a few hundred bytes each in tables.json), so no
run of new tables can fill the disk or grow the index past what is read back."""
MAX_ENTRIES = 2 * MAX_TABLES
"""Entries of tables.json read at most: the tables listed and as many that cannot be
used; a file of more (4 MB holds a million empty entries) is not one this server wrote."""
BROKEN_SHOWN = 20
"""Unusable entries of tables.json the lobby lists, each with why; one more row counts the rest."""
MAX_STARTED_PER_KEY = 20
"""Tables still being played that one key may have started."""
BOT_DELAY = 0.5
"""Seconds a computer seat waits before moving, so players can follow its moves."""
SAVE_DELAY = 0.2
"""Seconds a change waits before it is saved: the save (the log encoded in the
loop, the write handed to a thread) then comes after the seats' screens have
been redrawn, not between a key press and the other players seeing the move."""
GRACE = 10 * 60.0
"""Seconds a gone player's move waits before the others may hand the seat to a
computer, unless the table was created with another grace time."""
LOBBY_DELAY = 1.0
"""Seconds the lobby's table list may lag behind the tables. Each refresh rebuilds
the list in every session showing the lobby, and on a busy server some table
changes at every move: at once, four sessions in the lobby tripled the server's
CPU per move (bench/ssh_load.py --lobby 4). Changes within this delay are shown
together."""
IDLENESS_CHECK = 1.0
"""Seconds a table's presence may lag behind someone going idle (going away after
``AWAY_AFTER`` without a key). Arrivals, departures and keys change it at once."""
FINISHED_LISTED = 24 * 3600.0
"""Seconds a finished table stays in the lobby's list after its last move, so that
its players can look at the final board once more; its players may archive it
sooner. (A server restart leaves finished tables out of the list too.)"""


ELSEWHERE = object()
"""Stands for a key's sessions in another process of the server, in a table's presence."""


@dataclass(frozen=True)
class BrokenTable:
    """A table of the index that could not be restored: ``name`` and ``reason`` for
    the lobby; ``entry``, the entry's text in ``tables.json`` (None when there is
    none: the whole file was refused), is written back as it was, so the table
    comes back once its save or its entry is repaired."""

    name: str
    reason: str
    entry: str | None


class IndexEntry(NamedTuple):
    """A usable table of the index."""

    path: Path
    owners: list[str | None]
    settings: dict[str, Any]
    """Its grace time, turn timer and stand-ins (`table_settings`)."""
    text: str
    """The entry as written in tables.json."""


def read_index(path: Path) -> tuple[list[IndexEntry | BrokenTable], str | None]:
    """The entries of ``tables.json`` (path, owners, settings) and the broken ones,
    and the sentence saying why the whole file cannot be used (None if it can). The
    one reader of this file: a regular file of at most ``MAX_INDEX_BYTES``, a JSON
    list of ``{"path": str, "owners": [str | null, ...]}``, each with, optionally,
    ``"grace"`` and ``"timer"`` (seconds; the timer may be null), ``"stand_ins"``
    (``{"seat index": level}``) and ``"hints"`` (true: its players may ask for hints). A save must lie in the server's saves folder."""
    try:
        raw = read_regular(path, MAX_INDEX_BYTES)
    except FileNotFoundError:
        return [], None
    except OSError as err:
        return [], f"{path} cannot be read ({plain(err.strerror or str(err), 100)}); starting with no tables"
    if len(raw) > MAX_INDEX_BYTES:
        return [], f"{path} is larger than {MAX_INDEX_BYTES // 2**20} MB; starting with no tables"
    try:
        entries = _list_items(raw, MAX_ENTRIES)
    except (ValueError, RecursionError):
        return [], f"{path} is not JSON; starting with no tables"
    if entries is None:
        return [], f"{path} is not a list of tables; starting with no tables"
    if len(entries) > MAX_ENTRIES:
        return [], f"{path} lists more than {MAX_ENTRIES} tables; starting with no tables"
    saves = Path(os.path.realpath(saves_dir()))
    return [_index_entry(n, e, text, saves) for n, (e, text) in enumerate(entries, start=1)], None


_SPACE = re.compile(r"[ \t\n\r]*")


def _list_items(raw: bytes, most: int) -> list[tuple[Any, str]] | None:
    """Each item of the JSON list in ``raw`` with its text (None when ``raw`` holds
    JSON that is not a list; past ``most`` items, the first ``most + 1``). Odd numbers
    are kept as `OddNumber` (its entry is then refused, and kept as it was). Raises
    ValueError or RecursionError for what is not JSON."""
    text = raw.decode("utf-8")
    decoder = numbers.decoder(keep_odd=True)
    at = _SPACE.match(text).end()
    if not text.startswith("[", at):
        decoder.decode(text)
        return None
    items: list[tuple[Any, str]] = []
    at = _SPACE.match(text, at + 1).end()
    while not (items == [] and text.startswith("]", at)):
        value, end = decoder.raw_decode(text, at)
        items.append((value, text[at:end]))
        if len(items) > most:
            return items
        at = _SPACE.match(text, end).end()
        if not text.startswith(",", at):
            break
        at = _SPACE.match(text, at + 1).end()
    if not text.startswith("]", at) or _SPACE.match(text, at + 1).end() != len(text):
        raise ValueError("not a JSON list")
    return items


def _index_entry(number: int, entry: Any, text: str, saves: Path) -> IndexEntry | BrokenTable:
    where = f"entry {number}"
    if not isinstance(entry, dict) or not isinstance(entry.get("path"), str) or not entry["path"]:
        return BrokenTable(where, f"{where} of tables.json names no save", text)
    name = plain(Path(entry["path"]).name, 60)
    owners = entry.get("owners", [])
    if not isinstance(owners, list) or len(owners) > 64 or not all(
        o is None or (isinstance(o, str) and 0 < len(o) <= MAX_FINGERPRINT) for o in owners
    ):
        return BrokenTable(name, f"{where} of tables.json has no usable list of seat owners", text)
    if "\0" in entry["path"]:
        return BrokenTable(name, f"{where} of tables.json names no usable path", text)
    if not _within(entry["path"], saves):
        return BrokenTable(name, f"{where} of tables.json names a save outside the server's saves folder", text)
    settings = _settings(entry, 64)
    if settings is None:
        return BrokenTable(name, f"{where} of tables.json has an unusable grace time, turn timer or stand-in", text)
    return IndexEntry(Path(entry["path"]), list(owners), settings, text)


def _within(path: str, saves: Path) -> bool:
    """Whether ``path`` names a file in ``saves`` (or below), links followed, without a
    ``..`` on the way: a server opens, locks and writes no save anywhere else."""
    if ".." in Path(path).parts:
        return False
    return saves in Path(os.path.realpath(path)).parents


def fitted_owners(owners: list[str | None], seats: int) -> list[str | None]:
    """One owner per seat: missing owners are free seats, extra ones are dropped."""
    return (owners + [None] * seats)[:seats]


class Restored(NamedTuple):
    """What the last run left in ``tables.json``: each usable unfinished table (loaded,
    its save held), and the entries that cannot be used."""

    tables: list[tuple[Table, list[str | None], dict[str, Any]]]
    broken: list[BrokenTable]
    """What the lobby lists of the unusable entries (`BROKEN_SHOWN` and a row counting the rest)."""
    kept: list[str]
    """The text of every unusable entry: written back as it was."""
    writable: bool
    """Whether tables.json may be written (never a file that could not be read)."""


def restore_tables(
    folder: Path,
    opened: Callable[[Path], Any] = Table.load,
    counted: Callable[[Any, frozenset[int]], None] | None = None,
) -> Restored:
    """Every unfinished table ``tables.json`` in ``folder`` lists, seats bound as
    before; a finished one goes into the records (the last run ended before it
    could count it). An entry that cannot be used (a bad entry, a save that will
    not open) is kept as a `BrokenTable`, with its reason. ``opened``: how a save
    is read (SaveError when it cannot be); ``counted``: how a finished one is
    counted, with the seats a computer stood in for (`record_finished` if None)."""
    entries, problem = read_index(folder / INDEX)
    broken: list[BrokenTable] = []
    if problem is not None:
        log.error("%s", problem)
        broken.append(BrokenTable(INDEX, problem, None))
    tables: list[tuple[Table, list[str | None], dict[str, Any]]] = []
    restored: set[Path] = set()
    for entry in entries:
        if isinstance(entry, BrokenTable):
            log.error("tables.json: %s", entry.reason)
            broken.append(entry)
            continue
        path, owners, settings, text = entry
        if path.resolve() in restored:
            broken.append(BrokenTable(path.name, f"{path.name} is listed twice in tables.json", text))
            continue
        restored.add(path.resolve())
        try:
            table = opened(path)
        except SaveError as err:
            log.error("table %s not restored: %s", path, err)
            broken.append(BrokenTable(path.name, str(err), text))
            continue
        if table.finished:
            (counted or record_finished)(table, frozenset(settings["stand_ins"]))
        else:
            tables.append((table, fitted_owners(owners, len(table.seats)), settings))
    shown = broken[:BROKEN_SHOWN]
    if len(broken) > BROKEN_SHOWN:
        shown.append(BrokenTable(INDEX, f"{len(broken) - BROKEN_SHOWN} more entries of tables.json "
                                        "cannot be used; serve.log says why for each.", None))
    return Restored(tables, shown, [b.entry for b in broken if b.entry is not None], problem is None)


def new_table(
    listed: Iterable[Any],
    identity: Identity,
    game_id: str,
    seats: int,
    bots: int,
    variant: str | None,
    seed: int | None = None,
    computer: str | None = None,
) -> Table:
    """A new game with ``identity`` in the first seat and computers in the last
    ``bots``, each played by ``computer`` (None: the easy level), saved at once.
    ``listed``: the server's tables (each with ``owners`` and ``table.finished``).

    Raises ValueError with a sentence when the server, the key or the game refuses it."""
    if identity.is_guest:
        raise ValueError("Guests may watch tables but not start them.")
    check_room(list(listed), identity)
    game = get_game(game_id)
    if not 0 <= bots < seats:
        raise ValueError("At least one seat must be left for a person.")
    bot = computer_player(game, computer)
    humans = seats - bots
    names = [Seat(identity.name)] + [Seat(f"Seat {i + 1}") for i in range(1, humans)]
    names += [Seat(f"Computer {i + 1}", bot) for i in range(bots)]
    return Table.create(game_id, names, {"variant": variant} if variant else {}, seed)


def computer_player(game: Game, computer: str | None) -> str:
    """The computer player a new table's computer seats get (None: the easy level);
    ValueError with a sentence when the game has no such player."""
    known = bot_catalogue(game)
    bot = computer or ("easy" if "easy" in known else "random")
    if bot not in known:
        raise ValueError(f"{game.title} has no computer player called {plain(bot, 40)}.")
    return bot


def check_room(listed: list[Any], identity: Identity) -> None:
    """Raise ValueError with a sentence when the server (``listed``: its tables) or
    ``identity``'s key has as many tables as it may."""
    if len(listed) >= MAX_TABLES:
        raise ValueError(f"This server holds {MAX_TABLES} tables, the most it keeps; join one, or wait "
                         "until some are finished.")
    started = sum(1 for s in listed if s.owners[0] == identity.fingerprint and not s.table.finished)
    if started >= MAX_STARTED_PER_KEY:
        raise ValueError(f"You have started {started} tables that are still being played, the most one "
                         "player may; finish one of them first.")


class TakebackAsked(UndoRefused):
    """The move is not taken back yet: the table was asked; ``str()`` says so."""


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


class SeatPresence:
    """Who is at a server's table, as one window sees it (`TableWindow.presence`)."""

    def __init__(self, window: SeatTable) -> None:
        self._window = window
        self.listeners: list[Callable[[], None]] = []
        """Called (in the window's app) when who is at the table changes: the presence line."""
        self.seat_lost: list[Callable[[], None]] = []
        """Called when the window's seat went to a newer session of its key (`SeatTable.demote`)."""

    def words(self) -> str:
        """Each person's seat here, away or gone (and for how long), and who watches."""
        window = self._window
        window.registry.recheck_idleness(window.shared)  # someone may have gone idle meanwhile
        words = window.shared.presence.words(window.registry.clock())
        left = window.registry.time_left(window.shared)
        return f"{words} · {left}" if left else words

    def tell(self) -> None:
        """Who is at the table changed: tell the window's listeners, in its own app."""
        for listener in list(self.listeners):
            self._window.app.call_later(listener)


class SeatStandIns:
    """Handing a gone player's seat to a computer, from one window (`TableWindow.stand_ins`)."""

    def __init__(self, window: SeatTable) -> None:
        self._window = window

    def levels(self) -> list[str]:
        """The computer levels that may play a person's seat: easy first."""
        return self._window.shared.stand_in_levels()

    def gone_to_act(self) -> bool:
        """Whether another seat's player is gone while it is their move (no computer plays it yet)."""
        shared, seat = self._window.shared, self._window.seat
        return any(
            p.state == GONE and p.seat != seat and p.seat in shared.turn_began and p.seat not in shared.stand_ins
            for p in shared.presence.seats
        )

    def may_hand_over(self) -> tuple[list[int], str]:
        """The seats this window's player may hand to a computer now, and else why none."""
        window = self._window
        return window.registry.seats_to_hand_over(window.shared, window.seat)

    def hand_to_computer(self, seat: int, level: str) -> None:
        """Let a computer of ``level`` play ``seat`` until its owner returns (ValueError: why not)."""
        seats, why = self.may_hand_over()
        if seat not in seats:
            raise ValueError(why)
        window = self._window
        window.registry.stand_in(window.shared, seat, level, window.identity.name)


class SeatTable:
    """One session's window onto a shared table: what a game screen holds (a
    `TableWindow`, table_window.py).

    Reads go to the shared `Table`, except the state itself, which is always
    ``Game.view(state, seat)``; `apply` and `undo` are allowed only for ``seat``
    (None: a watcher, who may do neither). ``listeners`` are this
    session's own (the game screen adds itself); they are called through the
    session's app, so each screen updates in its own app.
    """

    replay = None
    """A window shows the table as it is now, never a past position."""

    def __init__(self, shared: SharedTable, app: App[Any], identity: Identity, seat: int | None, registry: TableRegistry) -> None:
        self.shared = shared
        self.app = app
        self.identity = identity
        self.seat = seat
        self.registry = registry
        self.listeners = Listeners(registry.presence_changed)
        self.presence = SeatPresence(self)
        """Who is at the table, and the window's seat lost to a newer session."""
        self.stand_ins = SeatStandIns(self)
        """Handing a gone player's seat to a computer."""
        self.took_over = False
        """Whether opening this window took the seat from another session of the key."""
        self._failures_told = 0
        """How many runs of failing saves of the table this window has been told of."""
        self.chat = ChatWindow(shared.chat, self)
        """This window's side of the table's chat (net/chat.py)."""

    # --- the shared table, as every window sees it ---------------------------------------
    @property
    def hints(self) -> HintsAsked | None:
        """Who asked for a hint, where the table's maker allowed hints; a watcher has none."""
        return self.shared.table.hints if self.shared.hints and self.seat is not None else None

    @property
    def game(self) -> Game:
        return self.shared.table.game

    @property
    def seats(self) -> list[Seat]:
        return self.shared.table.seats

    @property
    def seed(self) -> int:
        return self.shared.table.seed

    @property
    def log(self) -> list[tuple[int, Action]]:
        return self.shared.table.log

    @property
    def log_lines(self) -> list[str]:
        return self.shared.table.log_lines

    @property
    def finished(self) -> bool:
        return self.shared.table.finished

    @property
    def records_notice(self) -> str | None:
        return self.shared.table.records_notice

    @property
    def save_problem(self) -> str | None:
        return self.shared.table.save_problem

    def to_act(self) -> frozenset[int]:
        return self.shared.table.to_act()

    def result(self) -> Result | None:
        return self.shared.table.result()

    def recent(self, seat: int | None, moves: int | None = None, public: bool = False) -> Recent:
        return self.shared.table.recent(seat, moves, public)

    def named(self, text: str) -> str:
        return self.shared.table.named(text)

    def lines_of(self, index: int) -> list[str]:
        return self.shared.table.lines_of(index)

    def bot_choice(self, seat: int, rng: random.Random, kind: str | None = None) -> Action:
        return self.shared.table.bot_choice(seat, rng, kind)

    def bot_seats_to_act(self) -> list[int]:
        return self.shared.table.bot_seats_to_act()

    def human_seats_to_act(self) -> list[int]:
        return self.shared.table.human_seats_to_act()

    def close(self) -> None:
        """Nothing to let go of: the server holds the table's save, not a window."""

    # --- this window's own -------------------------------------------------------------
    @property
    def state(self) -> Any:
        """Even a screen that asks for the state gets only this seat's view of it."""
        return self.shared.view(self.seat)

    def view(self, seat: int | None) -> Any:
        """A window sees its own seat's view, or a spectator's: never another seat's."""
        return self.shared.view(seat if seat == self.seat else None)

    def demote(self) -> None:
        """Another session of this key took the seat: this window watches from now on
        (its screen is told, `Presence.seat_lost`)."""
        self.seat = None
        for lost in list(self.presence.seat_lost):
            lost()
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

    def save(self) -> bool:
        """Save within a moment, in a worker thread (a failure is told to every window then)."""
        self.shared.save()
        return True

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
        """Take back this seat's last move: at once where no other person sits at the
        table (the count), else by asking the table (`TakebackAsked` says so)."""
        table = self.shared.table
        if self.seat is None or not table.log or table.log[-1][0] != self.seat:
            raise UndoRefused("You can take a move back only until someone else has moved.")
        return self.registry.take_back(self)

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
    chat: TableChat
    """The table's chat, kept beside its save, never in it."""
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
    grace: float = GRACE
    """Seconds a gone player's move waits before the others may hand their seat to a computer."""
    timer: float | None = None
    """Seconds each turn may take before a computer plays it for its seat (None: no turn timer)."""
    stand_ins: dict[int, str] = field(default_factory=dict)
    """Seats whose gone player's move a computer plays, by level, until the player returns."""
    hints: bool = False
    """Whether its players may ask for hints (the new-table form's choice)."""
    computer_played: set[int] = field(default_factory=set)
    """People's seats a computer has made a move for (standing in, or a turn that ran out
    of time): the records mark the game so for them."""
    timed_out: set[int] = field(default_factory=set)
    """Seats whose turn ran out of time: a computer plays them until the turn ends."""
    turn_began: dict[int, float] = field(default_factory=dict)
    """The seats to act, and when (the registry's clock) each turn began or the seat last moved."""
    moves_seen: int = 0
    takeback: Takeback | None = None
    """A takeback asked of the table and not yet answered by all."""
    presence: TablePresence = TablePresence((), ())
    """Who is at the table, as the registry last worked it out."""
    presence_checked: float = -math.inf
    """When (the registry's clock) ``presence`` was last worked out."""
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

    at_once: bool = False
    """Whether each change is on disk before any screen shows it (a table in a worker
    process, which may be killed: decision 27), instead of a moment later in a thread."""

    def save(self) -> None:
        """Save the table within ``SAVE_DELAY``, in a worker thread; writes never
        overlap, and changes that come while one waits or is written are saved together.
        A table saved ``at_once`` is written now, in the loop."""
        if self.path is not None and self.at_once:
            try:
                store.save(self.path, self.table.save_data())
            except OSError as err:
                self._failed(err)
            else:
                self.table.save_problem = None
        elif self.path is not None and self._due is None:
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
                self._failed(err)
            else:
                self.table.save_problem = None

    def _failed(self, err: OSError) -> None:
        assert self.path is not None
        log.error("table %d could not be saved to %s: %s", self.number, self.path, err)
        if self.table.save_problem is None:
            self.failures += 1
        self.table.save_problem = store.write_problem(err, self.path.parent)
        for viewer in self.viewers:
            viewer.notify()  # each screen says so once; play goes on

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

    def computer_seats_to_act(self) -> list[int]:
        """Seats a computer moves now: computer seats, and people's seats handed to one."""
        table = self.table
        return sorted(s for s in table.to_act() if not table.seats[s].is_human or s in self.stand_ins or s in self.timed_out)

    def computer_for(self, seat: int) -> str | None:
        """The computer player that moves ``seat`` now (None: its person does)."""
        if seat in self.stand_ins:
            return self.stand_ins[seat]
        if seat in self.timed_out:
            return next(iter(self.stand_in_levels()), None)
        kind = self.table.seats[seat].kind
        return None if self.table.seats[seat].is_human else kind

    def stand_in_levels(self) -> list[str]:
        """The computer levels that may play a person's seat: easy first."""
        known = bot_catalogue(self.table.game)
        return [level for level in LEVELS if level in known] or sorted(known)

    def waited(self, now: float) -> float:
        """Seconds the table has waited for the seats to act now: since the turn
        (or the last move) of the one waited for longest; 0 when nobody is."""
        return now - min(self.turn_began.values(), default=now)

    def turn(self) -> str:
        table = self.table
        if table.finished:
            return "finished"
        names = ", ".join(table.seats[s].name for s in sorted(table.to_act()))
        label = table.game.round_label(table.state)
        return f"{label}: {names}" if label else names


class TableRegistry:
    """Every table on the server; the lobby lists them, sessions join them."""

    def __init__(
        self,
        folder: Path,
        bot_delay: float = BOT_DELAY,
        lobby_delay: float = LOBBY_DELAY,
        clock: Callable[[], float] = time.monotonic,
        finished_listed: float = FINISHED_LISTED,
    ) -> None:
        self.folder = folder
        self.bot_delay = bot_delay
        self.lobby_delay = lobby_delay
        self.clock = clock
        """The clock of presence, grace times and turn timers (tests pass their own)."""
        self.finished_listed = finished_listed
        self.tables: dict[int, SharedTable] = {}
        self._unlisting: dict[int, asyncio.TimerHandle] = {}
        """Finished tables' timers that take them off the list."""
        self.sessions: dict[App[Any], Identity] = {}
        """Every live session's app and who it is."""
        self.presence_book = PresenceBook(clock)
        self.on_turn: OnTurn | None = None
        """The operator's ``--on-turn`` command, if any."""
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._watchers: dict[App[Any], Callable[[], None]] = {}
        self._lobby_update: asyncio.TimerHandle | None = None
        self._bot_tasks: dict[int, asyncio.Task[None]] = {}
        self._record_tasks: set[asyncio.Task[None]] = set()
        self.lobby_changed_at = 0.0
        """Loop time of the last change the lobby shows."""
        self.broken: list[BrokenTable] = []
        """Entries of tables.json that could not be restored, with why (the lobby lists them,
        `BROKEN_SHOWN` at most and a row counting the rest)."""
        self.kept: list[str] = []
        """The text of every entry of tables.json that could not be restored: written back as it was."""
        self.index_writable = True
        self.takeback_wait = TAKEBACK_WAIT
        """Seconds a takeback waits for people who are gone (a test sets its own)."""
        self.chat_rates = ChatRates()
        """How often each session has written in the chats (one limit across all tables and the lobby)."""
        self.lobby_chat = LobbyChat.kept_in(folder, self.chat_rates, lambda app: app in self.sessions)
        """The lobby's channel, kept in ``lobby.chat.json`` beside the tables' index."""
        self.connected_elsewhere: frozenset[str] = frozenset()
        """Keys with a session in another process of the server (the front's lobby,
        another worker: decision 27): connected, though not here."""
        self.turn_elsewhere: Callable[[str, str, str], None] | None = None
        """Tells the key's sessions in other processes that its seat came to act
        (fingerprint, sentence, title)."""
        self.ask_elsewhere: Callable[[str, SharedTable, int, str], None] | None = None
        """Asks the key's sessions in other processes a takeback's question (fingerprint,
        table, the seat asked, the question); their answers come to `answer_from_elsewhere`."""
        self.unask_elsewhere: Callable[[SharedTable, Takeback], None] | None = None
        """Tells the other processes that a takeback they were asked about has ended."""

    # --- persistence ------------------------------------------------------------
    @classmethod
    def restore(
        cls, folder: Path, bot_delay: float = BOT_DELAY, clock: Callable[[], float] = time.monotonic
    ) -> TableRegistry:
        """The registry as the last run left it: every unfinished table, seats bound
        as before. An entry that cannot be used (a bad entry in ``tables.json``, a
        save that will not open) is kept as a `BrokenTable`: the lobby shows it with
        its reason, and the index keeps it for the next run."""
        registry = cls(folder, bot_delay, clock=clock)
        restored = restore_tables(folder)
        for table, owners, settings in restored.tables:
            registry._add(table, owners, settings)
        registry.kept, registry.broken, registry.index_writable = restored.kept, restored.broken, restored.writable
        registry._write_index()
        return registry

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

    # --- tables -------------------------------------------------------------------
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
    ) -> SharedTable:
        """A new table with ``identity`` in the first seat and computers in the last ``bots``,
        each played by ``computer`` (a level or another of the game's computer players;
        None: the easy level) (``seed``: a repeatable game; None: a fresh one). ``grace``:
        how long a gone player's move waits before the others may hand the seat to a
        computer; ``timer``: how long each turn may take before a computer plays it (None:
        no limit); ``hints``: whether its players may ask for hints.

        Raises ValueError with a sentence when the game refuses the choice.
        """
        table = new_table(self.tables.values(), identity, game_id, seats, bots, variant, seed, computer)
        owners: list[str | None] = [identity.fingerprint] + [None] * (seats - 1)
        shared = self._add(table, owners, {"grace": grace, "timer": timer, "hints": hints})
        self._write_index()
        log.info("%s created table %d (%s, %d seats, %d computers, %s)", identity.name, shared.number, game_id, seats,
                 bots, computer_player(table.game, computer))
        self._changed(shared)
        return shared

    def _add(
        self, table: Table, owners: list[str | None], settings: dict[str, Any], number: int | None = None
    ) -> SharedTable:
        number = max(self.tables, default=0) + 1 if number is None else number
        chat = TableChat.beside(table.path, len(table.seats), self.chat_rates)
        shared = SharedTable(number, table, owners, chat, path=table.path, grace=settings.get("grace", GRACE))
        shared.timer = settings.get("timer")
        shared.hints = settings.get("hints", False)
        shared.stand_ins = {
            seat: level for seat, level in settings.get("stand_ins", {}).items()
            if seat < len(table.seats) and table.seats[seat].is_human and owners[seat] is not None
        }  # fmt: skip
        shared.moves_seen = len(table.log)
        table.path = None
        self.tables[number] = shared
        table.listeners.append(lambda _table: self._changed(shared))
        self._turns_changed(shared, tell=False)  # a turn that began before a restart was told then
        self._update_presence(shared)
        self._drive_bots(shared)
        return shared

    def adopt(self, path: Path, owners: list[str | None], settings: dict[str, Any], number: int) -> SharedTable:
        """Open the table saved at ``path`` as table ``number``, seats bound to
        ``owners`` (a worker process taking a table from the front). SaveError when
        the save will not open or another process holds it."""
        table = Table.load(path)
        shared = self._add(table, fitted_owners(owners, len(table.seats)), settings, number)
        shared.at_once = True
        return shared

    def table_screen(self, window: SeatTable, local: set[int]) -> Any:
        """The game screen showing ``window`` (its seat's, or a watcher's)."""
        from ..screens.registry import screen_class

        return screen_class(window.shared.table.game.id)(window, local_seats=local, drives_bots=False)

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
        self.presence_changed()

    def archive(self, shared: SharedTable, identity: Identity) -> None:
        """One of its players takes a finished table off the list. Its save stays
        where it is, and its game in the records.

        Raises ValueError with a sentence when ``identity`` may not."""
        if shared.seat_of(identity) is None:
            raise ValueError("Only the table's players may archive it.")
        if not shared.table.finished:
            raise ValueError("Only a finished table can be archived; this one is still being played.")
        log.info("%s archived table %d", identity.name, shared.number)
        self._unlist(shared)

    def _unlist(self, shared: SharedTable) -> None:
        timer = self._unlisting.pop(shared.number, None)
        if timer is not None:
            timer.cancel()
        if self.tables.get(shared.number) is not shared or not shared.table.finished:
            return  # archived already, or the game went on (an undo)
        del self.tables[shared.number]
        self._write_index()
        self.lobby_changed()

    def _window(self, shared: SharedTable, app: App[Any], identity: Identity, seat: int | None) -> SeatTable:
        for viewer in shared.viewers:
            if viewer.app is app and viewer.seat == seat:
                return viewer
        viewer = SeatTable(shared, app, identity, seat, self)
        if seat is not None:  # one controller per seat: the newest session of the key
            for older in [v for v in shared.viewers if v.seat == seat]:
                viewer.took_over |= bool(older.listeners)
                older.demote()
            if shared.stand_ins.pop(seat, None) is not None:
                self._owner_returned(shared, seat, identity)
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
        self.sessions.pop(app, None)
        self.presence_book.left(app)
        for shared in self.tables.values():
            shared.viewers = [v for v in shared.viewers if v.app is not app]
        self.presence_changed()

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
        ask = shared.takeback
        if ask is not None and len(shared.table.log) != ask.moves:
            name = shared.table.seats[ask.asker].name
            self._end_takeback(shared, f"The table moved on: {name}'s move stays ({ask.words}).")
        self._turns_changed(shared)
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
            self._unlisting[shared.number] = asyncio.get_running_loop().call_later(
                self.finished_listed, self._unlist, shared, context=Context()
            )
            stood_in = frozenset(shared.computer_played | shared.stand_ins.keys())
            task = asyncio.get_running_loop().create_task(
                asyncio.to_thread(record_finished, shared.table, stood_in), context=Context()
            )
            self._record_tasks.add(task)
            task.add_done_callback(self._record_tasks.discard)

    # --- who is here --------------------------------------------------------------------
    def arrive(self, app: App[Any], identity: Identity) -> None:
        """A session started: its key is connected from now on."""
        self.sessions[app] = identity
        self.presence_book.arrived(app)
        self.presence_changed()

    def key_pressed(self, app: App[Any]) -> None:
        """A key reached ``app``: its person is at the keyboard."""
        if self.presence_book.key_pressed(app):
            self.presence_changed()  # back from being idle

    def presence_changed(self) -> None:
        """Someone arrived, left, opened or closed a table: work out every table's
        presence again, and tell the windows of each table where it changed."""
        for shared in self.tables.values():
            self.recheck_presence(shared)
        self.lobby_changed()

    def recheck_idleness(self, shared: SharedTable) -> None:
        """Work out again who is at ``shared`` if it was last done ``IDLENESS_CHECK``
        seconds ago or more: idleness comes with no event, so each presence line asks
        when it is drawn, and every seat's line is drawn after every move (at 60
        sessions, one in sixty of the server's work went on asking every time)."""
        if self.clock() - shared.presence_checked >= IDLENESS_CHECK:
            self.recheck_presence(shared)

    def recheck_presence(self, shared: SharedTable) -> None:
        """Work out who is at ``shared``; tell its windows if that changed."""
        shared.presence_checked = self.clock()
        if self._update_presence(shared):
            for viewer in shared.viewers:
                viewer.presence.tell()

    def _update_presence(self, shared: SharedTable) -> bool:
        """Work out who is at ``shared``; True if that changed."""
        connected: dict[str, list[Any]] = {key: [ELSEWHERE] for key in self.connected_elsewhere}
        for app, identity in self.sessions.items():
            if identity.fingerprint is not None:
                connected.setdefault(identity.fingerprint, []).append(app)
        people = [
            (seat, shared.table.seats[seat].name, owner)
            for seat, owner in enumerate(shared.owners)
            if owner is not None and shared.table.seats[seat].is_human
        ]
        windows = [Window(v.app, v.identity.name, v.seat, bool(v.listeners)) for v in shared.viewers]
        presence = self.presence_book.table(shared.number, people, windows, connected, shared.stand_ins)
        changed = presence != shared.presence
        shared.presence = presence
        return changed

    def whereabouts(self) -> list[str]:
        """Everyone connected, by name, and where: "alice (table 2)", "bob (lobby)",
        "carol (tables 1, 3)"; sessions of one name together."""
        places: dict[str, set[str]] = {}
        for app, identity in self.sessions.items():
            where = places.setdefault(identity.name, set())
            if app in self._watchers:
                where.add("lobby")
            where.update(str(shared.number) for shared in self.tables.values()
                         for window in shared.viewers if window.app is app and window.listeners)  # fmt: skip
        words = []
        for name in sorted(places, key=str.casefold):
            tables = sorted((p for p in places[name] if p != "lobby"), key=int)
            where = ([f"table{'s' if len(tables) > 1 else ''} {', '.join(tables)}"] if tables else [])
            where += ["lobby"] if "lobby" in places[name] else []
            words.append(f"{name} ({'; '.join(where)})" if where else name)
        return words

    def your_moves(self, identity: Identity) -> list[SharedTable]:
        """The tables where a seat of ``identity``'s key is to act."""
        if identity.fingerprint is None:
            return []
        return [
            shared
            for shared in self.tables.values()
            if not shared.table.finished
            and any(shared.owners[seat] == identity.fingerprint for seat in shared.table.human_seats_to_act())
        ]

    # --- turns ----------------------------------------------------------------------------
    def _turns_changed(self, shared: SharedTable, tell: bool = True) -> None:
        """Note which seats came to act (each is told: a bell in its other
        sessions, or the ``--on-turn`` command when it is not connected), and
        which turns end; restart the turn timer."""
        table = shared.table
        acting = set() if table.finished else set(table.to_act())
        now = self.clock()
        moved = {seat for seat, _ in table.log[shared.moves_seen:]} if len(table.log) > shared.moves_seen else set()
        shared.moves_seen = len(table.log)
        for seat in list(shared.turn_began):
            if seat not in acting:
                del shared.turn_began[seat]
                shared.timed_out.discard(seat)
            elif seat in moved:
                shared.turn_began[seat] = now  # the timer counts from the seat's last move
        for seat in sorted(acting - shared.turn_began.keys()):
            shared.turn_began[seat] = now
            # A person is to act: not a computer's seat, nor one a computer plays for its person.
            if tell and shared.owners[seat] is not None and shared.computer_for(seat) is None:
                self._tell_turn(shared, seat)
        self._schedule_timer(shared)

    def _tell_turn(self, shared: SharedTable, seat: int) -> None:
        owner = shared.owners[seat]
        apps = [app for app, identity in self.sessions.items() if identity.fingerprint == owner]
        elsewhere = owner in self.connected_elsewhere
        if not apps and not elsewhere:
            if self.on_turn is not None:
                name, table = shared.table.seats[seat].name, shared.table
                self.on_turn.seat_to_act(shared.number, table.game.id, shared.title, seat, name, owner or "")
            return
        playing = {v.app for v in shared.viewers if v.seat == seat and v.listeners}
        sentence = f"It is your move at table {shared.number} ({shared.title})."
        title = f"▶ Your move at table {shared.number} · River TUI"
        if elsewhere and owner is not None and self.turn_elsewhere is not None:
            self.turn_elsewhere(owner, sentence, title)
        for app in apps:
            # Told unless they look at this seat now, at the keyboard (not away from it).
            if app not in playing or self.presence_book.away_from_keyboard(app):
                app.call_later(app.your_move, sentence, title)

    def _schedule_timer(self, shared: SharedTable) -> None:
        handle = self._timers.pop(shared.number, None)
        if handle is not None:
            handle.cancel()
        waiting = [began for seat, began in shared.turn_began.items() if seat not in shared.timed_out]
        if shared.timer is None or not waiting or shared.table.finished:
            return
        delay = max(0.0, min(waiting) + shared.timer - self.clock())
        self._timers[shared.number] = asyncio.get_running_loop().call_later(
            delay, self.check_timer, shared, context=Context()
        )

    def check_timer(self, shared: SharedTable) -> None:
        """A computer plays the rest of each turn that has taken longer than the table's turn timer."""
        self._timers.pop(shared.number, None)
        if shared.timer is None:
            return
        now = self.clock()
        late = [
            seat
            for seat, began in sorted(shared.turn_began.items())
            if seat not in shared.timed_out and shared.table.seats[seat].is_human and now - began >= shared.timer
        ]
        for seat in late:
            shared.timed_out.add(seat)
            log.info("turn timer ran out for seat %d at table %d", seat + 1, shared.number)
            self._tell_table(shared, f"Time is up for {shared.table.seats[seat].name}: a computer plays this turn.")
        self._schedule_timer(shared)
        if late:
            self._drive_bots(shared)

    def time_left(self, shared: SharedTable) -> str:
        """At a table with a turn timer: "bob has 3 minutes left" (the first person
        to act), or how long a turn may take when no one is waited for."""
        if shared.timer is None:
            return ""
        now = self.clock()
        for seat, began in sorted(shared.turn_began.items()):
            playing = shared.table.seats[seat].is_human and seat not in shared.timed_out and seat not in shared.stand_ins
            if playing:
                left = shared.timer - (now - began)
                when = "under a minute" if left < 60 else duration_text(_rounded_up(left))
                return f"{shared.table.seats[seat].name} has {when} left"
        return f"turn timer {duration_text(_rounded_up(shared.timer))}"

    # --- computers standing in -------------------------------------------------------------
    def seats_to_hand_over(self, shared: SharedTable, asker: int | None) -> tuple[list[int], str]:
        """The seats the player in seat ``asker`` may hand to a computer now, and
        else the sentence saying why none: a seated player may hand over another
        person's seat when it is that seat's move, its person is gone, and the
        table's grace time has passed."""
        if asker is None:
            return [], "Only the table's seated players may hand a seat to a computer."
        now = self.clock()
        reasons, seats = [], []
        for presence in shared.presence.seats:
            seat = presence.seat
            if seat == asker or seat not in shared.turn_began or seat in shared.stand_ins:
                continue
            name = presence.name
            if presence.state != GONE:
                reasons.append(f"{name} is connected ({presence.state}).")
                continue
            waited = now - max(presence.since, shared.turn_began[seat])
            if waited < shared.grace:
                left = duration_text(_rounded_up(shared.grace - waited))
                reasons.append(f"{name} is gone; their seat can be handed to a computer in {left}.")
                continue
            seats.append(seat)
        if seats:
            return seats, ""
        return [], " ".join(reasons) or "No one who is gone has the move now."

    def stand_in(self, shared: SharedTable, seat: int, level: str, by: str) -> None:
        """A computer of ``level`` plays ``seat`` until its person returns."""
        if level not in shared.stand_in_levels():
            raise ValueError(f"{shared.title} has no computer player {level!r}.")
        shared.stand_ins[seat] = level
        name = shared.table.seats[seat].name
        log.info("%s handed seat %d at table %d to the %s computer", by, seat + 1, shared.number, level)
        self._write_index()
        self._tell_table(shared, f"{by} handed {name}'s seat to the {level} computer until {name} returns.")
        self.presence_changed()
        self._drive_bots(shared)

    def _owner_returned(self, shared: SharedTable, seat: int, identity: Identity) -> None:
        log.info("%s is back at table %d; the computer leaves seat %d", identity.name, shared.number, seat + 1)
        self._write_index()
        self._tell_table(shared, f"{identity.name} is back and plays their own seat again.")
        self.presence_changed()

    def _tell_table(self, shared: SharedTable, sentence: str, also: set[Any] = frozenset(), but: Any = None) -> None:
        """Tell everyone looking at ``shared`` (and the apps ``also``, but not ``but``), each in their own app."""
        for app in ({v.app for v in shared.viewers if v.listeners} | also) - {but}:
            app.call_later(app.notify, sentence, markup=False)

    # --- takebacks --------------------------------------------------------------------------
    def take_back(self, window: SeatTable) -> int:
        """``window``'s player takes back their last move (and the computers' after it):
        at once where no other person sits at the table (how many moves), else the
        others are asked (`TakebackAsked`, saying so). Everyone is told what happens.
        UndoRefused when the move cannot be taken back."""
        shared, seat = window.shared, window.seat
        assert seat is not None
        table = shared.table
        count = table.undoable(seat)
        if shared.takeback is not None:
            raise UndoRefused("A takeback is being asked at this table already; wait for its answers.")
        name, words = table.seats[seat].name, table.move_words(len(table.log) - count)
        asked = {
            other for other, owner in enumerate(shared.owners)
            if owner is not None and other != seat and table.seats[other].is_human and other not in shared.stand_ins
        }  # fmt: skip
        if not asked:
            self._tell_table(shared, f"{name} took back their last move ({words}).", but=window.app)
            return table.undo(seat)
        ask = shared.takeback = Takeback(seat, len(table.log), words, asked)
        question = f"{name} asks to take back their last move: {words} (Y/N)"
        for other in sorted(asked):
            for app in self._apps_of(shared.owners[other]):
                screen = TakebackQuestion(question, lambda agree, other=other: self.answer_takeback(shared, ask, other, agree))
                ask.questions.append((app, screen))
                app.call_later(app.push_screen, screen)
            owner = shared.owners[other]
            if self.ask_elsewhere is not None and owner in self.connected_elsewhere:
                ask.elsewhere.add(other)
                self.ask_elsewhere(owner, shared, other, question)
        ask.due = asyncio.get_running_loop().call_later(self.takeback_wait, self._takeback_due, shared, ask, context=Context())
        self._tell_table(shared, f"{name} asks the table to take back their last move ({words}).", but=window.app)
        names = ", ".join(table.seats[other].name for other in sorted(asked))
        raise TakebackAsked(f"You asked the table to take back your last move; waiting for {names} to answer.")

    def _apps_of(self, owner: str | None) -> list[App[Any]]:
        return [app for app, identity in self.sessions.items() if owner is not None and identity.fingerprint == owner]

    def answer_takeback(self, shared: SharedTable, ask: Takeback, seat: int, agree: bool) -> None:
        """Seat ``seat``'s person answers ``ask`` (an answer to a request that ended counts for nothing)."""
        if shared.takeback is not ask or seat not in ask.waiting:
            return
        table = shared.table
        asker, name = table.seats[ask.asker].name, table.seats[seat].name
        if not agree:
            self._end_takeback(shared, f"{name} refused: {asker}'s move stays ({ask.words}).")
            return
        ask.waiting.discard(seat)
        ask.agreed.append(f"{name} agreed")
        if not ask.waiting:
            self._make_takeback(shared, ask)

    def answer_from_elsewhere(self, number: int, seat: int, moves: int, agree: bool) -> None:
        """Seat ``seat``'s person answered, in another process, the takeback asked at table
        ``number`` when its log held ``moves`` actions (an answer to one that ended counts for nothing)."""
        shared = self.tables.get(number)
        ask = None if shared is None else shared.takeback
        if shared is not None and ask is not None and ask.moves == moves and seat in ask.elsewhere:
            self.answer_takeback(shared, ask, seat, agree)

    def _takeback_due(self, shared: SharedTable, ask: Takeback) -> None:
        """The wait is over: the people who are gone and did not answer do not block it,
        nor those connected to no process that could ask them."""
        if shared.takeback is not ask:
            return
        self.recheck_presence(shared)
        for seat in sorted(ask.waiting):
            presence = shared.presence.of(seat)
            if presence is None or presence.state == GONE:
                ask.waiting.discard(seat)
                ask.agreed.append(f"{shared.table.seats[seat].name}, who is gone, did not answer")
            elif not self._apps_of(shared.owners[seat]) and seat not in ask.elsewhere:
                ask.waiting.discard(seat)
                ask.agreed.append(f"{shared.table.seats[seat].name}, who is not at this table, was not asked")
        if ask.waiting:
            ask.due = asyncio.get_running_loop().call_later(self.takeback_wait, self._takeback_due, shared, ask, context=Context())
        else:
            self._make_takeback(shared, ask)

    def _make_takeback(self, shared: SharedTable, ask: Takeback) -> None:
        table = shared.table
        asker = table.seats[ask.asker].name
        self._end_takeback(shared, None)
        try:
            table.undo(ask.asker)
        except UndoRefused as err:
            self._tell_table(shared, f"{asker}'s move could not be taken back: {err}", also=self._askers(shared, ask))
            return
        agreed = "; ".join(ask.agreed)
        self._tell_table(shared, f"{asker} took back their last move ({ask.words}): {agreed}.", also=self._askers(shared, ask))

    def _end_takeback(self, shared: SharedTable, sentence: str | None) -> None:
        """The request ends (its questions go); ``sentence`` tells everyone why, if given."""
        ask = shared.takeback
        if ask is None:
            return
        shared.takeback = None
        ask.put_away()
        if ask.elsewhere and self.unask_elsewhere is not None:
            self.unask_elsewhere(shared, ask)
        if sentence is not None:
            self._tell_table(shared, sentence, also=self._askers(shared, ask))

    def _askers(self, shared: SharedTable, ask: Takeback) -> set[Any]:
        """The apps asked (they may be looking elsewhere): each is told how it ended."""
        return {app for app, _question in ask.questions}

    # --- computer seats ----------------------------------------------------------------
    def _drive_bots(self, shared: SharedTable) -> None:
        """The server, not any one screen, moves a table's computer seats."""
        task = self._bot_tasks.get(shared.number)
        if shared.computer_seats_to_act() and (task is None or task.done()):
            self._bot_tasks[shared.number] = asyncio.get_running_loop().create_task(
                self._bot_turn(shared), context=Context()
            )

    async def _bot_turn(self, shared: SharedTable) -> None:
        table = shared.table
        await asyncio.sleep(self.bot_delay)
        seats = shared.computer_seats_to_act()
        if not seats:
            del self._bot_tasks[shared.number]
            return
        seat, thought_about = seats[0], table.state
        kind = shared.computer_for(seat)
        rng = random.Random(table.seed * 7919 + len(table.log))
        # A bot may think for a while: in a worker thread, so no session waits for it.
        action = await asyncio.to_thread(table.bot_choice, seat, rng, kind)
        del self._bot_tasks[shared.number]  # this turn is over: the move below may start the next
        if table.state is not thought_about or seat not in table.to_act() or shared.computer_for(seat) != kind:
            # The table moved on meanwhile (a move, or an undo and another move in its place),
            # or the seat's person came back: on this move boundary
            self._drive_bots(shared)
            return
        person = table.seats[seat].is_human
        if person:
            shared.computer_played.add(seat)
        try:
            table.apply(seat, action, stand_in=person)
        except IllegalAction as err:
            log.error("computer seat %d at table %d chose an illegal move: %s", seat + 1, shared.number, err)

    async def close(self) -> None:
        """Stop the computer seats and lobby updates, and wait for every table's last save."""
        if self._lobby_update is not None:
            self._lobby_update.cancel()
            self._lobby_update = None
        for timer in self._unlisting.values():
            timer.cancel()
        for task in self._bot_tasks.values():
            task.cancel()
        for handle in self._timers.values():
            handle.cancel()
        for shared in self.tables.values():
            self._end_takeback(shared, None)  # a takeback asked is not made once the server stops
        if self.on_turn is not None:
            await self.on_turn.close()
        await asyncio.gather(*self._bot_tasks.values(), return_exceptions=True)
        await asyncio.gather(*self._record_tasks)
        for shared in self.tables.values():
            await shared.flush()
            await shared.chat.flush()
        await self.lobby_chat.flush()


def _rounded_up(seconds: float) -> float:
    """A wait as people count it: whole seconds under a minute, else whole minutes."""
    return float(math.ceil(seconds)) if seconds < 60 else 60.0 * math.ceil(seconds / 60)


def table_settings(shared: SharedTable) -> dict[str, Any]:
    """What tables.json keeps of a table besides its save and owners."""
    settings = {"grace": shared.grace, "timer": shared.timer, "stand_ins": {str(s): k for s, k in shared.stand_ins.items()}}
    return {**settings, "hints": True} if shared.hints else settings


def _settings(entry: dict[str, Any], seats: int) -> dict[str, Any] | None:
    """The grace time, turn timer and stand-ins (of seats below ``seats``) of an
    index entry, defaults where missing; None if any is unusable."""
    grace, timer, stand_ins = entry.get("grace", GRACE), entry.get("timer"), entry.get("stand_ins", {})
    if not _seconds(grace) or not (timer is None or (_seconds(timer) and timer > 0)) or not isinstance(stand_ins, dict):
        return None
    hints = entry.get("hints", False)
    if not isinstance(hints, bool):
        return None
    if len(stand_ins) > seats:
        return None
    by_seat = {numbers.whole_number(k, 0, seats - 1): v for k, v in stand_ins.items()}
    if None in by_seat or not all(isinstance(v, str) and v in LEVELS for v in by_seat.values()):
        return None
    settings = {"grace": float(grace), "timer": None if timer is None else float(timer), "stand_ins": by_seat}
    return {**settings, "hints": True} if hints else settings


def _seconds(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= LONGEST


def record_finished(table: Table, stood_in: frozenset[int] = frozenset()) -> None:
    """Add a finished table to the players' records, by seat name (each game counts
    once), marking the people's seats a computer played for (``stood_in``). The
    table's own autosave is the server's (`SharedTable.save`), so the table cannot
    do this itself as it does at one keyboard."""
    notice = record_game(table.finished_game(), stood_in).notice  # never raises: a records file that cannot be used or written says so
    if notice:
        log.error("%s", notice)
