"""Over SSH, a client without colour (it sends NO_COLOR, or its TERM has none) is
drawn as NO_COLOR draws at home: greys only. The server's own NO_COLOR is not its."""

from __future__ import annotations

import re

import pytest

from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry

from support.net.sshclient import connect

TRUECOLOUR = re.compile(rb"\x1b\[[0-9;]*?[34]8;2;(\d+);(\d+);(\d+)")


def colours(output: bytes) -> set[tuple[int, int, int]]:
    """Every truecolour foreground and background the output set."""
    return {tuple(map(int, found)) for found in TRUECOLOUR.findall(output)}


@pytest.fixture
async def lobby(make_config, start_server, river_home):
    """``await lobby()`` -> the port of a real server whose sessions open on the lobby."""
    registry = TableRegistry(river_home / "serve")

    async def start() -> int:
        _server, port = await start_server(make_config(), lambda who: RemoteApp(who, registry))
        return port

    yield start
    await registry.close()


@pytest.mark.parametrize(
    "env, term, grey",
    [
        ({}, "xterm-256color", False),
        ({"NO_COLOR": "1"}, "xterm-256color", True),
        ({}, "vt100", True),
        ({}, "xterm-mono", True),
        ({}, "dumb", True),
    ],
)
async def test_a_client_without_colour_gets_greys(lobby, keys, monkeypatch, env, term, grey):
    monkeypatch.setenv("NO_COLOR", "1")  # the server's terminal: none of the clients' business
    port = await lobby()
    # COLORTERM makes the output truecolour, so a grey is a colour whose three parts are equal.
    alice = await connect(port, "alice", keys["alice"], env={"COLORTERM": "truecolor", **env}, term_type=term)
    await alice.rec.wait_for("No tables yet")
    seen = colours(bytes(alice.rec.output))
    assert seen, "the lobby set no colours at all"
    not_grey = {c for c in seen if len(set(c)) > 1}
    assert (not not_grey) == grey, f"{term} {env}: colours other than greys: {sorted(not_grey)[:5]}"
    await alice.close()


COLOUR = re.compile(rb"\x1b\[[0-9;]*?[34]8;([25]);")


async def test_each_session_gets_its_own_colour_depth(lobby, keys):
    """Styles are shared objects that remember their escape codes: a 16-colour session
    after a true-colour one (and a 256-colour one) still gets 16-colour codes only."""
    port = await lobby()
    clients = {}
    for name, env, term in (("alice", {"COLORTERM": "truecolor"}, "xterm-256color"),
                            ("bob", {}, "xterm-256color"), ("carol", {}, "xterm")):
        clients[name] = await connect(port, name, keys[name], env=env, term_type=term)
        await clients[name].rec.wait_for("No tables yet")
    kinds = {name: set(COLOUR.findall(bytes(client.rec.output))) for name, client in clients.items()}
    assert kinds == {"alice": {b"2"}, "bob": {b"5"}, "carol": set()}, kinds
    for client in clients.values():
        await client.close()
