"""After an undo the list's highlight goes back to the choice taken back, not picked:
Enter Enter harvests, u takes it back, and a first Enter only picks the harvest
again. (The highlight stayed on "End their actions", left there after the harvest,
and Enter Enter then ended the turn.)"""

from __future__ import annotations

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.play.table import Seat, Table
from river_tui.rules.we_all_take import actions as A
from river_tui.widgets.we_all_take.choice_list import ChoiceList

from screens.test_we_all_take_offer_answers import pass_handovers
from support.recap import put_away_recaps


def two_at_one_keyboard_harvesting(seed: int) -> Table:
    """Two people at one keyboard, past the camps, the first to act able to harvest."""
    table = Table.create("we-all-take", [Seat("Ann"), Seat("Bob")], {}, seed, autosave=False)
    while table.state.phase != "actions":
        seat = min(table.to_act())
        table.apply(seat, next(a for a in table.legal_actions(seat) if isinstance(a, A.PlaceCamp)))
    assert any(isinstance(a, A.Harvest) for a in table.legal_actions(min(table.to_act())))
    return table


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_enter_after_an_undo_only_picks_the_move_taken_back(size):
    table = two_at_one_keyboard_harvesting(4)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await put_away_recaps(pilot)
        await pass_handovers(app, pilot)
        box = app.screen.query_one(ChoiceList)
        box.focus()
        moves = len(table.log)
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert len(table.log) == moves + 1
        harvested = table.log[-1][1]
        assert isinstance(harvested, A.Harvest)
        await pilot.press("u")
        await put_away_recaps(pilot)
        await pass_handovers(app, pilot)
        assert len(table.log) == moves
        box = app.screen.query_one(ChoiceList)
        assert box.current().action == harvested and not box.picked, box.current().label.plain
        await pilot.press("enter")
        await pilot.pause()
        assert box.picked and box.current().action == harvested and len(table.log) == moves
