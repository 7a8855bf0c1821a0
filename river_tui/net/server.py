"""`river-tui serve`: the SSH server, one asyncio loop, one app per session."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh
from textual.app import App

from ..gc_tuning import tune_gc
from ..library_warnings import log_warnings_to
from ..safe_text import plain
from ..saves.locations import data_dir
from .auth import Gatekeeper, Identity, load_authorized_keys, named_keys
from .hostkey import HostKeyError, load_or_create_host_key
from .ratelimit import ConnectionGate, RateLimit
from .names import RELEASE, NameBook
from .on_turn import OnTurn
from .session import NO_COMMAND, SHUTTING_DOWN, AppSession
from .sweeper import Sweeper
from .watchdog import METER, Watchdog
from .tables import TableRegistry

log = logging.getLogger(__name__)

FULL = "The server is full ({count} players connected); try again later."
GUESTS_FULL = "Guests may hold {share} of this server's sessions and all are taken; try again later."
KEY_FULL = "Your key already holds {count} sessions here; close one to open another."
SESSIONS_PER_KEY = 3
STOP_GRACE = 1.0
"""Seconds the apps get to end politely when the server stops; then their
connections are closed regardless (SIGTERM ends the server within 2 s)."""

AppFactory = Callable[[Identity], App[Any]]
PlainFactory = Callable[[Identity, Callable[[bytes], None], bool], Any]
"""(who, how to write to them, whether they have a terminal) -> a plain-lines session (net/plain_link.py)."""

SERVER_VERSION = "River_TUI"
"""What the server calls itself in its SSH banner (``SSH-2.0-River_TUI``): the
program a friend connects to, and no library or version an attacker could look up."""


class ServeError(Exception):
    """The server cannot start; ``str()`` says why in one sentence."""


@dataclass(frozen=True)
class ServerConfig:
    """Everything `river-tui serve` can be told."""

    host_key: Path
    authorized_keys: Path
    host: str = "127.0.0.1"
    port: int = 2222
    guests: bool = False
    max_sessions: int = 32
    idle_timeout: float = 30 * 60
    rate_limit: int = 10
    """New connections allowed per address in any ``rate_window`` seconds."""
    rate_window: float = 60.0
    connections_per_second: float = 20.0
    """New connections allowed per second from all addresses together."""
    max_handshakes: int = 32
    """Connections that may be logging in at once, from all addresses together."""
    login_timeout: float = 30.0
    busy_share: float = 0.75
    """Share of the loop's CPU time (of the time it had a core) a session may use over
    5 s while others wait, before it is closed."""
    names: Path | None = None
    """Where the names and the keys owning them are kept (None: for this run only)."""


class RiverServer:
    """A running SSH server: the listener and the live sessions.

    Every session's app is built by ``app_factory`` in this process, so apps can
    share in-process state (the table registry) directly.
    """

    def __init__(self, config: ServerConfig, app_factory: AppFactory, plain_factory: PlainFactory | None = None) -> None:
        self.config = config
        self._plain_factory = plain_factory
        self.idle_timeout = config.idle_timeout
        self._app_factory = app_factory
        self._limiter = RateLimit(config.rate_limit, config.rate_window)
        self._gate = ConnectionGate(config.connections_per_second, config.max_handshakes)
        self.sessions: set[AppSession] = set()
        self.names = NameBook(config.names, lambda: named_keys(config.authorized_keys))
        self._watchdog = Watchdog(lambda: self.sessions, limit=config.busy_share)
        self._sweeper = Sweeper()
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.fingerprint = ""
        """The host key's fingerprint (as ``ssh-keygen -lf`` prints it), once started."""
        self._streams = (sys.stdout, sys.stderr)

    async def start(self) -> int:
        """Listen; returns the port (useful when the config asks for port 0).
        Raises ServeError when the host key or the address cannot be used."""
        try:
            host_key = load_or_create_host_key(self.config.host_key)
        except HostKeyError as err:
            raise ServeError(f"Cannot use the host key {plain(self.config.host_key, 200)}: {plain(err, 200)}.") from None
        except OSError as err:
            raise ServeError(
                f"Cannot create the host key {plain(self.config.host_key, 200)}: {plain(err.strerror or err, 200)}."
            ) from None
        try:
            self._acceptor = await asyncssh.listen(
                self.config.host,
                self.config.port,
                server_factory=self._gatekeeper,
                server_host_keys=[host_key],
                server_version=SERVER_VERSION,
                encoding=None,
                line_editor=False,
                login_timeout=self.config.login_timeout,
                keepalive_interval=60,
                allow_scp=False,
                agent_forwarding=False,
            )
        except OSError as err:
            raise ServeError(f"Cannot listen on {self.config.host} port {self.config.port}: {err.strerror}.") from None
        port = self._acceptor.get_port()
        METER.install(asyncio.get_running_loop())
        self._watchdog.start()
        self.fingerprint = host_key.get_fingerprint()
        log.info("listening on %s port %d; the host key's fingerprint is %s", self.config.host, port, self.fingerprint)
        return port

    async def close(self) -> None:
        """Stop listening and end every session: politely, then after
        ``STOP_GRACE`` seconds by closing the connections of apps still running."""
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        await self._watchdog.stop()
        self._sweeper.close()
        for session in list(self.sessions):
            session.close(SHUTTING_DOWN)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STOP_GRACE
        while self.sessions and loop.time() < deadline:
            await asyncio.sleep(0.01)
        for session in list(self.sessions):
            log.warning("%s did not end in time; closing its connection", session.identity.name)
            session.abort(SHUTTING_DOWN)
            self.sessions.discard(session)

    def _gatekeeper(self) -> Gatekeeper:
        config = self.config
        return Gatekeeper(
            config.authorized_keys, config.guests, self._limiter, self._gate, self._open_session, self.names.owned
        )

    def _open_session(self, identity: Identity) -> AppSession:
        return AppSession(identity, self)

    # --- SessionHost ----------------------------------------------------------
    def admit(self, session: AppSession) -> str | None:
        refusal = self._refusal(session.identity)
        if refusal is not None:
            log.warning("refused %s: %s", session.identity.name, refusal)
            return refusal
        self.sessions.add(session)
        log.info("%s started a session (%d live)", session.identity.name, len(self.sessions))
        return None

    def _refusal(self, identity: Identity) -> str | None:
        """Why ``identity`` may not open one more session now (fair shares), or None."""
        live = [s.identity for s in self.sessions]
        if len(live) >= self.config.max_sessions:
            return FULL.format(count=len(live))
        if identity.is_guest:
            share = self.config.max_sessions // 2
            if sum(who.is_guest for who in live) >= share:
                return GUESTS_FULL.format(share=f"at most {share}" if share else "none")
        elif sum(who.fingerprint == identity.fingerprint for who in live) >= SESSIONS_PER_KEY:
            return KEY_FULL.format(count=SESSIONS_PER_KEY)
        return self.names.claim(identity.name, identity.fingerprint)

    def command(self, identity: Identity, command: str) -> tuple[str, int]:
        if command.strip() == RELEASE:
            return self.names.release(identity.name, identity.fingerprint), 0
        return NO_COMMAND, 1

    def release(self, session: AppSession) -> None:
        self.sessions.discard(session)
        log.info("%s ended a session (%d live)", session.identity.name, len(self.sessions))
        self._sweeper.session_ended()
        if not self.sessions:
            # Each app sets sys.stdout/stderr to the process's own while it runs and
            # puts back what it found when it ends; when apps end in another order than
            # they started, the last one leaves the process's own there. With no app
            # left, put back what the server started with (a test's capture).
            sys.stdout, sys.stderr = self._streams

    def build_app(self, identity: Identity) -> App[Any]:
        return self._app_factory(identity)

    def build_plain(self, identity: Identity, write: Callable[[bytes], None], echo: bool) -> Any:
        return None if self._plain_factory is None else self._plain_factory(identity, write, echo)


def server_dir() -> Path:
    """Where the server keeps its host key, authorized keys, table index and log."""
    return data_dir() / "serve"


def serve(
    host: str = "127.0.0.1",
    port: int = 2222,
    host_key: Path | None = None,
    authorized_keys: Path | None = None,
    guests: bool = False,
    max_sessions: int = 32,
    idle_timeout: float = 30 * 60,
    on_turn: list[str] | None = None,
    make_server: ServerMaker | None = None,
) -> None:
    """Run `river-tui serve` until SIGINT or SIGTERM. Paths default to `server_dir()`.
    ``on_turn``: the command (argument list) run when a player who is not connected comes to act.
    ``make_server``: the server holding the tables (None: `one_process`; `workers.front.in_workers`).

    Raises ServeError when it cannot start (unusable keys, port taken).
    """
    folder = server_dir()
    config = ServerConfig(
        host_key=host_key or folder / "ssh_host_ed25519_key",
        authorized_keys=authorized_keys or folder / "authorized_keys",
        host=host,
        port=port,
        guests=guests,
        max_sessions=max_sessions,
        idle_timeout=idle_timeout,
        names=folder / "names.json",
    )
    log_path = start_logging(folder)
    listed = prepare_authorized_keys(config.authorized_keys)
    asyncio.run(_serve(config, folder, log_path, listed, on_turn, make_server or one_process))


def prepare_authorized_keys(path: Path) -> int:
    """How many keys ``path`` lists, creating it empty (mode 0600, its folder 0700)
    on the first run; ServeError if it cannot be used."""
    try:
        if not os.path.lexists(path):
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            log.info("created an empty %s", path)
        return load_authorized_keys(path)[1]
    except OSError as err:
        raise ServeError(f"Cannot use the authorized keys {plain(path, 200)}: {plain(err.strerror or err, 200)}.") from None
    except ValueError as err:
        raise ServeError(f"Cannot use the authorized keys {plain(path, 200)}: {plain(err, 200)}.") from None


def start_logging(folder: Path) -> Path:
    """Send the server's log (and asyncssh's, and every library's warnings) to
    ``folder/serve.log``, never to the console."""
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = folder / "serve.log"
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for name, level in (("river_tui", logging.INFO), ("asyncssh", logging.WARNING)):
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        logger.setLevel(level)
        logger.propagate = False
    log_warnings_to(handler)
    return path


ServerMaker = Callable[[ServerConfig, Path, "list[str] | None"], "tuple[RiverServer, Callable[[], Awaitable[None]]]"]
"""Makes the server for a config, its data folder and its --on-turn command: the server
and what closes its tables once it stopped (`one_process`, or `workers.front.in_workers`)."""


def one_process(config: ServerConfig, folder: Path, on_turn: list[str] | None) -> tuple[RiverServer, Callable[[], Awaitable[None]]]:
    """Every session's app and every table in this process (decision 1)."""
    from .plain_link import PlainLink
    from .remote_app import RemoteApp

    registry = TableRegistry.restore(folder)
    if on_turn is not None:
        registry.on_turn = OnTurn(on_turn, registry.clock)
    server = RiverServer(
        config, lambda identity: RemoteApp(identity, registry),
        lambda identity, write, echo: PlainLink(identity, registry, write, echo),
    )
    return server, registry.close


async def _serve(
    config: ServerConfig,
    folder: Path,
    log_path: Path,
    keys_listed: int,
    on_turn: list[str] | None = None,
    make_server: ServerMaker = one_process,
) -> None:
    server, close_tables = make_server(config, folder, on_turn)
    tune_gc()
    # Stopping is set up before the first sentence, so a SIGTERM as soon as it is read stops politely.
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    port = await server.start()
    print(f"river-tui: serving on {config.host} port {port}; log in {log_path}", file=sys.stderr)
    if not keys_listed:
        print(
            f"river-tui: no key is listed yet: add a friend's public key with "
            f"`cat alice.pub >> {plain(config.authorized_keys, 300)}` (read at every login, no restart needed).",
            file=sys.stderr,
        )
    print(
        f"river-tui: the host key's fingerprint is {server.fingerprint}: tell your friends, "
        f"so they can check it when ssh asks the first time.",
        file=sys.stderr,
    )
    await stop.wait()
    log.info("stopping")
    await server.close()
    await close_tables()
