"""We All Take's map redraws the lines of the hexagons a move changed, not the whole
map: every seat's screen redraws after every move, on a server holding many."""

from __future__ import annotations

from textual.app import App, ComposeResult

from river_tui.app.river_app import RiverApp
from river_tui.rules.we_all_take.components import EAST, land
from river_tui.rules.we_all_take.setup import set_up
from river_tui.screens.we_all_take.screen import WeAllTakeScreen
from river_tui.play.table import Seat, Table
from river_tui.widgets.position_drawings import drawings_of
from river_tui.widgets.we_all_take.hex_map import MAP_HEIGHT, HexMap, tile_region
from river_tui.widgets.we_all_take.players import PlayersPanel
from river_tui.widgets.we_all_take.river import RiverPanel

from support.layouts import lines_refreshed
from support.screen_text import on_screen
from support.waiting import wait_until


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
        flooded.flooded = flooded.flooded | {tile}  # a clone shares the set: a new one
        hex_map.show(flooded)
        await pilot.pause()
        region = tile_region(tile)
        assert set().union(*asked) == {region.y, region.y + 1}  # the hexagon's two lines, nothing else
        assert "≋" in on_screen(app, region)[0]  # and it reads flooded


class TwoSeatsApp(App[None]):
    """Two seats' maps of one table, one above the other."""

    CSS = f"HexMap {{ height: {MAP_HEIGHT}; }}"

    def compose(self) -> ComposeResult:
        yield HexMap(id="first")
        yield HexMap(id="second")


async def test_a_second_seats_map_draws_only_the_rows_where_it_differs_from_the_first():
    """At a server table every seat's map draws each new position: what one drew,
    the others take as it is, but for the rows that hold their own cursor (or marks)."""
    app = TwoSeatsApp()
    async with app.run_test(size=(100, 2 * MAP_HEIGHT)) as pilot:
        first, second = app.query_one("#first", HexMap), app.query_one("#second", HexMap)
        second.cursor = land(3, EAST)  # the first's stays on the first row
        await pilot.pause()
        state = set_up(3, "standard", seed=5)
        first.show(state)
        drawn: list[int] = []
        draw = second._render_map_line
        second._render_map_line = lambda line: drawn.append(line) or draw(line)  # type: ignore[method-assign]
        second.show(state)
        await pilot.pause()
        rows = {tile_region(first.cursor).y, tile_region(second.cursor).y}
        assert sorted(drawn) == sorted({y + k for y in rows for k in (0, 1)})  # each cursor's row: two lines
        for y in range(MAP_HEIGHT):  # the rest is the first map's; each cursor shows on its own map alone
            assert (second.render_line(y) == first.render_line(y)) == (not any(y - row in (0, 1) for row in rows))
        second.show(state.clone())  # another position (the next move's): drawn afresh
        await pilot.pause()
        assert len(drawn) > MAP_HEIGHT


async def test_a_seats_map_river_and_players_panels_are_drawn_from_a_position_without_any_seats_role():
    """What the map and the river and players panels draw is shared with the other seats' screens:
    it is drawn from the watchers' view, which holds nobody's secret role, not from the
    seat's own view."""
    seats = [Seat("Ann", "human"), Seat("Bob", "greedy"), Seat("Cy", "greedy")]  # no handover
    app = RiverApp(Table.create("we-all-take", seats, {}, 5, autosave=False), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen_stack[1]
        assert isinstance(screen, WeAllTakeScreen) and screen.viewer == 0
        await wait_until(lambda: screen.query_one(HexMap).state is not None, "the map", pause=pilot.pause)
        assert screen.view.roles[0] is not None  # the seat's own view holds its role
        drawn_from = screen.query_one(HexMap).state
        assert drawn_from.roles == [None, None, None] and drawn_from.structures == screen.view.structures
        players = screen.query_one(PlayersPanel)
        assert players._shown is not None and players._shown[0] is drawn_from
        assert screen.query_one(RiverPanel)._lines == drawings_of(drawn_from)[("river lines", ("Ann", "Bob", "Cy"))]
