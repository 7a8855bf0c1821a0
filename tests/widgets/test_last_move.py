"""What a computer seat just did is marked on the board until the player acts: the
cells it changed carry the last-move glyph and style (never colour alone), and the
"Last:" line says it in words."""

from __future__ import annotations

import random
import re

from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from river_tui.app.river_app import RiverApp
from river_tui.rules.flow.actions import PlaceTile
from river_tui.play.table import Seat, Table
from river_tui.rules.glassworks.components import SHAPES
from river_tui.widgets.glassworks.grid import GlassGrid
from river_tui.widgets.riverside.dice_tray import DiceTray
from river_tui.widgets.glassworks.river import GlassRiver
from river_tui.widgets.we_all_take.hex_map import HexMap, tile_region
from river_tui.widgets.last_move import LAST_MARK, MORE, LastMove
from river_tui.widgets.riverside.board import RiverBoard
from river_tui.widgets.riverside.score_sheet import ScoreSheet
from river_tui.widgets.flow.tile_grid import TileGrid, square_region

from river_tui.screens.registry import screen_class
from river_tui.widgets.game_log import GameLog
from support.cut_words import cut_before_an_ellipsis, cut_words
from support.recap import put_away_recaps, recap_text
from support.screen_text import on_screen
from support.waiting import workers_done


def cell(widget, x: int, y: int) -> Segment:
    """The character drawn at (x, y) of a Line API widget, with its style."""
    for segment in widget.render_line(y):
        if x < len(segment.text):
            return Segment(segment.text[x], segment.style)
        x -= len(segment.text)
    raise AssertionError(f"nothing drawn at x={x} on line {y}")


def marked(text: Text) -> list[tuple[int, str]]:
    """Where a rendered Text shows the last-move mark in reverse: (line, what follows on that line)."""
    out = []
    for number, line in enumerate(text.split("\n")):
        for index, char in enumerate(line.plain):
            if char == LAST_MARK:
                style = Style.combine(Style.parse(str(span.style)) for span in line.spans if span.start <= index < span.end)
                assert style.reverse, f"{LAST_MARK} without reverse on line {number}: {line.plain!r}"
                out.append((number, line.plain[index + 1:]))
    return out


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


async def test_glassworks_marks_the_tiles_and_columns_the_computer_changed():
    table = Table.create("glassworks", [Seat("Ann"), Seat("Computer 1", "greedy")], {}, seed=12, autosave=False)
    draw = next(a for a in table.legal_actions(0) if type(a).__name__ == "Draw")
    table.apply(0, draw)  # Ann draws from the lake (and overflows if she must)
    while 0 in table.to_act():
        table.apply(0, table.legal_actions(0)[0])
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        assert not await after_computer_move(app, pilot)  # alone, the moves made in sight: no box
        await pilot.press("a")  # the summary on its key
        recap = recap_text(app)
        state = table.state
        gathered = state.river[0]  # the tile it gathered flowed to the start of the river
        river = marked(app.screen.query_one(GlassRiver).render())
        assert any(text.startswith(f"1{SHAPES[gathered].glyph}") for _, text in river), river
        # one seat's deeds in a row name it once: "Computer 1 placed ..., gathered ... from the ... tile"
        assert re.search(rf"Computer 1 [^.]*gathered [^.]*from the {SHAPES[gathered].name} tile", recap), recap
        others = app.screen.query_one("#other-1")
        grid = marked(others.query_one(GlassGrid).render())
        assert grid, "the computer's new pieces carry the mark"
        assert LAST_MARK in str(others.query_one(".other-title").render())
        assert last_line(app).startswith("Computer 1 ")


def riverside_table(phases: int) -> Table:
    """Ann has made her moves of the next ``phases`` phases (the computer its moves
    of all but the last): the computer's work then resolves the last."""
    table = Table.create("riverside", [Seat("Ann"), Seat("Computer 1", "greedy")], {}, seed=8, autosave=False)
    game, rng = table.game, random.Random(8)
    greedy = game.bots()["greedy"]
    for step in range(phases):
        phase = (table.state.round, table.state.phase)
        for seat in (0, 1) if step < phases - 1 else (0,):
            while seat in table.to_act() and (table.state.round, table.state.phase) == phase:
                table.apply(seat, greedy.choose(game, table.view(seat), seat, rng))
    return table


async def test_riverside_marks_the_computers_crossed_seats_once_the_phase_resolves():
    table = riverside_table(1)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        (recap,) = await after_computer_move(app, pilot)
        assert table.state.phase == 3 and "Computer 1 crossed seats" in recap
        await pilot.press("o")  # the computer's sheet
        await pilot.pause()
        rows = marked(app.screen.query_one(ScoreSheet).render())
        crossed = [index for index, (old, new) in enumerate(zip(table.state_at(0).sheets[1].filled,
                                                                table.state.sheets[1].filled)) if new > old]
        assert len({line for line, _ in rows if 1 <= line <= 4}) == len({i % 4 for i in crossed}), rows


async def test_riverside_marks_the_roll_and_where_the_ship_sailed_from():
    table = riverside_table(2)
    sailed_from = table.state.ship
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        (recap,) = await after_computer_move(app, pilot)
        assert table.state.round == 2 and "Round 2: the captain rolled" in recap
        # the computer went on into round 2 (phases are simultaneous): the last line is its
        assert last_line(app) == "Computer 1 finished phase 2"
        board = app.screen.query_one(RiverBoard)
        assert board.sailed == (sailed_from, table.state.ship)
        assert marked(board.render())  # ✦ reversed where the ship was
        assert marked(app.screen.query_one(DiceTray).render())[0][0] == 0  # on the tray's head


async def test_we_all_take_marks_the_hexagon_of_the_computers_camp():
    table = Table.create("we-all-take", [Seat("Ann"), Seat("Computer 1", "greedy")], {}, seed=3, autosave=False)
    game, rng = table.game, random.Random(3)
    while 0 in table.to_act():  # Ann's colour and camp
        table.apply(0, game.bots()["greedy"].choose(game, table.view(0), 0, rng))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        recaps = await after_computer_move(app, pilot)
        camp = table.state.camp_of(1)
        assert camp is not None and "Computer 1 placed their camp" in "".join(recaps)
        hex_map = app.screen.query_one(HexMap)
        region = tile_region(camp.place)
        corner = cell(hex_map, region.x, region.y)
        assert corner.text == LAST_MARK and corner.style.reverse
        assert cell(hex_map, region.x + 2, region.y).style.underline
        mine = tile_region(table.state.camp_of(0).place)
        assert cell(hex_map, mine.x, mine.y).text != LAST_MARK  # Ann's own camp: not the last move


def played_until_a_long_last_line(game_id: str, longer_than: int) -> Table:
    """Ann and two greedy computers, played by the greedy player until what Ann
    is told of the last moves is longer than ``longer_than`` characters, her turn."""
    from river_tui.rules.registry import get_game

    table = Table.create(game_id, [Seat("Ann"), Seat("Computer 1", "greedy"), Seat("Computer 2", "greedy")], {},
                         seed=3, autosave=False)  # fmt: skip
    bot = get_game(game_id).bots()["greedy"]
    rng = random.Random(0)
    while not (0 in table.to_act() and len(table.recent(0).last) > longer_than):
        seat = min(table.to_act())
        table.apply(seat, bot.choose(table.game, table.view(seat), seat, rng))
        assert not table.finished, f"no last line longer than {longer_than} in {game_id}"
    return table


async def test_a_long_last_line_wraps_to_a_second_row_whole():
    """Glassworks: "Computer 2 gathered a purple triangle, a light blue heart, ... from
    the heart tile" reads whole on two rows, at 120x40 and at 80x24 too (the log below
    gives the row), with nothing cut anywhere on the screen."""
    table = played_until_a_long_last_line("glassworks", 115)
    whole = f"{LAST_MARK} Last: {table.recent(0).last}"
    for size in ((120, 40), (80, 24)):
        app = RiverApp(bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await app.push_screen(screen_class("glassworks")(table, local_seats={0}, drives_bots=False))
            await put_away_recaps(pilot)
            widget = app.screen.query_one(LastMove)
            rows = [row.strip() for row in on_screen(app, widget.region)]
            assert len(rows) == 2 and " ".join(rows) == whole, rows
            assert not cut_words(app), cut_words(app)


async def test_a_last_line_too_long_for_two_rows_ends_naming_the_key_to_the_log_which_has_it():
    """Riverside's roll at 80 columns (some 170 characters)."""
    table = played_until_a_long_last_line("riverside", 150)
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        # The computers wait (they would move on at once: the phase is simultaneous).
        await app.push_screen(screen_class("riverside")(table, local_seats={0}, drives_bots=False))
        await put_away_recaps(pilot)
        widget = app.screen.query_one(LastMove)
        rows = [row.rstrip() for row in on_screen(app, widget.region)]
        assert len(rows) == 2 and rows[1].endswith(MORE), rows
        whole = f"{LAST_MARK} Last: {table.recent(0).last}"
        assert " ".join(row.strip() for row in rows)[:-len(MORE)].rstrip() in whole
        assert table.recent(0).last in table.log_lines
        assert not cut_before_an_ellipsis(app), rows  # "… (L: log)" after a whole word
        log = app.screen.query_one(GameLog)  # the second row taken from it, it still shows its newest line
        assert log.scroll_y == log.max_scroll_y > 0
