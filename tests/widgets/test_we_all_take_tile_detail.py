"""We All Take's panel of the hexagon under the cursor: at a server table every seat's
panel shows the new position after a move, and a hexagon's lines are drawn once for
all of them."""

from __future__ import annotations

from textual.app import App, ComposeResult

from river_tui.rules.we_all_take.components import TILE_BY_CODE
from river_tui.rules.we_all_take.setup import set_up
from river_tui.widgets.we_all_take import tile as tile_module
from river_tui.widgets.we_all_take.tile import TileDetail

from support.screen_text import on_screen


class TwoSeatsApp(App[None]):
    """Two seats' hex panels of one table."""

    def compose(self) -> ComposeResult:
        yield TileDetail(id="first")
        yield TileDetail(id="second")


async def test_a_hexagon_shown_on_one_seats_panel_is_not_drawn_again_for_another(monkeypatch):
    drawn: list[str] = []
    draw = tile_module.tile_lines
    monkeypatch.setattr(tile_module, "tile_lines", lambda s, tile: drawn.append(tile) or draw(s, tile))
    app = TwoSeatsApp()
    async with app.run_test(size=(100, 16)) as pilot:
        first, second = app.query_one("#first", TileDetail), app.query_one("#second", TileDetail)
        state = set_up(3, "standard", seed=5)
        w1, e2 = TILE_BY_CODE["W1"], TILE_BY_CODE["E2"]
        first.show(state, w1)
        second.show(state, w1)
        await pilot.pause()
        assert drawn == [w1]
        assert on_screen(app, second.content_region) == on_screen(app, first.content_region)
        assert on_screen(app, second.content_region)[0].startswith("W1 ")
        second.show(state, e2)  # this seat's cursor moved on
        await pilot.pause()
        assert drawn == [w1, e2] and on_screen(app, second.content_region)[0].startswith("E2 ")
        first.show(state.clone(), w1)  # the next move's position is drawn afresh
        await pilot.pause()
        assert drawn == [w1, e2, w1]


async def test_a_move_that_leaves_the_hexagon_as_it_was_draws_nothing_anew():
    app = TwoSeatsApp()
    async with app.run_test(size=(100, 16)) as pilot:
        panel = app.query_one("#first", TileDetail)
        state = set_up(3, "standard", seed=5)
        w1 = TILE_BY_CODE["W1"]
        panel.show(state, w1)
        await pilot.pause()
        drawn: list[str] = []
        draw = app.console.render_lines
        app.console.render_lines = lambda *args, **kwargs: drawn.append("drawn") or draw(*args, **kwargs)  # type: ignore[method-assign]
        elsewhere = state.clone()
        elsewhere.flooded = elsewhere.flooded | {TILE_BY_CODE["E3"]}  # the next move floods another hexagon
        panel.show(elsewhere, w1)
        await pilot.pause()
        assert drawn == []
        flooded = elsewhere.clone()
        flooded.flooded = flooded.flooded | {w1}  # and then this one (a clone shares the set: a new one)
        panel.show(flooded, w1)
        await pilot.pause()
        assert drawn == ["drawn"] and "flooded" in on_screen(app, panel.content_region)[0]
