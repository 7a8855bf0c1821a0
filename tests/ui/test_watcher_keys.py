"""A watcher at a server table of each game (the session's app, without the SSH):
the footer offers only a watcher's keys, and the keys that would play, the board's
Enter among them, say that you are watching."""

from __future__ import annotations

import pytest

from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry
from river_tui.screens.game_base import GameScreen
from ui.footer import footer_showing
from waiting import wait_until

ALICE, BOB = (Identity(name, f"SHA256:{name}", "127.0.0.1") for name in ("alice", "bob"))
WATCHERS_KEYS = {"help", "toggle_log", "leave_table", "other_sheet", "info"}
"""What a watcher's footer may offer: help, the log, back to the lobby, and the
games' keys that only change what is seen (another sheet, the panels)."""


@pytest.mark.parametrize("game_id", ["glassworks", "riverside", "flow", "we-all-take"])
async def test_a_watcher_has_only_a_watchers_keys(game_id, tmp_path):
    registry = TableRegistry(tmp_path / "serve", bot_delay=3600)
    registry.create(ALICE, game_id, 2, 1, None, seed=1)
    app = RemoteApp(BOB, registry)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.refresh_tables()
        await pilot.press("w")
        await wait_until(lambda: isinstance(app.screen, GameScreen), "the table", pause=pilot.pause)
        screen = app.screen
        shown = await footer_showing(pilot, screen, {"leave_table", "help"})
        assert shown <= WATCHERS_KEYS, shown - WATCHERS_KEYS
        for key in ("enter", "u"):
            app.clear_notifications()
            await pilot.press(key)
            await wait_until(lambda: app._notifications, f"what {key} says", pause=pilot.pause)
            assert [n.message for n in app._notifications] == [GameScreen.WATCHING]
        assert registry.tables[1].table.log == []
