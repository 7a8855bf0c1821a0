"""One SSH session running one Textual app in the server's event loop."""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from typing import Any, Protocol

import asyncssh
from rich.console import Console
from textual.app import App

from ..app.terminal_colours import no_colour
from ..widgets.terminal_cursor import cursor_shown
from .auth import Identity
from .driver import SSHDriver, TerminalInfo
from .durations import duration_text
from .watchdog import METER, Busy

log = logging.getLogger(__name__)

MAX_EARLY = 64 * 1024
"""Bytes of plain lines kept from before the session's lines began (a pipe sends at once)."""

MAX_BUFFERED_OUTPUT = 8 * 1024 * 1024
"""Bytes of screen updates a client may leave unread before it is disconnected:
a client that stops reading must not make the server hold its frames forever."""

NO_PTY = "River TUI needs a terminal: connect with plain `ssh -p PORT HOST` (no -T, no command)."
NO_COMMAND = "River TUI runs no commands: connect with plain `ssh -p PORT HOST` (no command), or add `plain` for plain lines."
NO_PLAIN = "This server does not offer plain lines."
PLAIN = "plain"
"""``ssh -p PORT HOST plain``: the lobby and tables as plain lines (net/plain_link.py), with or without a terminal."""
PLAIN_SETTING = "RIVER_TUI_PLAIN"
"""A key's standing setting for plain lines without the command: ``environment="RIVER_TUI_PLAIN=1"``
before the key in authorized_keys."""
IDLE = "Closed after {duration} without a key press or a move at your table; connect again any time."
OVERLOADED = "Closed: your session kept the server busy for everyone ({share:.0%} of its time); connect again any time."
TOO_SLOW = "Closed: your connection could not keep up with the screen."
SHUTTING_DOWN = "The server is shutting down."
CRASHED = "Something went wrong on the server; it has been logged. Sorry."


class SessionHost(Protocol):
    """What a session needs from the server that runs it."""

    idle_timeout: float

    def admit(self, session: AppSession) -> str | None:
        """None to let the session start its app, else the sentence that refuses it."""

    def command(self, identity: Identity, command: str) -> tuple[str, int]:
        """What to answer (one sentence) to ``ssh host COMMAND``, and the exit status."""

    def release(self, session: AppSession) -> None:
        """The session's app has ended."""

    def build_app(self, identity: Identity) -> App[Any]:
        """A fresh app for this person."""

    def build_plain(self, identity: Identity, write: Any, echo: bool) -> Any:
        """A fresh plain-lines session for this person (None: the server offers none)."""


class AppSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """asyncssh session callbacks wired to a Textual app through `SSHDriver`."""

    def __init__(self, identity: Identity, host: SessionHost) -> None:
        self.identity = identity
        self._host = host
        self._chan: asyncssh.SSHServerChannel[bytes] | None = None
        self._has_pty = False
        self._size = (80, 24)
        self._app: App[Any] | None = None
        self._driver: SSHDriver | None = None
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self._stopping = False
        self._farewell = ""
        self._command: str | None = None
        self._plain = False
        """Whether the session asked for plain lines (``ssh host plain``) instead of the app."""
        self._early = bytearray()
        """Plain lines typed before the session's lines began (at most `MAX_EARLY` bytes)."""
        self._input_ended = False
        self.key_settings: dict[str, str] = {}
        """The settings written with the player's key in authorized_keys (auth.py); what the
        client sends itself comes after them."""
        self._last_input = 0.0
        self._idle_handle: asyncio.TimerHandle | None = None
        self.busy = Busy()
        """Loop time this session has used (its app's tasks and its callbacks)."""

    # --- asyncssh callbacks -------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self._has_pty = True
        self._size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self._command = command
        return True

    def session_started(self) -> None:
        wants_plain = self.key_settings.get(PLAIN_SETTING, "").strip().lower() in ("1", "yes", "on", "true")
        self._plain = self._command.strip() == PLAIN if self._command is not None else wants_plain
        if self._command is not None and not self._plain:
            self._end(*self._host.command(self.identity, self._command))
            return
        if not self._has_pty and not self._plain:
            self._end(NO_PTY, status=1)
            return
        refusal = self._host.admit(self)
        if refusal is not None:
            self._end(refusal, status=1)
            return
        run = METER.timed(self._run(), self.busy)  # the app's own message loop runs in this task
        self._task = asyncio.get_running_loop().create_task(run, name=f"ssh {self.identity.name}")

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._size = (width, height)
        if self._driver is not None:
            with METER.charge(self.busy):
                self._driver.resize(width, height)

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self._driver is not None:
            with METER.charge(self.busy):
                self._driver.feed(data)
        elif self._plain:
            self._last_input = asyncio.get_running_loop().time()
            if self._app is None:  # typed before the session's lines began (a pipe): kept for them
                self._early += data[: MAX_EARLY - len(self._early)]
                return
            with METER.charge(self.busy):
                self._app.feed(data)

    def eof_received(self) -> bool:
        if self._plain:  # plain lines read from a file or a pipe: its end ends the session,
            self._input_ended = True  # which says its last words and exits on a channel left open for them
            if self._app is not None:
                self._app.exit()
            return True
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        self._stop_app()

    # --- the app ------------------------------------------------------------
    async def _run(self) -> None:
        assert self._chan is not None
        env, term = {**self.key_settings, **self._chan.get_environment()}, self._chan.get_terminal_type() or "xterm"
        info = TerminalInfo(
            size=self._size, term_type=term, colorterm=str(env.get("COLORTERM", "")),
            no_color=no_colour(term, "NO_COLOR" in env), cursor_shown=cursor_shown(env),
        )
        errors = io.StringIO()
        try:
            if self._plain and not self._stopping:
                await self._run_plain()
            elif not self._stopping:  # else gone (or told to go) before the app was built
                app = self._app = self._host.build_app(self.identity)
                METER.track(app, self.busy)
                app.error_console = Console(file=errors, width=100, markup=False, highlight=False)
                app.driver_class = functools.partial(self._build_driver, info=info)  # type: ignore[assignment]
                self._last_input = asyncio.get_running_loop().time()
                self._watch_idle()
                await app.run_async()
        except Exception:
            log.exception("session of %s failed", self.identity.name)
            self._farewell = CRASHED
        finally:
            if self._app is not None:
                METER.untrack(self._app)
            self._app = None
            self._driver = None
            self._cancel_idle()
            self._host.release(self)
        if errors.getvalue():
            log.error("app of %s ended with an error:\n%s", self.identity.name, errors.getvalue())
            self._farewell = self._farewell or CRASHED
        self._end(self._farewell)

    async def _run_plain(self) -> None:
        """Plain lines instead of the app (net/plain_link.py): no terminal needed."""
        link = self._build_plain()
        if link is None:
            self._farewell = NO_PLAIN
            return
        self._app = link
        METER.track(link, self.busy)
        self._last_input = asyncio.get_running_loop().time()
        self._watch_idle()
        if self._early:
            link.feed(bytes(self._early))  # read once its lobby is up
        if self._input_ended:
            link.exit()
        await link.run_async()

    def _build_plain(self) -> Any:
        return self._host.build_plain(self.identity, self.send, self._has_pty)

    def _build_driver(self, app: App[Any], *, info: TerminalInfo, **kwargs: Any) -> SSHDriver:
        self._driver = SSHDriver(app, terminal=self, info=info, **kwargs)
        return self._driver

    def key_pressed(self) -> None:
        """A key reached the app: the person is there (other input does not count)."""
        self._last_input = asyncio.get_running_loop().time()
        told = getattr(self._app, "key_pressed", None)  # the app may keep track too (who is here)
        if told is not None:
            told()

    def send(self, data: bytes) -> None:
        """The driver's output: straight onto the channel, unless the client stopped reading."""
        if self._closed or self._chan is None or self._chan.is_closing():
            return
        if self._chan.get_write_buffer_size() > MAX_BUFFERED_OUTPUT:
            log.warning("%s stopped reading its screen; closing", self.identity.name)
            self._closed = True
            self._stop_app()
            self._chan.close()
            return
        self._chan.write(data)

    def close(self, farewell: str) -> None:
        """End this session from the server's side, telling the person why."""
        self._farewell = farewell
        self._stop_app()

    def overloaded(self, share: float) -> None:
        log.warning("%s kept the loop busy (%.0f%% of it); closing", self.identity.name, 100 * share)
        self.close(OVERLOADED.format(share=share))

    def abort(self, farewell: str) -> None:
        """End now, app or not (the server is stopping and this app did not end in time)."""
        self._stop_app()
        if self._task is not None:
            self._task.cancel()
        self._end(farewell)
        if self._chan is not None:
            self._chan.close()

    def _stop_app(self) -> None:
        self._stopping = True
        if self._app is not None:
            self._app.exit()

    def _end(self, sentence: str, status: int = 0) -> None:
        if self._closed or self._chan is None or self._chan.is_closing():
            return
        self._closed = True
        if sentence:
            self._chan.write(sentence.encode() + b"\r\n")
        self._chan.exit(status)

    # --- idle timeout -------------------------------------------------------
    def _watch_idle(self, delay: float | None = None) -> None:
        loop = asyncio.get_running_loop()
        self._idle_handle = loop.call_later(self._host.idle_timeout if delay is None else delay, self._check_idle)

    def _check_idle(self) -> None:
        """Idle means no key pressed *and* nothing changed where the person looks
        (their table, or the lobby's tables) for the whole timeout."""
        loop = asyncio.get_running_loop()
        active = self._last_input
        last_change = getattr(self._app, "last_change", None)
        if last_change is not None:
            active = max(active, last_change())
        idle = loop.time() - active
        if idle >= self._host.idle_timeout:
            log.info("%s idle for %.0f s; closing", self.identity.name, idle)
            self.close(IDLE.format(duration=duration_text(self._host.idle_timeout)))
        else:
            self._watch_idle(self._host.idle_timeout - idle)

    def _cancel_idle(self) -> None:
        if self._idle_handle is not None:
            self._idle_handle.cancel()
            self._idle_handle = None
