"""Plain lines (`ssh host plain`) with tables in workers: the lobby's lines in the
front, a table's in the worker holding it.

As for the full screen, the stream moves, not the connection: sitting down in the
front's `FrontPlainLink` hands the session's bytes to the table's worker, where a
`TablePlainLink` says the table's lines (moves, chat, whispers, who is here,
takebacks) from the worker's own registry, as one process would; ``lobby`` there
ends it, and the front's lobby has the stream again, with whatever was typed after.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from ..auth import Identity
from ..plain_link import PlainLink
from ..session import CRASHED
from ..tables import TableRegistry
from ..watchdog import METER, Busy
from .framing import Channel
from .table_app import GONE_TABLE

log = logging.getLogger(__name__)


class PlainAway:
    """What the front's relay holds while a plain session is at a table in a worker
    (as `Elsewhere` for the full screen): the table, and the way back."""

    def __init__(self, link: FrontPlainLink, window: Any) -> None:
        self.app = link
        self.window = window
        """The front's `Doorway` to the table."""

    def back(self, sentence: str) -> None:
        self.app.came_back(sentence)


class FrontPlainLink(PlainLink):
    """A plain session in the front: the lobby here, each table in its worker."""

    def _open_table(self, window: Any) -> None:
        """``window`` is the front's `Doorway`: the stream goes to the table's worker."""
        self.registry.watch_lobby(self, None)
        self._lobby.stop(self._heard_in_lobby)
        front = self.registry.front
        self.elsewhere = lambda data: front.relay_input(self, data)
        front.move(self, PlainAway(self, window))

    def exit(self) -> None:
        """Leave the server; but when the input ended while the stream is at a table (a
        piped file read at once), that table's worker reads what is left first: the
        session ends once the stream is back."""
        front = self.registry.front
        if front.relayed(self):
            self._leaving = False
            front.end_input(self)
            return
        super().exit()

    def came_back(self, sentence: str) -> None:
        """The table's worker has let the stream go (``lobby`` typed, or the table gone)."""
        self.elsewhere = None
        if sentence:
            self.say(sentence)
        self._enter_lobby()


class TablePlainLink(PlainLink):
    """A plain session at one table in a worker; ``lobby`` (or ``quit``) ends it."""

    def __init__(self, identity: Identity, registry: TableRegistry, write: Callable[[bytes], None], echo: bool,
                 number: int, watch: bool, notice: str) -> None:  # fmt: skip
        super().__init__(identity, registry, write, echo)
        self.number = number
        self.watching = watch
        self.notice = notice
        """Said as the table opens (it came back from a worker that stopped); `GONE_TABLE` if it is not here."""
        self.leftover = bytearray()
        """What was typed after ``lobby``: the front's lobby reads it."""

    def _begin(self) -> None:
        shared = self.registry.tables.get(self.number)
        if shared is None:
            self.notice = GONE_TABLE
            self.exit()
            return
        window = (self.registry.watch if self.watching else self.registry.join)(shared, self, self.identity)
        if self.notice:
            self.say(self.notice)
        self._open_table(window)

    def _back_to_lobby(self) -> None:
        self._leave_table()
        self.elsewhere = self.leftover.extend
        self.exit()

    def _leave_server(self) -> None:
        """ctrl+c or ctrl+d: the front ends the session once the stream is back."""
        self._back_to_lobby()
        self.leftover += b"\x04"


class PlainStream:
    """A relayed plain session in a worker (as `StreamSession` for the full screen)."""

    def __init__(self, sid: int, channel: Channel, identity: Identity, registry: TableRegistry, echo: bool,
                 number: int, watch: bool, notice: str) -> None:  # fmt: skip
        self.sid = sid
        self.identity = identity
        self._channel = channel
        self._closed = False
        self.app = TablePlainLink(identity, registry, self._send, echo, number, watch, notice)
        self.busy = Busy()
        """Loop time this session has used (the worker's watchdog reads it)."""

    @property
    def leftover(self) -> bytes:
        return bytes(self.app.leftover)

    async def run(self) -> str:
        """Run the table's lines until the player leaves it; what to tell them, if anything."""
        METER.track(self.app, self.busy)
        try:
            await self.app.run_async()
        except Exception:
            log.exception("plain table session of %s failed", self.identity.name)
            return CRASHED
        finally:
            METER.untrack(self.app)
        return self.app.notice if self.app.notice == GONE_TABLE else ""

    def _send(self, data: bytes) -> None:
        if not self._closed:
            self._channel.send("out", self.sid, data)

    def feed(self, data: bytes) -> None:
        with METER.charge(self.busy):
            self.app.feed(data)

    def when_shown(self, callback: Callable[[], Any]) -> None:
        """Run ``callback`` (lines keep their order: nothing is shown before the table)."""
        self.app.call_later(callback)

    def resize(self, width: int, height: int) -> None:
        """Lines have no size."""

    def end_of_input(self) -> None:
        """The input ended (a piped file): every line was read; the session ends."""
        self.app.exit()

    def close(self) -> None:
        self._closed = True
        self.app.exit()

    def overloaded(self, share: float) -> None:
        log.warning("%s kept the worker busy (%.0f%% of it); closing", self.identity.name, 100 * share)
        self._channel.send("overloaded", self.sid, share)
        self.close()
