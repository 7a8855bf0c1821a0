"""Hints at a server's table: offered only where the new-table form allowed them,
to seated players (never watchers), kept in tables.json across a restart, and
shown in the lobby's list of tables."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Select

from river_tui.net.auth import Identity
from river_tui.net.tables import INDEX, TableRegistry
from river_tui.screens.game_base import GameScreen
from river_tui.screens.hint_panel import HintPanel

from support.net.new_table_form import new_table_form
from support.waiting import wait_until

ALICE = Identity("alice", "SHA256:alice", "127.0.0.1")
GUEST = Identity("visitor", None, "127.0.0.1")


async def test_a_table_made_with_hints_offers_them_to_its_players_only_and_keeps_them_over_a_restart(river_home):
    registry = TableRegistry(river_home / "serve", bot_delay=3600)
    with_hints = registry.create(ALICE, "glassworks", seats=2, bots=1, variant=None, hints=True)
    without = registry.create(ALICE, "glassworks", seats=2, bots=1, variant=None)
    assert registry.join(with_hints, None, ALICE).hints is with_hints.table.hints
    assert registry.join(with_hints, None, GUEST).hints is None  # a watcher asks for no hint
    assert registry.join(without, None, ALICE).hints is None
    written = json.loads((registry.folder / INDEX).read_text())
    assert [entry.get("hints") for entry in written] == [True, None]
    await registry.close()
    restored = TableRegistry.restore(river_home / "serve")
    assert [shared.hints for shared in restored.tables.values()] == [True, False]
    await restored.close()


async def test_the_new_table_form_allows_hints_and_the_lobby_says_so(river_home):
    async with new_table_form(river_home) as (registry, app, pilot):
        hints = app.screen.query_one("#hints", Select)
        assert hints.value is False  # none unless chosen
        hints.value = True
        await pilot.press("ctrl+s")
        await wait_until(lambda: registry.tables, "the table", pause=pilot.pause)
        assert registry.tables[1].hints
        await pilot.press("q")
        await wait_until(lambda: hasattr(app.screen, "rows"), "the lobby", pause=pilot.pause)
        assert "River Valley Glassworks (hints)" in [row[1][1] for row in app.screen.rows()]


@pytest.mark.parametrize("allowed", [True, False])
async def test_at_a_server_table_the_hint_key_works_only_where_hints_are_allowed(river_home, allowed):
    async with new_table_form(river_home) as (registry, app, pilot):
        app.screen.query_one("#hints", Select).value = allowed
        await pilot.press("ctrl+s")
        await wait_until(lambda: isinstance(app.screen, GameScreen), "alice at her table", pause=pilot.pause)
        screen = app.screen
        assert screen.check_action("hint", ()) is allowed  # in the footer, or not at all
        await pilot.press("exclamation_mark")
        if allowed:
            await wait_until(lambda: isinstance(app.screen, HintPanel), "the hint", pause=pilot.pause)
            await wait_until(lambda: app.screen.advice, "the computer's advice", pause=lambda: pilot.pause(0.05))
            assert registry.tables[1].table.hints.seats == {0}
        else:
            await pilot.pause()
            assert app.screen is screen and not registry.tables[1].table.hints.seats
