"""One SSH session on its own: asyncssh's callbacks called as asyncssh calls them,
on a stand-in channel and server, with a real Textual app in the test's loop (no
sockets, no handshake), and the idle timeout on a clock the test moves."""

from __future__ import annotations

import asyncio
import logging
import time
import types
from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import Static

from river_tui.net import session as session_module
from river_tui.net.auth import Identity
from river_tui.net.session import AppSession
from river_tui.net.watchdog import METER

from support.net.echo_app import EchoApp
from support.net.sshclient import screen_text
from support.waiting import wait_until

ALICE = Identity("alice", "SHA256:alice", "127.0.0.1")

UNREAD_LIMIT = 8 * 1024 * 1024
"""Bytes of screen a client may leave unread before it is disconnected (8 MiB)."""


class Channel:
    """Stands in for asyncssh's server channel: keeps what the session wrote."""

    def __init__(self, env: dict[str, str] | None = None, term: str | None = "xterm-256color") -> None:
        self.env = env if env is not None else {}
        self.term = term
        self.written = bytearray()
        self.exit_status: int | None = None
        self.closed = False
        self.unread = 0
        """Bytes the client has not read yet (asyncssh's write buffer)."""

    def get_environment(self) -> dict[str, str]:
        return self.env

    def get_terminal_type(self) -> str | None:
        return self.term

    def is_closing(self) -> bool:
        return self.closed

    def get_write_buffer_size(self) -> int:
        return self.unread

    def write(self, data: bytes) -> None:
        self.written += data

    def exit(self, status: int) -> None:
        """Tells the client the exit status and closes the channel, as asyncssh's does."""
        self.exit_status = status
        self.closed = True

    def close(self) -> None:
        self.closed = True

    def text(self) -> str:
        return screen_text(bytes(self.written))


class Server:
    """Stands in for the server that runs the session (`SessionHost`)."""

    def __init__(
        self,
        idle_timeout: float = 600.0,
        refusal: str | None = None,
        answer: tuple[str, int] = ("", 0),
        app: Callable[[Identity], Any] = EchoApp,
    ) -> None:
        self.idle_timeout = idle_timeout
        self.refusal = refusal
        self.answer = answer
        self.app = app
        self.admitted: list[AppSession] = []
        self.commands: list[tuple[Identity, str]] = []
        self.built: list[Any] = []
        self.released: list[AppSession] = []

    def admit(self, session: AppSession) -> str | None:
        self.admitted.append(session)
        return self.refusal

    def command(self, identity: Identity, command: str) -> tuple[str, int]:
        self.commands.append((identity, command))
        return self.answer

    def release(self, session: AppSession) -> None:
        self.released.append(session)

    def build_app(self, identity: Identity) -> Any:
        app = self.app(identity)
        self.built.append(app)
        return app


class Clock:
    """The session's idea of the loop's time and timers, moved by the test; tasks
    still run on the real loop."""

    def __init__(self, loop: Any) -> None:
        self._loop = loop
        self.now = 1000.0
        self.timers: list[Any] = []

    def time(self) -> float:
        return self.now

    def call_later(self, delay: float, callback: Callable[[], None]) -> Any:
        timer = types.SimpleNamespace(when=self.now + delay, callback=callback, cancelled=False)
        timer.cancel = lambda: setattr(timer, "cancelled", True)
        self.timers.append(timer)
        return timer

    def create_task(self, coro: Any, **options: Any) -> Any:
        return self._loop.create_task(coro, **options)

    def pending(self) -> list[float]:
        return [timer.when for timer in self.timers if not timer.cancelled]

    def run_next_timer(self) -> None:
        """Move the time to the next timer and run it."""
        timer = min((t for t in self.timers if not t.cancelled), key=lambda t: t.when)
        self.timers.remove(timer)
        self.now = timer.when
        timer.callback()


@pytest.fixture
async def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock(asyncio.get_running_loop())
    monkeypatch.setattr(session_module, "asyncio", types.SimpleNamespace(get_running_loop=lambda: clock))
    return clock


def start(server: Server, channel: Channel, *, pty: tuple[int, int] | None = (100, 30), command: str | None = None) -> AppSession:
    """Open a session as asyncssh does: channel, PTY request, shell or command, start."""
    session = AppSession(ALICE, server)
    session.connection_made(channel)  # type: ignore[arg-type]
    if pty is not None:
        assert session.pty_requested("xterm-256color", (*pty, 0, 0), {}) is True
    if command is not None:
        assert session.exec_requested(command) is True
    else:
        assert session.shell_requested() is True
    session.session_started()
    return session


async def shown(channel: Channel, text: str) -> None:
    await wait_until(lambda: text in channel.text(), f"{text!r} on the screen", seen=lambda: channel.text()[-300:])


async def ended(channel: Channel, server: Server) -> None:
    await wait_until(
        lambda: channel.closed and server.released, "the session to end",
        seen=lambda: (channel.closed, channel.exit_status, server.released, channel.text()[-200:]),
    )


# --- starting ------------------------------------------------------------------


async def test_the_app_opens_at_the_window_size_in_the_colours_asked_and_takes_keys_and_resizes(clock):
    server, channel = Server(), Channel(env={"COLORTERM": "truecolor"})
    session = start(server, channel, pty=(100, 30))
    await shown(channel, "hello alice (player)")
    await shown(channel, "size 100x30 colours truecolor")
    assert server.admitted == [session] and server.built[0].identity == ALICE
    assert server.built[0].no_color is False
    session.data_received(b"k", None)
    await shown(channel, "key k #1")
    session.terminal_size_changed(90, 25, 0, 0)
    await shown(channel, "size 90x25")
    session.data_received(b"\x11", None)  # ctrl+q: the app ends
    await ended(channel, server)
    assert channel.exit_status == 0 and server.released == [session]
    assert not channel.text().rstrip().endswith("Sorry.")
    assert clock.pending() == []  # its idle timer is gone with it
    session.data_received(b"x", None)  # input still arriving from the client: nothing to feed
    session.terminal_size_changed(80, 24, 0, 0)
    session.close("too late")  # the watchdog or the server ending a session that has just ended
    assert channel.exit_status == 0 and b"too late" not in bytes(channel.written)


class Spinning(Static):
    """A widget whose mounting keeps the loop's thread busy for a second of CPU."""

    def on_mount(self) -> None:
        started = time.thread_time()
        while time.thread_time() - started < 1.0:
            pass


class Busy(EchoApp):
    def compose(self) -> Any:
        yield from super().compose()
        yield Spinning("spun")


async def test_the_loop_time_of_every_task_of_the_app_is_its_sessions():
    """What the watchdog looks at: the app's widgets run in tasks of their own, and
    their CPU time is the session's too (the server meters the loop's tasks). Not a
    speed check: a widget spends a known second of CPU, and it must be counted."""
    METER.install(asyncio.get_running_loop())
    server, channel = Server(app=Busy), Channel()
    session = start(server, channel)
    await wait_until(lambda: session.busy.seconds >= 1.0, "the widget's second to be counted",
                     seen=lambda: session.busy.seconds)
    session.close("bye")
    await ended(channel, server)
    app = server.built[0]  # still referenced: its id cannot be another app's
    assert id(app) not in METER._by_app  # nothing kept of an ended session: a server runs for months


async def test_a_window_changed_before_the_app_starts_opens_at_the_new_size():
    server, channel = Server(), Channel()
    session = start(server, channel, pty=(100, 30))
    session.terminal_size_changed(120, 40, 0, 0)
    await shown(channel, "size 120x40 colours 256")
    session.close("bye")
    await ended(channel, server)


@pytest.mark.parametrize(
    ("env", "term", "grey", "colours"),
    [
        ({"NO_COLOR": ""}, "xterm-256color", True, "256"),
        ({}, "xterm-256color", False, "256"),
        ({}, "dumb", True, "standard"),
        ({}, None, False, "standard"),  # no TERM sent: taken as a plain xterm
    ],
    ids=["NO_COLOR", "colours", "dumb", "no-TERM"],
)
async def test_the_app_draws_without_colour_when_the_client_asks(env, term, grey, colours):
    server, channel = Server(), Channel(env=env, term=term)
    session = start(server, channel)
    await shown(channel, f"colours {colours}")
    assert server.built[0].no_color is grey
    session.close("bye")
    await ended(channel, server)


async def test_a_session_without_a_terminal_is_refused_before_anything_is_built():
    server, channel = Server(), Channel()
    start(server, channel, pty=None)
    assert bytes(channel.written) == (
        b"River TUI needs a terminal: connect with plain `ssh -p PORT HOST` (no -T, no command).\r\n"
    )
    assert channel.exit_status == 1
    assert server.admitted == [] and server.built == [] and server.released == []


@pytest.mark.parametrize("pty", [None, (80, 24)], ids=["no-pty", "pty"])
async def test_a_command_is_answered_by_the_server_in_one_sentence_with_its_status(pty):
    server, channel = Server(answer=("The name alice is free again.", 3)), Channel()
    start(server, channel, pty=pty, command="release-name")
    assert server.commands == [(ALICE, "release-name")]
    assert bytes(channel.written) == b"The name alice is free again.\r\n"
    assert channel.exit_status == 3
    assert server.admitted == [] and server.built == []


async def test_a_session_the_server_refuses_says_why_and_builds_nothing():
    server, channel = Server(refusal="The server is full (2 players connected); try again later."), Channel()
    session = start(server, channel)
    assert server.admitted == [session]
    assert bytes(channel.written) == b"The server is full (2 players connected); try again later.\r\n"
    assert channel.exit_status == 1
    assert server.built == [] and server.released == []


async def test_the_client_ending_its_input_ends_the_session():
    """asyncssh closes the channel when ``eof_received`` answers False."""
    assert AppSession(ALICE, Server()).eof_received() is False


# --- ending --------------------------------------------------------------------


async def test_a_connection_lost_before_the_app_is_built_builds_none_and_writes_nothing():
    server, channel = Server(), Channel()
    session = start(server, channel)
    session.connection_lost(None)
    await wait_until(lambda: server.released, "the session to be released", seen=lambda: server.built)
    assert server.built == [] and server.released == [session]
    assert channel.written == b"" and channel.exit_status is None


async def test_a_session_closed_before_its_app_is_built_still_says_why():
    server, channel = Server(), Channel()
    session = start(server, channel)
    session.close("The server is shutting down.")
    await ended(channel, server)
    assert server.built == []
    assert bytes(channel.written) == b"The server is shutting down.\r\n" and channel.exit_status == 0


async def test_a_lost_connection_ends_the_app_and_nothing_more_is_written():
    server, channel = Server(), Channel()
    session = start(server, channel)
    await shown(channel, "hello alice")
    channel.closed = True  # the client is gone: asyncssh's channel is closing
    written = len(channel.written)
    session.connection_lost(ConnectionResetError("Connection reset by peer"))
    await wait_until(lambda: server.released, "the session to be released", seen=lambda: server.built)
    assert len(channel.written) == written and channel.exit_status is None
    session.send(b"late frame")
    assert len(channel.written) == written


async def test_a_client_already_leaving_is_written_nothing_more():
    server, channel = Server(), Channel()
    session = start(server, channel)
    await shown(channel, "hello alice")
    channel.closed = True  # the client sent its end of input: asyncssh is closing the channel
    written = len(channel.written)
    session.close("The server is shutting down.")
    await wait_until(lambda: server.released, "the session to end", seen=lambda: channel.text()[-200:])
    assert len(channel.written) == written and channel.exit_status is None


async def test_the_server_closing_a_session_shows_the_reason_after_the_app_has_left_the_screen():
    server, channel = Server(), Channel()
    session = start(server, channel)
    await shown(channel, "hello alice")
    session.close("The server is shutting down.")
    await ended(channel, server)
    written = bytes(channel.written)
    assert written.endswith(b"The server is shutting down.\r\n") and written.count(b"shutting down") == 1
    assert written.rindex(b"\x1b[?1049l") < written.index(b"The server is shutting down.")  # off the app's screen
    assert channel.exit_status == 0 and server.released == [session]


async def test_a_session_that_keeps_the_server_busy_is_closed_saying_how_busy(caplog):
    caplog.set_level(logging.WARNING, logger="river_tui.net.session")
    server, channel = Server(), Channel()
    session = start(server, channel)
    await shown(channel, "hello alice")
    session.overloaded(0.8)
    await ended(channel, server)
    assert bytes(channel.written).endswith(
        b"Closed: your session kept the server busy for everyone (80% of its time); connect again any time.\r\n"
    )
    assert "alice kept the loop busy (80% of it); closing" in caplog.messages


async def test_an_app_that_does_not_end_in_time_is_cut_off_with_the_reason():
    server, channel = Server(), Channel()
    session = start(server, channel)
    await shown(channel, "hello alice")
    session.abort("The server is shutting down.")
    assert bytes(channel.written).endswith(b"The server is shutting down.\r\n")
    assert channel.exit_status == 0 and channel.closed
    await wait_until(lambda: server.released == [session], "the session to be released", seen=lambda: server.released)
    assert bytes(channel.written).count(b"shutting down") == 1


async def test_an_abort_before_the_session_started_only_closes_the_channel():
    server, channel = Server(), Channel()
    session = AppSession(ALICE, server)
    session.connection_made(channel)  # type: ignore[arg-type]
    session.abort("The server is shutting down.")
    assert bytes(channel.written) == b"The server is shutting down.\r\n" and channel.closed


async def test_a_client_that_stops_reading_is_disconnected(caplog):
    caplog.set_level(logging.WARNING, logger="river_tui.net.session")
    server, channel = Server(), Channel()
    session = start(server, channel)
    await shown(channel, "hello alice")
    channel.unread = UNREAD_LIMIT  # at the limit: still written
    session.data_received(b"a", None)
    await shown(channel, "key a #1")
    channel.unread = UNREAD_LIMIT + 1
    session.data_received(b"b", None)
    await wait_until(lambda: server.released, "the session to end", seen=lambda: channel.text()[-200:])
    assert "key b" not in channel.text()
    assert channel.closed and channel.exit_status is None  # nothing more is written to a client that reads nothing
    assert "alice stopped reading its screen; closing" in caplog.messages


# --- when the app fails --------------------------------------------------------


class Crashing(EchoApp):
    def on_mount(self) -> None:
        raise RuntimeError("the app broke")


def no_app(identity: Identity) -> Any:
    raise RuntimeError("no app today")


@pytest.mark.parametrize("app", [Crashing, no_app], ids=["app-crashes", "app-not-built"])
async def test_a_broken_app_is_logged_and_the_person_told_in_one_sentence(app, caplog):
    caplog.set_level(logging.ERROR, logger="river_tui.net.session")
    server, channel = Server(app=app), Channel()
    session = start(server, channel)
    await ended(channel, server)
    assert bytes(channel.written).endswith(b"Something went wrong on the server; it has been logged. Sorry.\r\n")
    assert channel.exit_status == 0 and server.released == [session]
    logged = "\n".join(caplog.messages)
    assert "of alice" in logged and (
        "app of alice ended with an error:\n" in logged and "the app broke" in logged
        if app is Crashing
        else "session of alice failed" in caplog.messages
    )


async def test_an_app_that_ends_with_an_error_as_the_server_closes_it_keeps_the_servers_reason(caplog):
    class FailsAsItCloses(EchoApp):
        def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None:
            super().exit(result, 1, "broke on the way out")

    server, channel = Server(app=FailsAsItCloses), Channel()
    session = start(server, channel)
    await shown(channel, "hello alice")
    session.close("The server is shutting down.")
    await ended(channel, server)
    assert bytes(channel.written).endswith(b"The server is shutting down.\r\n")
    assert b"Sorry" not in bytes(channel.written)
    assert "app of alice ended with an error:\nbroke on the way out\n" in caplog.messages  # logged all the same


# --- idle ----------------------------------------------------------------------


class Watched(EchoApp):
    """An app that says when something last changed where the person looks (a move at
    their table) and counts the key presses it is told of."""

    def __init__(self, identity: Identity, changed_at: float = 0.0) -> None:
        super().__init__(identity)
        self.changed_at = changed_at
        self.told = 0

    def last_change(self) -> float:
        return self.changed_at

    def key_pressed(self) -> None:
        self.told += 1


IDLE_SENTENCE = b"Closed after 10 minutes without a key press or a move at your table; connect again any time.\r\n"


async def test_a_session_idle_for_the_whole_timeout_is_closed_saying_how_long(clock, caplog):
    caplog.set_level(logging.INFO, logger="river_tui.net.session")
    server, channel = Server(idle_timeout=600), Channel()
    start(server, channel)
    await shown(channel, "hello alice")
    assert clock.pending() == [1600.0]
    clock.run_next_timer()
    await ended(channel, server)
    assert bytes(channel.written).endswith(IDLE_SENTENCE)
    assert clock.pending() == []
    assert "alice idle for 600 s; closing" in caplog.messages


async def test_a_key_press_puts_the_idle_close_off_by_the_whole_timeout(clock):
    server, channel = Server(idle_timeout=600, app=Watched), Channel()
    session = start(server, channel)
    await shown(channel, "hello alice")
    clock.now = 1200.0
    session.data_received(b"k", None)
    await shown(channel, "key k #1")
    assert server.built[0].told == 1
    clock.run_next_timer()  # at 1600: only 400 s since the key
    assert not channel.closed and clock.pending() == [1800.0]
    clock.run_next_timer()
    await ended(channel, server)
    assert bytes(channel.written).endswith(IDLE_SENTENCE)


@pytest.mark.parametrize(("changed_at", "next_look"), [(1500.0, 2100.0), (900.0, 1600.0)], ids=["move-later", "move-earlier"])
async def test_a_move_at_the_persons_table_counts_as_being_there(clock, changed_at, next_look):
    server, channel = Server(idle_timeout=600, app=lambda identity: Watched(identity, changed_at)), Channel()
    session = start(server, channel)
    await shown(channel, "hello alice")
    assert clock.pending() == [1600.0]
    if next_look > 1600.0:
        clock.run_next_timer()  # 100 s after the move
        assert not channel.closed and clock.pending() == [next_look]
    clock.run_next_timer()
    await ended(channel, server)
    assert clock.now == next_look and bytes(channel.written).endswith(IDLE_SENTENCE)
    assert session.busy.seconds > 0
