"""One session's stream inside a worker: the app showing the session's table.

The front relays the session's bytes here once its player sits down (or
watches); the app opens on the table's game screen, over a `Doorway`: leaving
the table uncovers the doorway, which ends the app, and the stream goes back to
the lobby in the front. The terminal stays as the front set it up (alternate
screen, mouse, paste): this app's driver never puts it back.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from collections.abc import Callable
from typing import Any

from rich.console import Console
from textual.screen import Screen

from ...screens.registry import has_screen
from ..auth import Identity
from ..driver import INPUT_BYTES, SSHDriver, TerminalInfo
from ..lobby.screen import opening_notices
from ..remote_app import RemoteApp
from ..session import CRASHED
from ..tables import TableRegistry
from ..watchdog import METER, Busy
from .framing import Channel

log = logging.getLogger(__name__)

GONE_TABLE = "This table is not on the server any more."
MAX_EARLY = INPUT_BYTES[0]
"""Bytes of input kept while the table opens (what a session may send at once); more is dropped."""


class Doorway(Screen[None]):
    """The screen under a worker's game screen: uncovered, the player has left the table."""

    opened = False
    """Whether the table's screen has been shown over it."""

    def on_screen_resume(self) -> None:
        if self.opened and self.app.screen is self:  # not its first resume, queued before the table opened
            self.app.exit()


class TableApp(RemoteApp):
    """A session's app in a worker: its table's screen, from its seat or watching."""

    shown: Callable[[], None] | None = None
    """Called once the table shows (its stream's session then lets the keys typed meanwhile in)."""

    def __init__(self, identity: Identity, registry: TableRegistry, number: int, watch: bool, notice: str) -> None:
        super().__init__(identity, registry)
        self.number = number
        self.watching = watch
        self.notice = notice
        """Said once the table shows (the table came back from a worker that stopped)."""
        self._doorway = Doorway()

    def get_default_screen(self) -> Doorway:  # type: ignore[override]
        return self._doorway

    def on_mount(self) -> None:
        super().on_mount()
        shared = self.registry.tables.get(self.number)
        if shared is None or not has_screen(shared.table.game.id):
            self.notice = GONE_TABLE
            self.exit()
            return
        registry = self.registry
        window = (registry.watch if self.watching else registry.join)(shared, self, self.identity)
        for sentence in opening_notices(window, self.identity):
            self.notify(sentence, markup=False)
        if self.notice:
            self.notify(self.notice, severity="warning", markup=False)
        self._doorway.opened = True
        self.push_screen(registry.table_screen(window, set() if window.seat is None else {window.seat}))
        if self.shown is not None:
            self.call_after_refresh(self.shown)


class RelayedDriver(SSHDriver):
    """`SSHDriver` for a stream the front relays: the terminal is the front's to set up and put back."""

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.flush()


class StreamSession:
    """A relayed session in a worker: its app, fed by the front, drawing back to it."""

    leftover = b""
    """What was typed after leaving the table, for the front's lobby (plain lines only have any)."""

    def __init__(self, sid: int, channel: Channel, app: TableApp, info: TerminalInfo) -> None:
        self.sid = sid
        self.identity = app.identity
        self._channel = channel
        self.app = app
        self._info = info
        self._driver: RelayedDriver | None = None
        self._closed = False
        self.busy = Busy()
        """Loop time this session has used (the worker's watchdog reads it)."""
        self._last_key = -1.0
        self._early: list[bytes] | None = []
        """Input that came before the table showed (keys typed as the stream moved), in order."""
        self._later: list[Callable[[], Any]] = []
        """What the front asked of the app before the table showed (a question, a turn notice)."""
        app.shown = self._table_shown

    async def run(self) -> str:
        """Run the app until the player leaves the table; what to tell them, if anything."""
        app = self.app
        errors = io.StringIO()
        METER.track(app, self.busy)
        app.error_console = Console(file=errors, width=100, markup=False, highlight=False)
        app.driver_class = functools.partial(self._build_driver, info=self._info)  # type: ignore[assignment]
        try:
            await app.run_async()
        except Exception:
            log.exception("table session of %s failed", self.identity.name)
            return CRASHED
        finally:
            METER.untrack(app)
            self._driver = None
        if errors.getvalue():
            log.error("table app of %s ended with an error:\n%s", self.identity.name, errors.getvalue())
            return CRASHED
        return app.notice if app.notice == GONE_TABLE else ""

    def _build_driver(self, app: Any, *, info: TerminalInfo, **kwargs: Any) -> RelayedDriver:
        self._driver = RelayedDriver(app, terminal=self, info=info, **kwargs)
        return self._driver

    # --- from the front -----------------------------------------------------------
    def feed(self, data: bytes) -> None:
        if self._early is not None:
            if sum(map(len, self._early)) + len(data) <= MAX_EARLY:
                self._early.append(data)
        elif self._driver is not None:
            with METER.charge(self.busy):
                self._driver.feed(data)

    def when_shown(self, callback: Callable[[], Any]) -> None:
        """Run ``callback`` in the app once its table shows: a question pushed before would
        end under the table's screen, and the player's answer go to the table."""
        if self._early is None:
            self.app.call_later(callback)
        else:
            self._later.append(callback)

    def _table_shown(self) -> None:
        early, self._early = self._early or [], None
        for data in early:
            self.feed(data)
        later, self._later = self._later, []
        for callback in later:
            self.app.call_later(callback)

    def resize(self, width: int, height: int) -> None:
        if self._driver is not None:
            with METER.charge(self.busy):
                self._driver.resize(width, height)

    def close(self) -> None:
        """The session ended in the front (or went elsewhere): end the app, quietly."""
        self._closed = True
        self.app.exit()

    # --- the driver's Terminal ------------------------------------------------------
    def send(self, data: bytes) -> None:
        if not self._closed:
            self._channel.send("out", self.sid, data)

    def key_pressed(self) -> None:
        """The person is at the keyboard: the app knows at once, the front (its idle
        timer) within a second."""
        self.app.key_pressed()
        now = asyncio.get_running_loop().time()
        if now - self._last_key >= 1.0:
            self._last_key = now
            self._channel.send("key", self.sid)

    def overloaded(self, share: float) -> None:
        """The worker's watchdog closes this session: the front tells the person why."""
        log.warning("%s kept the worker busy (%.0f%% of it); closing", self.identity.name, 100 * share)
        self._channel.send("overloaded", self.sid, share)
        self.close()
