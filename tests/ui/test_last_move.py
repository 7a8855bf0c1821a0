"""What a computer seat just did is marked on the board until the player acts: the
cells it changed carry the last-move glyph and style (never colour alone), and the
"Last:" line says it in words."""

from __future__ import annotations

from rich.segment import Segment

from river_tui.app import RiverApp
from river_tui.rules.flow.actions import PlaceTile
from river_tui.table import Seat, Table
from river_tui.widgets.last_move import LAST_MARK, LastMove
from river_tui.widgets.tile_grid import TileGrid, square_region

from ui.recap import put_away_recaps
from waiting import workers_done


def cell(widget, x: int, y: int) -> Segment:
    """The character drawn at (x, y) of a Line API widget, with its style."""
    for segment in widget.render_line(y):
        if x < len(segment.text):
            return Segment(segment.text[x], segment.style)
        x -= len(segment.text)
    raise AssertionError(f"nothing drawn at x={x} on line {y}")


async def after_computer_move(app, pilot) -> list[str]:
    await workers_done(app, pilot)
    return await put_away_recaps(pilot)


def last_line(app) -> str:
    return app.screen.query_one(LastMove).line


async def test_flow_marks_the_computers_tile_until_the_player_places_one():
    table = Table.create("flow", [Seat("Ann"), Seat("Computer 1", "greedy")], {"variant": "basic"}, seed=5,
                         autosave=False)
    table.apply(0, next(a for a in table.legal_actions(0) if isinstance(a, PlaceTile)))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        (recap,) = await after_computer_move(app, pilot)
        (seat, placed), = table.log[1:]
        assert seat == 1 and f"Computer 1 placed" in recap
        grid = app.screen.query_one(TileGrid)
        region = square_region(placed.square, grid.scale)
        corner = cell(grid, region.x, region.y)
        assert corner.text == LAST_MARK and corner.style.reverse
        assert all(cell(grid, x, region.y + 1).style.underline for x in range(region.x, region.right))
        assert last_line(app).startswith("Computer 1 placed") and last_line(app) in recap
        ann_first = table.log[0][1].square
        assert cell(grid, *square_region(ann_first, grid.scale).offset).text != LAST_MARK  # her own is not marked
        # Ann places a tile: now hers is the last move, and the computer's is no longer marked
        # until it moves again (it moves at once, so look at the position after her move)
        table.listeners.clear()
        ann = next(a for a in table.legal_actions(0) if isinstance(a, PlaceTile))
        app.screen.play(ann)
        app.screen._redraw()
        assert cell(grid, *square_region(ann.square, grid.scale).offset).text == LAST_MARK
        assert cell(grid, region.x, region.y).text != LAST_MARK
