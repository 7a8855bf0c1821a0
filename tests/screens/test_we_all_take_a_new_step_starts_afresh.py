"""A choice picked in one step of the game is not picked in the next: "Propose no
policy" picked and done with Enter Enter left the next season's "End these
structures' actions" (the same action, Done) picked, so the player's next Enter
ended their turn before they had seen it."""

from __future__ import annotations

from river_tui.app.river_app import RiverApp
from river_tui.rules.we_all_take import actions as A
from river_tui.rules.we_all_take.state import ACTIONS, PROPOSE
from river_tui.play.table import Table
from river_tui.widgets.we_all_take.choice_list import ChoiceList

from screens.test_we_all_take_screen import solo_until
from support.recap import put_away_recaps


def proposing_without_a_city(table: Table) -> bool:
    s = table.state
    return s.phase == PROPOSE and s.city < 0 and s.season < 10 and 0 in table.to_act()


async def test_done_with_enter_enter_leaves_nothing_picked_in_the_next_season():
    table = solo_until(2, proposing_without_a_city)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        box = app.screen.query_one(ChoiceList)
        box.focus()
        await pilot.press("end")  # the arrows and End pick: Enter does it
        await pilot.pause()
        assert box.picked and isinstance(box.current().action, A.Done)
        season = table.state.season
        await pilot.press("enter")
        await put_away_recaps(pilot)
        assert table.state.phase == ACTIONS and table.state.season == season + 1
        assert not box.picked, box.current().label.plain
        assert not isinstance(box.current().action, A.Done), "the next season's first Enter would end the turn"
        moves = len(table.log)
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.log) == moves
