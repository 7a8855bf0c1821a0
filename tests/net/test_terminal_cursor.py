"""Over SSH the terminal's cursor is shown where the app puts it (the thing in
focus), unless the client sends RIVER_TUI_CURSOR=hidden (SetEnv in ~/.ssh/config)."""

from __future__ import annotations

import pytest

from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry

from support.net.sshclient import connect

SHOW, HIDE = b"\x1b[?25h", b"\x1b[?25l"


@pytest.mark.parametrize("env, shown", [({}, True), ({"RIVER_TUI_CURSOR": "hidden"}, False)])
async def test_the_cursor_is_shown_unless_the_client_asks_otherwise(make_config, start_server, river_home, keys,
                                                                    env, shown):
    registry = TableRegistry(river_home / "serve")
    _server, port = await start_server(make_config(), lambda who: RemoteApp(who, registry))
    alice = await connect(port, "alice", keys["alice"], env=env)
    await alice.rec.wait_for("No tables yet")
    output = bytes(alice.rec.output)
    start = output.index(b"\x1b[?1049h")  # the application mode begins
    assert (SHOW in output[start:start + 200], HIDE in output[start:start + 200]) == (shown, not shown)
    await alice.close()
    await registry.close()
