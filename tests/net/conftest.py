"""A real SSH server on 127.0.0.1 (port chosen by the OS, temporary host key),
and keys for the players the tests log in as."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import asyncssh
import pytest

from river_tui.net.server import AppFactory, RiverServer, ServerConfig

PLAYERS = ("alice", "bob", "carol")


@pytest.fixture(scope="session")
def keys() -> dict[str, asyncssh.SSHKey]:
    """One Ed25519 key per known player, plus one for "mallory" whom nobody authorized."""
    return {name: asyncssh.generate_private_key("ssh-ed25519") for name in (*PLAYERS, "mallory")}


@pytest.fixture
def authorized_keys(tmp_path: Path, keys: dict[str, asyncssh.SSHKey]) -> Path:
    path = tmp_path / "authorized_keys"
    path.write_bytes(b"".join(keys[name].export_public_key() for name in PLAYERS))
    return path


@pytest.fixture
def make_config(tmp_path: Path, authorized_keys: Path) -> Callable[..., ServerConfig]:
    def make(**overrides: object) -> ServerConfig:
        options: dict[str, object] = {
            "host_key": tmp_path / "host" / "ssh_host_ed25519_key",
            "authorized_keys": authorized_keys,
            "host": "127.0.0.1",
            "port": 0,
            "rate_limit": 1000,
            # A test machine busy with other work makes every session slow by the
            # clock: only the tests of the watchdog (test_no_stall.py) let it close one.
            "busy_share": math.inf,
        }
        options.update(overrides)
        return ServerConfig(**options)  # type: ignore[arg-type]

    return make


@pytest.fixture
async def start_server() -> AsyncIterator[Callable[..., object]]:
    """``await start_server(config, app_factory)`` -> (server, port); closed at teardown
    (``plain_factory``: the server offers plain lines, ``ssh host plain``)."""
    servers: list[RiverServer] = []

    async def start(config: ServerConfig, app_factory: AppFactory, plain_factory=None) -> tuple[RiverServer, int]:
        server = RiverServer(config, app_factory, plain_factory)
        servers.append(server)
        return server, await server.start()

    yield start
    for server in servers:
        await server.close()
