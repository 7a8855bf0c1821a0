"""River Valley Glassworks: each choice says what it scores before it is made. While a
gather, a placement or a new colour's column is under the cursor, the "Now" line says
the score it leads to ("Now 5 VP → 12 VP (+7) gathering from 3★"), so a newcomer
compares choices by their points; another player's step shows nothing of theirs."""

from __future__ import annotations

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.play.table import Seat, Table
from river_tui.rules.glassworks.actions import Gather, NewColumn, Place
from river_tui.rules.glassworks.components import COLOURS, SHAPES
from river_tui.rules.glassworks.grid import add_pieces, of_colour
from river_tui.rules.glassworks.scoring import best_addition, score
from river_tui.rules.glassworks.state import ORDER
from river_tui.widgets.glassworks.info import GlassInfo

from support.screen_text import on_screen

SIZES = [(80, 24), (120, 40)]


def ann_at(phase_wanted) -> Table:
    """Ann (a person) against a computer, after her first placement (on a tile between
    two others) and, for ORDER, a gather that brings two or more new colours."""
    for seed in range(1, 50):
        table = Table.create("glassworks", [Seat("Ann"), Seat("Computer 1", "greedy")], {}, seed=seed, autosave=False)
        view = table.view(0)
        place = next(a for a in table.legal_actions(0) if isinstance(a, Place) and 0 < view.river.index(a.tile) < 5)
        table.apply(0, place)  # between two tiles: two gathers to choose from
        if phase_wanted != ORDER:
            return table
        view = table.view(0)
        for gather in table.legal_actions(0):
            if len({p >> 3 for p in view.tiles[gather.tile]}) >= 2:
                table.apply(0, gather)
                assert table.state.phase == ORDER
                return table
    raise AssertionError("no seed gave the position")


def info_text(app) -> str:
    return " ".join(" ".join(on_screen(app, app.screen.query_one(GlassInfo).region)).split())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_each_gather_under_the_cursor_says_the_score_it_leads_to(size):
    table = ann_at("gather")
    view = table.view(0)
    board, now = view.boards[0], score(view.boards[0])
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        said = set()
        for _ in table.legal_actions(0):
            gather = app.screen.highlighted_action(app.screen.view, table.legal_actions(0))
            assert isinstance(gather, Gather)
            after = score(best_addition(board, view.tiles[gather.tile]))
            where = f"{view.river.index(gather.tile) + 1}{SHAPES[gather.tile].glyph}"
            assert f"Now {now} VP → {after} VP ({after - now:+d}) gathering from {where}" in info_text(app)
            said.add(gather)
            await pilot.press("right")
            await pilot.pause()
        assert len(said) == len(table.legal_actions(0)) > 1  # ← / → went through every choice


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_placement_says_the_best_its_gather_can_make_and_a_new_colour_its_column(size):
    table = Table.create("glassworks", [Seat("Ann"), Seat("Computer 1", "greedy")], {}, seed=3, autosave=False)
    view = table.view(0)
    board = view.boards[0]
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the piece under the cursor, to the river
        await pilot.pause()
        place = app.screen.highlighted_action(app.screen.view, table.legal_actions(0))
        assert isinstance(place, Place)
        from river_tui.rules.glassworks.river import adjacent_tiles

        best = max(score(best_addition(board, view.tiles[t])) for t in adjacent_tiles(view.river, place.tile))
        assert f"Now 0 VP → {best} VP ({best:+d}) at best, with the gather" in info_text(app)
    table = ann_at(ORDER)
    view = table.view(0)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board, now = view.boards[0], score(view.boards[0])
        for colour in sorted({p >> 3 for p in view.pending}):
            chosen, rest = of_colour(view.pending, colour)
            after = score(best_addition(add_pieces(board, chosen), rest))
            words = f"Now {now} VP → {after} VP ({after - now:+d}) with {COLOURS[colour].letter} in column 1"
            assert words in info_text(app), info_text(app)
            await pilot.press("right")
            await pilot.pause()


async def test_another_players_new_colours_are_not_shown_beside_your_board():
    table = Table.create("glassworks", [Seat("Computer 1", "greedy"), Seat("Ann")], {}, seed=1, autosave=False)
    place = next(a for a in table.legal_actions(0) if isinstance(a, Place))
    table.apply(0, place)
    gather = next(a for a in table.legal_actions(0) if len({p >> 3 for p in table.view(0).tiles[a.tile]}) >= 2)
    table.apply(0, gather)
    assert table.state.phase == ORDER and table.state.current == 0
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        from river_tui.screens.registry import screen_class

        await app.push_screen(screen_class("glassworks")(table, local_seats={1}, drives_bots=False))
        await pilot.pause()
        assert "New colours" not in "\n".join(on_screen(app, app.screen.region))
        assert not isinstance(app.screen.highlighted_action(app.screen.view, app.screen.legal_actions()), NewColumn)


async def test_at_80_columns_the_lake_says_how_many_pieces_are_still_to_pick():
    """With a longer name the prompt drops words to fit: "4 more" stays (it said only
    "Space: pick · Enter: draw"), so a newcomer knows the draw wants four pieces."""
    table = Table.create("glassworks", [Seat("Player 1"), Seat("Computer 1", "greedy")], {}, seed=7, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        line = str(app.screen.query_one("#status").render())
        assert "4 more · Space: pick · Enter: draw" in line and len(line) <= 80, line
