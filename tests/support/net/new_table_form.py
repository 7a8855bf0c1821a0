"""alice's session (the app, without the SSH) in an empty lobby, with the
new-table form open."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from textual.app import App
from textual.pilot import Pilot

from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry
from support.waiting import wait_until


@asynccontextmanager
async def new_table_form(river_home) -> AsyncIterator[tuple[TableRegistry, App, Pilot]]:
    """(registry, alice's app, its pilot) at 80x24, the form open on its defaults."""
    registry = TableRegistry(river_home / "serve", bot_delay=3600)
    app = RemoteApp(Identity("alice", "SHA256:alice", "127.0.0.1"), registry)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_until(lambda: app.screen.query("#variant"), "the new-table form", pause=pilot.pause)
        yield registry, app, pilot
