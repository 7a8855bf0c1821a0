"""Flow's board reads without colour (NO_COLOR at 80x24): each placed tile is one
block of its own shade, its rivers drawn on it (they were drawn on the board's
background, which cut every tile into strips), and a Lair's letter is reversed,
so a Lair tile stands out from the rivers around it."""

from __future__ import annotations

import random

from river_tui.app.river_app import RiverApp
from river_tui.rules.flow.bots import GREEDY_BOT
from river_tui.rules.flow.components import BOARD_SIZE, SPECIES
from river_tui.play.table import Seat, Table
from river_tui.widgets.flow.tile_grid import GUTTER, RULER_LINES, SCALES, TileGrid

from support.recap import put_away_recaps


def played_table() -> Table:
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {"variant": "basic"}, seed=7, autosave=False)
    rng = random.Random(7)
    for _ in range(12):
        (seat,) = table.to_act()
        table.apply(seat, GREEDY_BOT.choose(table.game, table.view(seat), seat, rng))
    return table


async def test_each_tile_is_one_block_with_its_rivers_on_it_and_lairs_reversed(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    table = played_table()
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        grid = app.screen.query_one(TileGrid)
        height, width = SCALES[grid.scale]
        lines = [list(grid.render_line(y)) for y in range(RULER_LINES + BOARD_SIZE * height)]
        lairs = 0
        for square, tile in enumerate(table.state.tiles):
            if tile < 0 or square == grid.cursor:
                continue
            row, col = divmod(square, BOARD_SIZE)
            cells = []  # (character, style) of each cell of the square
            for line in lines[RULER_LINES + row * height: RULER_LINES + (row + 1) * height]:
                flat = [(char, segment.style) for segment in line for char in segment.text]
                cells += flat[GUTTER + col * width: GUTTER + (col + 1) * width]
            shades = {style.bgcolor for char, style in cells if char != "✦"}
            assert len(shades) == 1, (square, shades)  # one block: its rivers on its own land
            owner = table.state.lair_owner[square]
            if owner >= 0:
                (letter,) = [style for char, style in cells if char == SPECIES[owner].glyph]
                assert letter.reverse and letter.bold, square
                lairs += 1
        assert lairs >= 2
