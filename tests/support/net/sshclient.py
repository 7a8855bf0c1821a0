"""Test helpers: real asyncssh clients with a PTY that record what the server draws."""

from __future__ import annotations

import asyncio
import re

import asyncssh

from support.waiting import DEADLINE, wait_until

ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-B]|\x1b[=>78]")


def screen_text(data: bytes) -> str:
    """The printable text in a stream of terminal output, escape sequences removed."""
    return ESCAPES.sub(b"", data).decode("utf-8", errors="replace")


class Recorder(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """Keeps every byte the server sends; lets a test wait for text to appear."""

    def __init__(self) -> None:
        self.output = bytearray()
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()

    def data_received(self, data: bytes, datatype: object) -> None:
        self.output += data
        self.changed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        self.changed.set()

    def text(self, since: int = 0) -> str:
        return screen_text(bytes(self.output[since:]))

    async def wait_for(self, needle: str, since: int = 0, timeout: float = DEADLINE) -> str:
        """Wait until ``needle`` appears in the output after byte ``since``."""
        try:
            async with asyncio.timeout(timeout):
                while needle not in self.text(since):
                    if self.closed.is_set():
                        raise AssertionError(f"closed before {needle!r} appeared: {self.text(since)[-400:]!r}")
                    self.changed.clear()
                    await self.changed.wait()
        except TimeoutError:
            raise AssertionError(f"{needle!r} did not appear in: {self.text(since)[-400:]!r}") from None
        return self.text(since)

    async def wait_closed(self) -> None:
        """Wait until the server closes the connection."""
        await wait_until(self.closed.is_set, "the server to close the connection", seen=lambda: self.text()[-400:])

    async def wait_drawn(self) -> None:
        """Wait until the server has sent something."""
        await wait_until(lambda: self.output, "the server to draw a first screen", seen=lambda: self.closed.is_set())


class Client:
    """One connected player: the SSH connection, its channel and what it saw."""

    def __init__(self, conn: asyncssh.SSHClientConnection, chan: asyncssh.SSHClientChannel, rec: Recorder) -> None:
        self.conn = conn
        self.chan = chan
        self.rec = rec

    def mark(self) -> int:
        return len(self.rec.output)

    def type(self, data: str | bytes) -> None:
        self.chan.write(data.encode() if isinstance(data, str) else data)

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()


async def connect(
    port: int,
    username: str,
    key: asyncssh.SSHKey | None,
    *,
    pty: bool = True,
    size: tuple[int, int] = (100, 30),
    env: dict[str, str] | None = None,
    term_type: str = "xterm-256color",
    command: str | None = None,
) -> Client:
    """Log in as ``username`` with ``key`` (None: no key, keyboard-interactive only);
    ``command``: run it (``ssh host COMMAND``) instead of a shell."""
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=username,
        client_keys=[key] if key is not None else None,
        known_hosts=None,
        agent_path=None,
        config=None,
        password="",  # lets asyncssh try keyboard-interactive after the keys, as OpenSSH does
        password_auth=False,
    )
    options: dict[str, object] = {"encoding": None, "env": env or {}}
    if pty:
        options.update(term_type=term_type, term_size=size)
    if command is not None:
        options["command"] = command
    chan, rec = await conn.create_session(Recorder, **options)
    return Client(conn, chan, rec)
