"""We All Take's side: the river, players and role panels above the list of what you
may do take the room the list does not need. The list's length changes that room
when your turn comes and goes; the screen is laid out again only when the panels
then take another height."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from textual.containers import VerticalScroll
from textual.css.scalar import Unit

from river_tui.net.auth import Identity
from river_tui.net.remote_app import RemoteApp
from river_tui.net.tables import TableRegistry
from river_tui.rules.we_all_take import GAME
from river_tui.screens.we_all_take.screen import WeAllTakeScreen
from river_tui.widgets.we_all_take.choice_list import ChoiceList
from river_tui.widgets.we_all_take.panel import Panel

from support.layouts import refreshes_asked
from support.waiting import wait_until

ALICE, BOB = (Identity(name, f"SHA256:{name}", "127.0.0.1") for name in ("alice", "bob"))


@asynccontextmanager
async def alice_at_bobs_table(tmp_path, size: tuple[int, int]) -> AsyncIterator[tuple]:
    """Alice sits down from her lobby at bob's three-seat table (he places his camp
    first): (pilot, the table, her screen, its list, its panels)."""
    registry = TableRegistry(tmp_path / "serve", bot_delay=3600)
    shared = registry.create(BOB, "we-all-take", 3, 1, None, seed=5)
    app = RemoteApp(ALICE, registry)
    async with app.run_test(size=size) as pilot:
        app.screen.refresh_tables()
        await pilot.press("enter")  # alice takes the free seat
        await wait_until(lambda: isinstance(app.screen, WeAllTakeScreen), "the table", pause=pilot.pause)
        screen = app.screen
        yield pilot, shared.table, screen, screen.query_one(ChoiceList), screen.query_one("#wat-info", VerticalScroll)


async def test_your_turn_coming_lays_nothing_out_while_the_panels_fit_above_the_longer_list(tmp_path):
    async with alice_at_bobs_table(tmp_path, (120, 40)) as (pilot, table, screen, box, info):
        await wait_until(lambda: info.size.height and box.region.height, "the panels and the list", pause=pilot.pause)
        await wait_until(lambda: info.styles.max_height.unit == Unit.CELLS, "the panels' room fitted to the list",
                         pause=pilot.pause)  # fmt: skip
        assert screen.viewer == 1 and box.choices == [] and str(box.border_title) == "alice: waiting"
        room = info.styles.max_height
        asked = refreshes_asked(info)
        while 1 not in table.to_act():  # bob's move, as his session would make it
            table.apply(0, GAME.legal_actions(table.state, 0)[0])
        await wait_until(lambda: box.choices, "alice's choices", pause=pilot.pause)
        await pilot.pause()
        shown = sum(panel.outer_size.height for panel in info.query_children(Panel))
        assert shown <= box.region.y - info.region.y  # the panels fit above the longer list
        assert True not in asked and info.styles.max_height == room  # so nothing was laid out for the list
        assert box.region.height >= len(box.choices) + 2  # which shows every choice


async def test_a_waiting_seat_sees_its_whole_list_under_tall_panels(tmp_path):
    """At the smallest size that shows the panels beside the list, they are taller
    than the side: waiting, with nothing listed, the list still shows whole (its title
    and its bottom border), the panels scroll above it."""
    async with alice_at_bobs_table(tmp_path, (110, 34)) as (pilot, _, screen, box, info):
        side = screen.query_one("#wat-side")
        await wait_until(lambda: info.size.height and box.region.height, "the panels and the list", pause=pilot.pause)
        await pilot.pause()
        assert box.choices == [] and str(box.border_title) == "alice: waiting"
        assert info.max_scroll_y > 0  # the panels are taller than their room
        assert side.region.y <= box.region.y and box.region.bottom <= side.region.bottom  # the list whole


async def test_the_list_keeps_its_room_through_the_phase_when_your_turn_ends(tmp_path):
    """Panels taller than the side make room for alice's choices when her turn comes;
    when it ends (her camp placed, the others to place theirs) the list keeps that room
    and the panels stay scrolled: nothing is laid out."""
    async with alice_at_bobs_table(tmp_path, (110, 34)) as (pilot, table, _, box, info):
        waiting = info.outer_size.height
        while 1 not in table.to_act():  # bob's move, as his session would make it
            table.apply(0, GAME.legal_actions(table.state, 0)[0])
        await wait_until(lambda: box.choices, "alice's choices", pause=pilot.pause)
        await wait_until(lambda: info.outer_size.height < waiting, "room made for the list", pause=pilot.pause)
        acting, asked = info.outer_size.height, refreshes_asked(info)
        table.apply(1, GAME.legal_actions(table.state, 1)[0])  # alice's camp, as her session would place it
        await wait_until(lambda: not box.choices, "alice waiting", pause=pilot.pause)
        await pilot.pause()
        assert True not in asked and info.outer_size.height == acting and info.max_scroll_y > 0
        assert table.state.phase == "camps"
