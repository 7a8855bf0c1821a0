"""Enter on the hex where your structures stand picks what they do there first, and
the highlight after a move never lands on a move: a camp on a tile with nothing to
harvest (the city's site, bare land) offered its boat's "Ferry your camp across" to
Enter, and after a camp's harvest the highlight sat on "Move the camp": the Enter
Enter habit of every other turn would have carried the camp away."""

from __future__ import annotations

from river_tui.app.river_app import RiverApp
from river_tui.rules.we_all_take import actions as A
from river_tui.play.table import Table
from river_tui.widgets.we_all_take.choice_list import ChoiceList
from river_tui.widgets.we_all_take.choices import choices
from river_tui.widgets.we_all_take.hex_map import HexMap

from screens.test_we_all_take_screen import solo_until
from support.recap import put_away_recaps


def camp_with_nothing_to_harvest_on_its_tile(table: Table) -> bool:
    """Actions where the first choice touching the acting camp's hex is a move or a
    ferry, though a harvest by the structures standing there is listed."""
    s = table.state
    if s.phase != "actions" or not s.groups:
        return False
    listed = choices(table.game.view(s, 0), 0, table.legal_actions(0))
    here = s.groups[0][1]
    on_it = next((c for c in listed if here in c.tiles), None)
    return on_it is not None and on_it.ends_actions and any(
        isinstance(c.action, A.Harvest) and c.at == here for c in listed)


async def test_enter_on_the_camps_hex_picks_its_harvest_and_the_next_highlight_is_no_move():
    table = solo_until(1, camp_with_nothing_to_harvest_on_its_tile)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await put_away_recaps(pilot)
        box, hex_map = app.screen.query_one(ChoiceList), app.screen.query_one(HexMap)
        assert app.focused is hex_map and hex_map.cursor == table.state.groups[0][1]
        moves = len(table.log)
        await pilot.press("enter")
        await pilot.pause()
        picked = box.current()
        assert box.picked and len(table.log) == moves
        assert isinstance(picked.action, A.Harvest) and picked.at == hex_map.cursor, picked.label.plain
        await pilot.press("enter")
        await pilot.pause()
        assert table.log[-1][1] == picked.action
        after = box.current()
        assert not after.ends_actions and not box.picked, after.label.plain
        assert any(c.ends_actions for c in box.choices if c.group == picked.group)  # the move was there to land on
