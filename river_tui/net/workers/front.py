"""The front process of `river-tui serve --workers N`: SSH, logins, names, limits
and the lobby, as in one process; each table's screens in the worker holding it.

A session starts in the lobby, an app here. Sitting at a table pushes `Elsewhere`
over the lobby: from then on the session's input and window size go to the
table's worker, and the worker's frames come back onto the session's channel
(the lobby's own frames are dropped meanwhile). Leaving the table, the worker's
app ends, `Elsewhere` goes, and the lobby, redrawn whole, has the stream again.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
from typing import Any

from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from textual.app import App

from ..auth import Identity
from ..driver import SSHDriver, TerminalInfo
from ..remote_app import RemoteApp
from ..server import RiverServer, ServerConfig
from ..session import AppSession
from ..takeback import ShownElsewhere, TakebackQuestion
from ..watchdog import METER
from .directory import MOVED, NOT_REOPENED, Directory
from .elsewhere import Elsewhere
from .plain_table import FrontPlainLink, PlainAway
from .pool import Pool, WorkerProcess

log = logging.getLogger(__name__)

_SESSION_IDS = itertools.count(1)


@dataclass(frozen=True, eq=False)
class Asked:
    """A takeback asked at table ``number`` (held by worker ``by``, its log ``moves`` long)
    of the person with ``key``, for their seat ``seat``, in the words ``question``."""

    by: WorkerProcess
    key: str
    number: int
    seat: int
    moves: int
    question: str


class FrontSession(AppSession):
    """An SSH session whose stream is the lobby's, or relayed to a table's worker."""

    def __init__(self, identity: Identity, host: FrontServer) -> None:
        super().__init__(identity, host)
        self._front = host
        self.sid = next(_SESSION_IDS)
        self.relay: tuple[WorkerProcess, Elsewhere | PlainAway] | None = None
        """The worker holding the stream now, and the lobby's stand-in (None: in the lobby)."""
        self._info: TerminalInfo | None = None

    def _build_driver(self, app: App[Any], *, info: TerminalInfo, **kwargs: Any) -> SSHDriver:
        self._info = info
        self._front.bind(app, self)
        return super()._build_driver(app, info=info, **kwargs)

    def _build_plain(self) -> Any:
        link = super()._build_plain()
        if link is not None:
            self._front.bind(link, self)
        return link

    # --- the stream -------------------------------------------------------------------
    def relay_to(self, worker: WorkerProcess, screen: Elsewhere | PlainAway, notice: str = "") -> None:
        """Hand the stream to ``worker``, which opens the session's table there."""
        self.relay = (worker, screen)
        window, who, info = screen.window, self.identity, self._info
        terminal = None  # plain lines
        if not self._plain:
            assert info is not None
            terminal = [list(self._size), info.term_type, info.colorterm, info.no_color]
        worker.send("open", self.sid, [who.name, who.fingerprint, who.address], window.shared.number, window.watch,
                    terminal, notice, self._has_pty, self._front.directory.chat_rates.sent_by(screen.app))  # fmt: skip
        self._front.ask_again(self)

    def came_back(self, sentence: str, leftover: bytes = b"") -> None:
        """The worker's app ended (the player left the table): the lobby has the stream
        again, and reads what was typed after leaving (plain lines)."""
        if self.relay is None:
            return
        screen = self.relay[1]
        self.relay = None
        screen.app.call_later(self._back, screen, sentence, leftover)

    def _back(self, screen: Elsewhere | PlainAway, sentence: str, leftover: bytes) -> None:
        screen.back(sentence)
        self._front.ask_again(self)
        if leftover:
            self.data_received(leftover, None)
        if self._input_ended:  # a piped file ended while the stream was at the table
            self.eof_received()

    def relayed(self, data: bytes) -> None:
        """A frame of the worker's app, onto the channel."""
        if self.relay is not None:
            super().send(data)

    # --- asyncssh callbacks and the lobby's driver -------------------------------------
    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.relay is None:
            super().data_received(data, datatype)
            return
        if self._plain:  # every byte of plain lines is typing: the idle timer counts it here
            self._last_input = asyncio.get_running_loop().time()
        with METER.charge(self.busy):
            self.relay[0].send("input", self.sid, data)

    def eof_received(self) -> bool:
        if self._plain and self.relay is not None:  # the table's worker reads every line first, then lets go
            self._input_ended = True
            self.relay[0].send("eof", self.sid)
            return True
        return super().eof_received()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        super().terminal_size_changed(width, height, pixwidth, pixheight)  # the lobby, sized for the way back
        if self.relay is not None:
            self.relay[0].send("resize", self.sid, width, height)

    def send(self, data: bytes) -> None:
        if self.relay is None:  # while away, the lobby's frames are nobody's
            super().send(data)

    def _stop_app(self) -> None:
        if self.relay is not None:
            self.relay[0].send("close", self.sid)
            self.relay = None
        super()._stop_app()


class FrontServer(RiverServer):
    """`RiverServer` whose tables live in ``workers`` worker processes."""

    def __init__(self, config: ServerConfig, directory: Directory, workers: int, worker_config: dict[str, Any]) -> None:
        super().__init__(
            config, lambda identity: RemoteApp(identity, directory),  # type: ignore[arg-type]
            lambda identity, write, echo: FrontPlainLink(identity, directory, write, echo),  # type: ignore[arg-type]
        )
        self.directory = directory
        directory.front = self
        self.pool = Pool(workers, {"busy_share": config.busy_share, **worker_config}, self._heard, self._worker_died)
        self._by_app: dict[App[Any], FrontSession] = {}
        self._by_sid: dict[int, FrontSession] = {}
        self._shown_elsewhere = ShownElsewhere()
        self._asked: dict[tuple[int, int, int], Asked] = {}
        """The takebacks asked across processes and not yet answered, by table, moves and seat:
        asked again wherever their person's sessions go until then."""

    async def start(self) -> int:
        await self.pool.start()
        self.directory.restore(self.pool)
        return await super().start()

    async def close(self) -> None:
        await super().close()
        await self.pool.stop()  # each worker saves its tables and ends

    def _open_session(self, identity: Identity) -> AppSession:
        session = FrontSession(identity, self)
        self._by_sid[session.sid] = session
        return session

    def bind(self, app: App[Any], session: FrontSession) -> None:
        self._by_app[app] = session

    def release(self, session: AppSession) -> None:
        super().release(session)
        if isinstance(session, FrontSession):
            self._by_sid.pop(session.sid, None)
        for app in [app for app, held in self._by_app.items() if held is session]:
            del self._by_app[app]

    def relayed(self, app: Any) -> bool:
        """Whether ``app``'s session has its stream at a table in a worker."""
        session = self._by_app.get(app)
        return session is not None and session.relay is not None

    def end_input(self, app: Any) -> None:
        """``app``'s input ended while its stream is at a table: the table's worker is told, after its lines."""
        session = self._by_app.get(app)
        if session is not None:
            session.eof_received()

    def relay_input(self, app: Any, data: bytes) -> None:
        """Bytes read by ``app`` (a plain session's lobby) after the line that sent its stream to a table."""
        session = self._by_app.get(app)
        if session is not None:
            session.data_received(data, None)

    def move(self, app: App[Any], screen: Elsewhere | PlainAway) -> None:
        """``app``'s session goes to the table ``screen`` stands for, in its worker."""
        session = self._by_app.get(app)
        number = screen.window.shared.number
        if session is None or number not in self.directory.tables:
            screen.back("This table is not on the server any more.")
            return
        worker = self.directory.worker_of(number)
        self.directory.away[app] = (number, worker)
        session.relay_to(worker, screen)

    # --- what workers say ------------------------------------------------------------------
    def _heard(self, worker: WorkerProcess, message: list[Any]) -> None:
        kind, *fields = message
        directory = self.directory
        if kind == "table":
            directory.described(fields[0])
        elif kind == "unlisted":
            directory.unlisted(fields[0])
        elif kind == "broken":
            directory.unusable(fields[0], fields[1])
        elif kind == "turn":
            self._tell_turn(worker, *fields)
        elif kind == "ask":
            self._ask(worker, *fields)
        elif kind == "answer":
            number, seat, moves, agree = fields
            self._asked.pop((number, moves, seat), None)
            if number in directory.tables:
                directory.worker_of(number).send("answer", number, seat, moves, agree)
        elif kind == "answered":  # at the table's worker: not to be asked again
            self._asked.pop((fields[0], fields[1], fields[2]), None)
        elif kind == "unask":  # the takeback ended: its questions shown here and in other workers go
            self._unask(worker, *fields)
        else:
            session = self._by_sid.get(fields[0])
            if session is None or session.relay is None or session.relay[0] is not worker:
                return  # a session that has left, or gone to another worker
            if kind == "out":
                session.relayed(fields[1])
            elif kind == "back":
                app = session.relay[1].app
                directory.away.pop(app, None)
                directory.chat_rates.carry_on(app, fields[3])  # the lines sent at the table count in the lobby
                session.came_back(fields[1], fields[2])
            elif kind == "key":
                session.key_pressed()
            elif kind == "overloaded":
                session.overloaded(fields[1])

    def _reach(self, key: str, done_by: WorkerProcess) -> Iterator[tuple[FrontSession, Any]]:
        """``key``'s sessions that ``done_by`` did not reach itself, each with its lobby
        app (None: the session is at a table in another worker, told through it)."""
        for session in list(self._by_sid.values()):
            if session.identity.fingerprint != key:
                continue
            if session.relay is None:
                app = self._app_of(session)
                if app is not None:
                    yield session, app
            elif session.relay[0] is not done_by:
                yield session, None

    def _tell_turn(self, told_by: WorkerProcess, key: str, sentence: str, title: str) -> None:
        """A seat of ``key`` came to act: its sessions in the lobby ring here, those at
        tables in other workers there (``told_by`` told its own)."""
        for session, app in self._reach(key, told_by):
            if app is not None:
                app.call_later(app.your_move, sentence, title)
            else:
                session.relay[0].send("your_move", session.sid, sentence, title)

    def _ask(self, asked_by: WorkerProcess, key: str, number: int, seat: int, moves: int, question: str) -> None:
        """A takeback at table ``number`` asks ``key``'s person: their sessions in the lobby
        are asked here, those at tables in other workers there (``asked_by`` asked its own),
        and any session of theirs whose stream moves before they answer, where it goes."""
        asked = self._asked[(number, moves, seat)] = Asked(asked_by, key, number, seat, moves, question)
        for session, _app in self._reach(key, asked_by):
            self._show(session, asked)

    def ask_again(self, session: FrontSession) -> None:
        """``session``'s stream has moved (to a table's worker, or back to the lobby): the
        questions its person has not answered yet are asked where it is now (the app that
        showed them there is gone, or hidden under `Elsewhere`)."""
        for asked in list(self._asked.values()):
            if asked.key == session.identity.fingerprint:
                self._show(session, asked)

    def _show(self, session: FrontSession, asked: Asked) -> None:
        if session.relay is not None:
            session.relay[0].send("ask", session.sid, asked.number, asked.seat, asked.moves, asked.question)
            return
        app = self._app_of(session)
        if app is not None:
            app.call_later(self._show_in_lobby, session, app, asked)

    def _show_in_lobby(self, session: FrontSession, app: Any, asked: Asked) -> None:
        """Push ``asked``'s question over the lobby, unless the stream has left it meanwhile
        (the question is asked where it went) or it shows there already."""
        away = any(isinstance(screen, Elsewhere) for screen in getattr(app, "screen_stack", ()))  # going to a table
        if session.relay is not None or away:
            return
        if self._asked.get((asked.number, asked.moves, asked.seat)) is not asked:
            return  # answered, or the request has ended
        if self._shown_elsewhere.up_in(asked.number, asked.moves, app):
            return
        answer = functools.partial(self._answered, asked)
        shown = TakebackQuestion(asked.question, answer)
        self._shown_elsewhere.add(asked.number, asked.moves, app, shown)
        app.push_screen(shown)

    def _answered(self, asked: Asked, agree: bool) -> None:
        self._asked.pop((asked.number, asked.moves, asked.seat), None)
        if asked.by.alive:
            asked.by.send("answer", asked.number, asked.seat, asked.moves, agree)

    def _unask(self, asked_by: WorkerProcess, number: int, moves: int) -> None:
        """The takeback asked at table ``number`` (in ``asked_by``) ended: no one is asked it
        any more, and its questions shown here and in the other workers go."""
        for held in [held for held in self._asked if held[:2] == (number, moves)]:
            del self._asked[held]
        self._shown_elsewhere.put_away(number, moves)
        for other in self.pool.workers:
            if other is not asked_by:
                other.send("unask", number, moves)

    def _app_of(self, session: FrontSession) -> Any:
        return next((app for app, held in self._by_app.items() if held is session), None)

    def _worker_died(self, dead: WorkerProcess) -> None:
        """Its tables open in live workers; the sessions that were at them follow, told so."""
        for number, moves in {(asked.number, asked.moves) for asked in self._asked.values() if asked.by is dead}:
            self._unask(dead, number, moves)  # its tables reopen without the takebacks asked there
        told = self.directory.moved_from(dead)
        for session in list(self._by_sid.values()):
            if session.relay is None or session.relay[0] is not dead:
                continue
            screen = session.relay[1]
            number = screen.window.shared.number
            if number not in self.directory.tables:
                session.came_back(told.get(number, NOT_REOPENED))
                continue
            worker = self.directory.worker_of(number)
            self.directory.away[screen.app] = (number, worker)
            session.relay_to(worker, screen, MOVED)
        log.info("tables of worker %d moved; sessions put back at them", dead.number)


def in_workers(count: int) -> Callable[[ServerConfig, Path, list[str] | None], tuple[RiverServer, Callable[[], Awaitable[None]]]]:
    """`river-tui serve --workers COUNT`: the front, its tables in ``count`` worker processes."""

    def make(config: ServerConfig, folder: Path, on_turn: list[str] | None) -> tuple[RiverServer, Callable[[], Awaitable[None]]]:
        directory = Directory(folder)
        server = FrontServer(config, directory, count, {"folder": str(folder), "on_turn": on_turn, "log": True})
        return server, directory.close

    return make
