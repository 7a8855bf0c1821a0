"""A worker process of `river-tui serve --workers N`: some of the server's tables,
with the apps of everyone looking at them.

Started by the front (`pool.py`) as ``python -m river_tui.net.workers FD``,
FD being its end of a connected socket. It takes orders from the front (adopt a
table, open a session's stream on one, the bytes of that stream, which keys are
connected) and tells the front what its tables look like after every change.
Every table saves each change before any screen shows it (`SharedTable.at_once`),
so a worker killed at any moment loses no move.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import logging
import signal
import socket
from contextvars import Context
from pathlib import Path
from typing import Any

from ...gc_tuning import tune_gc
from ...play.table import Table
from ...saves.format import SaveError
from ..driver import TerminalInfo
from ..auth import Identity
from ..on_turn import OnTurn
from ..server import start_logging
from ..sweeper import Sweeper
from ..tables import SharedTable, TableRegistry, record_finished
from ..takeback import ShownElsewhere, Takeback, TakebackQuestion
from ..watchdog import METER, Watchdog
from .framing import Channel, ChannelClosed, open_channel
from .listing import described
from .plain_table import PlainStream
from .table_app import StreamSession, TableApp

log = logging.getLogger(__name__)


class WorkerRegistry(TableRegistry):
    """A worker's tables: the front keeps ``tables.json`` and the lobby, so every
    change of a table is told to the front instead (at once when the index would
    have been written: a seat taken must outlive this process)."""

    def __init__(self, folder: Path, channel: Channel, bot_delay: float) -> None:
        super().__init__(folder, bot_delay)
        self.index_writable = False
        self._channel = channel
        self._told: dict[int, dict[str, Any]] = {}
        self._telling: asyncio.Handle | None = None
        self.turn_elsewhere = lambda key, sentence, title: channel.send("turn", key, sentence, title)
        self.unask_elsewhere = lambda shared, ask: channel.send("unask", shared.number, ask.moves)
        self.ask_elsewhere = lambda key, shared, seat, question: channel.send(
            "ask", key, shared.number, seat, shared.takeback.moves if shared.takeback else -1, question)  # fmt: skip

    def _write_index(self) -> None:
        self.tell_front()

    def answer_takeback(self, shared: SharedTable, ask: Takeback, seat: int, agree: bool) -> None:
        """As in one process; and the front, which asks a seat's person again wherever they
        go until they answer, learns that they did (here, or through it)."""
        answering = shared.takeback is ask and seat in ask.waiting and seat in ask.elsewhere
        super().answer_takeback(shared, ask, seat, agree)
        if answering:
            self._channel.send("answered", shared.number, ask.moves, seat)

    def lobby_changed(self) -> None:
        super().lobby_changed()
        if self._telling is None:
            self._telling = asyncio.get_running_loop().call_soon(self.tell_front, context=Context())

    def tell_front(self) -> None:
        """Send the front what changed of each table since last told."""
        self._telling = None
        for number in list(self._told):
            if number not in self.tables:
                del self._told[number]
                self._channel.send("unlisted", number)
        for number, shared in self.tables.items():
            facts = described(shared)
            if self._told.get(number) != facts:
                self._told[number] = facts
                self._channel.send("table", facts)


class Worker:
    """The worker's loop: orders from the front, one at a time, in the order sent."""

    def __init__(self, channel: Channel, folder: Path, config: dict[str, Any]) -> None:
        self.channel = channel
        self.registry = WorkerRegistry(folder, channel, config.get("bot_delay", 0.5))
        self.registry.takeback_wait = config.get("takeback_wait", self.registry.takeback_wait)
        if config.get("on_turn"):
            self.registry.on_turn = OnTurn(list(config["on_turn"]), self.registry.clock)
        self.sessions: dict[int, StreamSession | PlainStream] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._watchdog = Watchdog(lambda: self.sessions.values(), window=config.get("busy_window", 5.0),
                                  limit=config.get("busy_share", 0.75))  # fmt: skip
        self._sweeper = Sweeper()
        self.shown_elsewhere = ShownElsewhere()

    async def run(self) -> None:
        METER.install(asyncio.get_running_loop())
        self._watchdog.start()
        self.channel.send("ready")  # a worker that never says so hung as it started (pool.HANG_WAIT)
        try:
            while True:
                try:
                    message = await self.channel.receive()
                except ChannelClosed:
                    break  # the front is gone: so is this worker
                if message[0] == "stop":
                    break
                try:
                    self.handle(message)
                except Exception:  # one table's failure is its own: the worker's other tables go on
                    log.exception("the front's %.40r could not be carried out", message[0])
                await self.channel.drain()
        finally:
            await self._watchdog.stop()
            for session in list(self.sessions.values()):
                session.close()
            await asyncio.gather(*self._tasks, return_exceptions=True)
            self._sweeper.close()
            await self.registry.close()

    def handle(self, message: list[Any]) -> None:
        kind, *fields = message
        if kind == "adopt":
            self.adopt(*fields)
        elif kind == "open":
            self.open(*fields)
        elif kind == "keys":
            self.registry.connected_elsewhere = frozenset(fields[0])
            self.registry.presence_changed()
        elif kind == "ping":  # answered from this loop: a loop that is stuck answers nothing
            self.channel.send("pong")
        elif kind == "answer":
            self.registry.answer_from_elsewhere(*fields)
        elif kind == "unask":
            self.shown_elsewhere.put_away(*fields)
        elif kind == "record":
            self.record(Path(fields[0]), frozenset(fields[1]))
        elif kind == "drop":
            shared = self.registry.tables.pop(fields[0], None)
            if shared is not None:
                self.registry.lobby_changed()
        else:
            session = self.sessions.get(fields[0]) if fields and isinstance(fields[0], int) else None
            if session is None:
                return  # a session that has just left this worker
            if kind == "input":
                session.feed(fields[1])
            elif kind == "resize":
                session.resize(fields[1], fields[2])
            elif kind == "close":
                session.close()
            elif kind == "eof" and isinstance(session, PlainStream):
                session.end_of_input()
            elif kind == "your_move":
                session.when_shown(functools.partial(session.app.your_move, fields[1], fields[2]))
            elif kind == "ask":
                self._ask(session, *fields[1:])

    def _ask(self, session: StreamSession | PlainStream, number: int, seat: int, moves: int, words: str) -> None:
        """A takeback asked at table ``number`` (in another worker, or of a session that came
        here after it was asked) of this session's seat there: shown over its table, unless
        the request has ended by then."""
        question = TakebackQuestion(words, lambda agree: self.channel.send("answer", number, seat, moves, agree))
        self.shown_elsewhere.add(number, moves, session.app, question)

        def show() -> None:
            if self.shown_elsewhere.holds(number, moves, question):
                session.app.push_screen(question)

        session.when_shown(show)

    def record(self, path: Path, stood_in: frozenset[int]) -> None:
        """A game that ended before the server last stopped, for the players' records: the
        front reads only headers, and the replay runs here, off this worker's loop."""
        task = asyncio.get_running_loop().create_task(asyncio.to_thread(_record_saved, path, stood_in),
                                                      context=Context())  # fmt: skip
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def adopt(self, number: int, path: str, owners: list[str | None], settings: dict[str, Any]) -> None:
        settings = {**settings, "stand_ins": {int(seat): level for seat, level in settings.get("stand_ins", {}).items()}}
        try:
            self.registry.adopt(Path(path), owners, settings, number)
        except SaveError as err:
            log.error("table %d not opened: %s", number, err)
            self.channel.send("broken", number, str(err))
            return
        except Exception:  # a save the rules cannot set up: the table is broken, not the worker
            log.exception("table %d not opened", number)
            self.channel.send("broken", number, f"{Path(path).name} cannot be opened; serve.log says why.")
            return
        self.registry.tell_front()

    def open(self, sid: int, who: list[Any], number: int, watch: bool, terminal: list[Any] | None, notice: str,
             echo: bool, chat_sent: list[float]) -> None:  # fmt: skip
        """A session's stream comes to table ``number``: its screen, or plain lines (``terminal``
        None); ``chat_sent``: when it sent its last lines of chat, elsewhere on the server."""
        identity = Identity(who[0], who[1], who[2])
        session: StreamSession | PlainStream
        if terminal is None:
            session = PlainStream(sid, self.channel, identity, self.registry, echo, number, watch, notice)
        else:
            size, term_type, colorterm, no_color = terminal
            info = TerminalInfo(size=(size[0], size[1]), term_type=term_type, colorterm=colorterm, no_color=no_color)
            app = TableApp(identity, self.registry, number, watch, notice)
            session = StreamSession(sid, self.channel, app, info)
        self.sessions[sid] = session
        self.registry.chat_rates.carry_on(session.app, chat_sent)
        # Timed as the task's own coroutine: a timed coroutine awaited inside another is not timed.
        run = METER.timed(self._run(session), session.busy)
        task = asyncio.get_running_loop().create_task(run, name=f"stream {identity.name}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, session: StreamSession | PlainStream) -> None:
        sentence = await session.run()
        if self.sessions.get(session.sid) is session:
            del self.sessions[session.sid]
            self.channel.send("back", session.sid, sentence, session.leftover,
                              self.registry.chat_rates.sent_by(session.app))  # fmt: skip
        self._sweeper.session_ended()


def _record_saved(path: Path, stood_in: frozenset[int]) -> None:
    """Count the finished game saved at ``path`` in the records (once: they know it)."""
    try:
        table = Table.load(path)
    except SaveError as err:
        log.error("%s not counted in the records: %s", path.name, err)
        return
    except Exception:  # a save the rules cannot replay: not counted, and the worker goes on
        log.exception("%s not counted in the records", path.name)
        return
    try:
        if table.finished:
            record_finished(table, stood_in)
    finally:
        table.close()


async def main(fd: int) -> None:
    channel = await open_channel(socket.socket(fileno=fd))
    hello = await channel.receive()
    assert hello[0] == "config", hello
    config: dict[str, Any] = hello[1]
    for name in config.get("imports", []):
        importlib.import_module(name)  # games and screens that register themselves when imported
    folder = Path(config["folder"])
    if config.get("log"):
        start_logging(folder)
    tune_gc()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, lambda: None)  # the front stops its workers itself
    await Worker(channel, folder, config).run()
