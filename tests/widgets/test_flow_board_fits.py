"""Flow's board at 80x24 and 120x40 (issue #19): the log never pushes rows out of
view, the compact board says which way every river runs and labels its rows and
columns, the hand shows the turn the panel names, and the footer offers the
reservation only while the rules allow it."""

from __future__ import annotations

import random

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.rules.flow.actions import PlaceReservation, PlaceTile
from river_tui.rules.flow.board import FACE_INDEX, START_CODE
from river_tui.rules.flow.bots import GREEDY_BOT
from river_tui.rules.flow.components import BOARD_SIZE
from river_tui.play.table import Seat, Table
from river_tui.widgets.flow.hand import FlowHand
from river_tui.widgets.game_log import GameLog
from river_tui.widgets.flow.tile_grid import LAIR_MARK, TileGrid, square_region, tile_picture

from support.footer import footer_actions
from support.keyboard import take_the_keyboard
from support.recap import put_away_recaps
from widgets.test_last_move import cell
from support.waiting import wait_until

SIZES = [(80, 24), (120, 40)]


def late_table(moves: int = 30) -> Table:
    table = Table.create("flow", [Seat("Ann"), Seat("Bob"), Seat("Cat")], {"variant": "basic"}, seed=11,
                         autosave=False)
    rng = random.Random(3)
    for _ in range(moves):
        (seat,) = table.to_act()
        table.apply(seat, GREEDY_BOT.choose(table.game, table.view(seat), seat, rng))
    return table


def picture(code: int) -> list[str]:
    return ["".join(char for char, _ in row).replace(LAIR_MARK, "D") for row in tile_picture(code)]


def board_text(grid: TileGrid, y: int) -> str:
    return "".join(segment.text for segment in grid.render_line(y))


@pytest.mark.parametrize("size", SIZES)
async def test_showing_the_log_keeps_every_row_of_the_board_in_view(size):
    app = RiverApp(late_table())
    async with app.run_test(size=size) as pilot:
        await take_the_keyboard(app, pilot)
        await put_away_recaps(pilot)
        screen = app.screen
        log = screen.query_one(GameLog)
        if log.has_class("-hidden"):
            await pilot.press("L")
        await pilot.pause()
        assert log.display and log.region.height >= 4 and log.region.width >= 30
        grid = screen.query_one(TileGrid)
        last = square_region(BOARD_SIZE * BOARD_SIZE - 1, grid.scale)
        assert grid.scroll_offset.y == 0 and grid.size.height >= last.bottom, "row 7 is out of view"
        assert not grid.show_vertical_scrollbar
        assert board_text(grid, last.y + last.height // 2).startswith("7 ")


async def test_the_compact_board_labels_its_columns_and_rows():
    app = RiverApp(late_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await take_the_keyboard(app, pilot)
        await put_away_recaps(pilot)
        grid = app.screen.query_one(TileGrid)
        assert grid.scale == 1
        assert board_text(grid, 0).split() == list("ABCDEFG")
        for row in range(BOARD_SIZE):
            region = square_region(row * BOARD_SIZE, 1)
            assert board_text(grid, region.y + 1).startswith(f"{row + 1} ")
        # each letter stands over the middle of its column's squares
        for col, letter in enumerate("ABCDEFG"):
            region = square_region(col, 1)
            assert cell(grid, region.x + region.width // 2, 0).text == letter


def test_a_compact_lair_tile_shows_the_side_each_of_its_rivers_leaves_by():
    # Igapó Pool: a Lair reached from the north, a River End from the south.
    igapo = FACE_INDEX["L01"] * 4
    assert picture(igapo) == ["  ╰D ", "     ", "  ╭◦ "]
    # a quarter turn: the Lair's river leaves east, the River End's west
    assert picture(igapo + 1) == ["     ", "─◦ D─", "     "]


def test_the_compact_start_tile_has_its_four_rivers_apart():
    assert picture(START_CODE) == ["  │  ", "─ ◆ ─", "  │  "]


async def test_the_hand_shows_the_next_tile_unturned_as_the_panel_says():
    # strategy mode: Ann's turn goes on after her first tile, so nothing else redraws the hand
    table = Table.create("flow", [Seat("Ann"), Seat("Bob")], {"variant": "strategy"}, seed=5, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_the_keyboard(app, pilot)
        screen = app.screen
        hand = screen.query_one(FlowHand)
        turned = next(a for a in table.legal_actions(0) if isinstance(a, PlaceTile) and a.rotation == 1
                      and a.tile == table.state.hands[0][0])
        await pilot.press("1", "r")
        grid = screen.query_one(TileGrid)
        grid.cursor = turned.square
        await pilot.press("enter")
        await pilot.pause()
        assert table.log[-1] == (0, turned)
        assert hand.rotation == 0 and screen.rotation == 0
        assert "turned 0°" in str(screen.query_one("#preview").render())


async def test_the_footer_offers_the_reservation_only_while_the_rules_allow_it():
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "greedy")], {"variant": "basic"}, seed=5,
                         autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "reserve" in footer_actions(screen) and "v reserve" in str(screen.query_one("#status").render())
        await pilot.press("v")
        await pilot.pause()
        assert table.log[0] == (0, PlaceReservation(screen.query_one(TileGrid).cursor))
        await wait_until(lambda: table.to_act() == {0}, "Ann's next turn", seen=lambda: table.log)
        await put_away_recaps(pilot)
        await wait_until(lambda: "reserve" not in footer_actions(screen), "v to leave the footer",
                         seen=lambda: sorted(footer_actions(screen)))
        assert "v reserve" not in str(screen.query_one("#status").render())
        moves = len(table.log)
        await pilot.press("v")
        await pilot.pause()
        assert len(table.log) == moves
        assert any("only place the Reservation Tile once" in n.message for n in app._notifications), [n.message for n in app._notifications]
