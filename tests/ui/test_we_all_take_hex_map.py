"""We All Take's map redraws the lines of the hexagons a move changed, not the whole
map: every seat's screen redraws after every move, on a server holding many."""

from __future__ import annotations

from textual.app import App, ComposeResult

from river_tui.rules.we_all_take.components import EAST, land
from river_tui.rules.we_all_take.setup import set_up
from river_tui.widgets.we_all_take.hex_map import MAP_HEIGHT, HexMap, tile_region

from ui.layouts import lines_refreshed
from ui.screen_text import on_screen


class MapApp(App[None]):
    def compose(self) -> ComposeResult:
        yield HexMap()


async def test_a_hexagon_flooding_redraws_its_two_lines_alone():
    app = MapApp()
    async with app.run_test(size=(100, MAP_HEIGHT + 2)) as pilot:
        hex_map = app.query_one(HexMap)
        state = set_up(3, "standard", seed=5)
        hex_map.show(state)
        await pilot.pause()
        asked = lines_refreshed(hex_map)
        hex_map.show(state.clone())  # the same map again
        await pilot.pause()
        assert asked == []
        tile = land(3, EAST)  # the fourth row's east bank
        flooded = state.clone()
        flooded.flooded.add(tile)
        hex_map.show(flooded)
        await pilot.pause()
        region = tile_region(tile)
        assert set().union(*asked) == {region.y, region.y + 1}  # the hexagon's two lines, nothing else
        assert "≋" in on_screen(app, region)[0]  # and it reads flooded
