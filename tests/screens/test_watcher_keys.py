"""A watcher at a server table of each game (the session's app, without the SSH):
the footer offers only a watcher's keys, and the keys that would play, the board's
Enter among them, say that you are watching."""

from __future__ import annotations

import pytest

from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry
from river_tui.rules.we_all_take.components import ALL_ROLES
from river_tui.screens.game_base import GameScreen
from river_tui.widgets.we_all_take.role import RolePanel
from support.footer import footer_showing
from support.screen_text import on_screen
from support.waiting import wait_until

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


async def test_a_watchers_role_panel_says_they_see_no_role(tmp_path):
    """We All Take's role panel at a server table tells a watcher that nobody's role
    is shown to watchers (not the keyboard's handover words, "until a seat looks")."""
    registry = TableRegistry(tmp_path / "serve", bot_delay=3600)
    shared = registry.create(ALICE, "we-all-take", 3, 1, None, seed=1)
    app = RemoteApp(BOB, registry)
    async with app.run_test(size=(120, 40)) as pilot:
        app.screen.refresh_tables()
        await pilot.press("w")
        await wait_until(lambda: isinstance(app.screen, GameScreen), "the table", pause=pilot.pause)
        panel = app.screen.query_one(RolePanel)
        words = lambda: " ".join(" ".join(on_screen(app, panel.content_region)).split())  # noqa: E731
        await wait_until(lambda: "role" in words(), "the role panel", seen=words, pause=pilot.pause)
        assert panel.border_title == "Secret roles"
        assert words() == RolePanel.WATCHERS
        assert not any(ALL_ROLES[role].name in words() for role in shared.table.state.roles)
