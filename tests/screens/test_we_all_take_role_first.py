"""We All Take on a small terminal: the panels i shows in the list's place begin with
your secret role, so a newcomer at 80x24 reads what they play for without scrolling
past the river's state (while the others play, the river and the players come first:
what a seat follows then); on a large terminal the role stays under the river and the
players, as it was."""

from __future__ import annotations

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.widgets.we_all_take.players import PlayersPanel
from river_tui.widgets.we_all_take.river import RiverPanel
from river_tui.widgets.we_all_take.role import RolePanel

from screens.test_we_all_take_offer_to_you import ann_on_her_turn, open_for_ann


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_on_a_small_terminal_i_shows_your_role_first(size):
    table = ann_on_her_turn()
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=size) as pilot:
        screen = await open_for_ann(app, pilot, table)
        await pilot.press("i")
        await pilot.pause()
        role, river, players = (screen.query_one(kind) for kind in (RolePanel, RiverPanel, PlayersPanel))
        side = screen.query_one("#wat-side").region
        if size == (80, 24):
            assert role.region.y < river.region.y < players.region.y
            assert role.region.y == side.y and role.region.height > 3  # in sight at once
        else:
            assert river.region.y < players.region.y < role.region.y


async def test_i_again_puts_the_river_first_for_the_wait():
    table = ann_on_her_turn()
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_for_ann(app, pilot, table)
        await pilot.press("i", "i")
        await pilot.pause()
        role, river = screen.query_one(RolePanel), screen.query_one(RiverPanel)
        assert list(screen.query_one("#wat-info").children).index(river) < list(screen.query_one("#wat-info").children).index(role)
