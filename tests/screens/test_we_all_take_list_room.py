"""We All Take at 120x40: the list of what you may do keeps at least 16 rows on the
map's turns, beside whole panels (the river, the players, your role): newcomers
found it showing 9-13 while the panels above it took the side."""

from __future__ import annotations

from river_tui.app.river_app import RiverApp
from river_tui.widgets.we_all_take.choice_list import ChoiceList
from river_tui.widgets.we_all_take.panel import Panel

from support.played import ann_to_act, at_move, played
from support.recap import put_away_recaps

ROWS = 16


async def test_the_list_shows_sixteen_rows_beside_whole_panels_on_the_maps_turns_at_120x40():
    game = played("we-all-take", 1)
    looked = 0
    for moves in ann_to_act(game):
        table = at_move(game, moves)
        if table.state.phase != "actions":
            continue
        app = RiverApp(table, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await put_away_recaps(pilot)
            await pilot.pause()
            box = app.screen.query_one(ChoiceList)
            panels = app.screen.query_one("#wat-info")
            assert box.content_region.height >= ROWS, f"after {moves} moves: {box.content_region.height} rows"
            for panel in panels.query_children(Panel):  # each whole: none scrolled out of sight
                assert panel.outer_size.height == panel.height_shown()
            assert panels.max_scroll_y == 0, f"after {moves} moves the panels scroll"
            looked += 1
    assert looked >= 3
