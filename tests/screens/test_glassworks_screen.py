"""River Valley Glassworks played through the keyboard with Pilot."""

from __future__ import annotations

import random
import re
from collections import Counter

from river_tui.app.river_app import RiverApp
from river_tui.rules.glassworks.actions import Draw, Gather, NewColumn, Overflow, Pass, Place
from river_tui.rules.glassworks.bots import GREEDY_BOT
from river_tui.rules.glassworks.components import COLOURS
from river_tui.screens.glassworks.screen import GlassworksScreen
from river_tui.screens.scores import ScoresScreen
from river_tui.play.table import Seat, Table
from river_tui.widgets.glassworks.grid import GlassGrid
from river_tui.widgets.glassworks.info import GlassInfo
from river_tui.widgets.glassworks.pieces import PIECE_CELLS, PieceRow, piece_name
from river_tui.widgets.glassworks.river import TILE_WIDTH, GlassRiver
from river_tui.widgets.status_bar import StatusBar

from support.recap import put_away_recaps
from support.screen_text import on_screen
from support.waiting import workers_done


def keys_for(view, action) -> list[str]:
    """The keys that make ``action`` on the screen, from the cursor's start of a step."""
    satchel = list(view.satchels[view.current])
    if isinstance(action, Place):
        first = satchel.index(action.pieces[0])
        keys = ["right"] * first + ["space"]
        if len(action.pieces) == 2:
            second = satchel.index(action.pieces[1], first + 1 if action.pieces[1] == action.pieces[0] else 0)
            keys += ["right"] * (second - first) + ["space"]
        return keys + ["enter", str(view.river.index(action.tile) + 1), "enter"]
    if isinstance(action, Gather):
        return [str(view.river.index(action.tile) + 1), "enter"]
    if isinstance(action, NewColumn):
        return ["right"] * sorted({p >> 3 for p in view.pending}).index(action.colour) + ["enter"]
    if isinstance(action, Draw):
        lake, at, keys = list(view.lake), 0, ["d"]
        for index in sorted(_indexes(lake, action.pieces)):
            keys += ["right"] * (index - at) + ["space"]
            at = index
        return keys + ["enter"]
    if isinstance(action, Overflow):
        return ["right"] * satchel.index(action.piece) + ["enter"]
    assert isinstance(action, Pass)
    return ["enter"]


def _indexes(pieces, wanted):
    """Distinct positions in ``pieces`` holding the multiset ``wanted``."""
    need, out = Counter(wanted), []
    for i, p in enumerate(pieces):
        if need[p]:
            need[p] -= 1
            out.append(i)
    return out


async def settle(app, pilot):
    await workers_done(app, pilot)
    await put_away_recaps(pilot)


async def test_a_whole_game_against_the_computer_by_keyboard_saves_every_move_and_ends_on_the_scores():
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=12)
    app = RiverApp(table, bot_delay=0)
    played = Counter()
    rng = random.Random(0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        while not table.finished:
            screen = app.screen
            assert isinstance(screen, GlassworksScreen) and screen.viewer == 0
            assert 0 in table.to_act()
            view = table.view(0)
            action = GREEDY_BOT.choose(table.game, view, 0, rng)
            moves = len(table.log)
            await pilot.press(*keys_for(view, action))
            await settle(app, pilot)
            assert table.log[moves] == (0, action), f"the keys {keys_for(view, action)} did not play {action}"
            played[type(action).__name__] += 1
            if len(table.log) > 1000:
                raise AssertionError("the game did not end")
        await settle(app, pilot)
        assert isinstance(app.screen, ScoresScreen)
    assert {"Place", "Gather", "Draw"} <= set(played)
    resumed = Table.load(table.path)
    assert resumed.log == table.log and table.game.digest(resumed.state) == table.game.digest(table.state)


async def test_an_illegal_tile_is_refused_with_the_rules_reason():
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=7, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = table.view(0)
        piece = view.satchels[0][0]
        wrong = next(t for t in view.river if t != piece & 7)
        await pilot.press("space", "enter", str(view.river.index(wrong) + 1), "enter")
        await pilot.pause()
        assert table.log == []
        assert any("goes on the" in n.message for n in app._notifications)


async def test_the_other_players_board_is_one_key_away():
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob"), Seat("Cyd")], {}, seed=3, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        title = screen.query_one("#glass-title")
        assert "Ann's glassworks" in str(title.render())
        await pilot.press("b")
        assert "Bob's glassworks" in str(title.render())
        await pilot.press("b", "b")
        assert "Ann's glassworks" in str(title.render())


async def test_new_colours_are_ordered_and_the_grid_shows_where_they_go():
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=7, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # Seed 7: the triangle tile starts the river; its neighbour holds 2 new colours.
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        view = table.view(0)
        assert view.phase == "order"
        assert app.screen.query_one(GlassGrid).next_column == 0
        second = sorted({p >> 3 for p in view.pending})[1]
        await pilot.press("right", "enter")
        await pilot.pause()
        assert table.log[-1] == (0, NewColumn(second))
        assert table.state.boards[0].columns[0][0] >> 3 == second


async def test_arrows_and_tab_move_between_satchel_river_and_lake_even_with_the_log_focused():
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=7, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#log").focus()
        seen = [app.screen.zone]
        for key in ("down", "tab", "up", "k", "j"):
            await pilot.press(key)
            seen.append(app.screen.zone)
        assert seen == ["satchel", "river", "lake", "river", "satchel", "river"]
        screen = app.screen
        view = screen.view
        bright = sorted(view.river.index(tile) for tile in screen.targets(view, screen.legal_actions()))
        start = screen.cursors["river"]
        await pilot.press("right", "right")  # along the bright tiles, from the one the cursor is on
        assert screen.cursors["river"] == bright[(bright.index(start) + 2) % len(bright)]


def status(app) -> str:
    return str(app.screen.query_one(StatusBar).render())


async def test_the_status_line_follows_the_row_the_cursor_is_in():
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=7, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert status(app) == "Ann to act: pick 1 or 2 of a shape · Space: pick · Enter: place · d: draw"
        await pilot.press("space", "enter")
        piece = piece_name(table.view(0).satchels[0][0])
        # The pieces placed stay on the tile (only the tile beside it is gathered): said
        # as they are placed, at 80 columns too.
        assert status(app) == f"Ann to act: place {piece} on 1▲, left for the next player to gather · Enter"
        await pilot.press("d", "space", "right", "space")
        assert "picked W▲ C■ · Space: pick · Enter: draw, 2 to overflow (-6 VP)" in status(app)
        assert all(len(line) <= 80 for line in status(app).splitlines())


async def test_a_gather_with_one_tile_to_choose_offers_no_arrows():
    """Placed on the river's first tile, only the second is beside it: the status
    line names what it gives and Enter, not ←/→ that would move nowhere."""
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=7, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("space", "enter", "enter")  # the first satchel piece, on 1▲
        pieces = " ".join(piece_name(p) for p in table.view(0).tiles[table.view(0).river[1]])
        assert status(app) == f"Ann to act: gather ▶{pieces} from 2★ · Enter: gather"


async def test_every_pick_says_what_is_picked_how_many_more_and_which_key_picks_and_which_confirms(monkeypatch):
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=7, autosave=False)
    app = RiverApp(table, bot_delay=0)
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: told.append(message))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        satchel = table.view(0).satchels[0]  # C▲ B▲ and a third piece
        assert status(app) == ("Ann to act: place: none picked, 1 or 2 of a shape · Space: pick/unpick · "
                               "Enter: place · d: draw")
        await pilot.press("space")
        assert f"picked {piece_name(satchel[0])}, a 2nd ▲ may join" in status(app)
        await pilot.press("right", "space")
        assert f"picked {piece_name(satchel[0])} {piece_name(satchel[1])} · Space: unpick · Enter: place" in status(app)
        await pilot.press("escape", "d")
        lake = table.view(0).lake
        # 3 in the satchel and 4 drawn: 2 go to overflow, said before Enter
        assert status(app) == ("Ann to act: draw 4 from the lake: none picked, 4 more · Space: pick/unpick · "
                               "Enter: draw, 2 to overflow (-6 VP)")
        await pilot.press("space", "enter")  # Enter before the 4th: nothing is drawn, and it says how to go on
        assert len(table.log) == 0
        assert told[-1:] == [
            "Pick 3 more lake pieces with Space first: Enter then draws them."]
        assert f"draw 4 from the lake: picked {piece_name(lake[0])}, 3 more" in status(app)
        await pilot.press(*["right", "space"] * 3)
        picked = " ".join(piece_name(p) for p in lake[:4])
        assert status(app) == (f"Ann to act: draw 4 from the lake: picked {picked} · Space: unpick · "
                               "Enter: draw, 2 to overflow (-6 VP)")
        await pilot.press("right", "space")  # a fifth is refused: the pick stays whole
        assert app.screen.lake_picked == {0, 1, 2, 3}
        assert told[-1] == "4 picked already: Space on a picked piece unpicks it."
        await pilot.press("enter")
        assert table.log[-1][1] == Draw(tuple(sorted(lake[:4])))


async def test_on_the_river_the_prompt_says_what_each_tile_next_to_the_cursor_would_give_and_then_gives():
    """"Then gather all glass pieces from 1 adjacent river tile": before placing, the
    status line names the tile under the cursor and the pieces of each tile beside it."""
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=7, autosave=False)
    view = table.view(0)  # the river: ▲ ★ ♥ ● ◆ ■, from its start
    assert view.river == (1, 5, 0, 2, 4, 3)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("space", "right", "space", "enter", "right")  # C▲ B▲, to the second tile, ★
        pieces = [" ".join(piece_name(p) for p in view.tiles[shape]) for shape in (1, 0)]
        assert status(app) == (f"Ann to act: place C▲ B▲ on 2★ (left for the next player to gather), then gather "
                               f"{pieces[0]} from 1▲ or {pieces[1]} from 3♥ · Enter")
        await pilot.press("enter")  # placed: the same two choices, the one under the cursor marked
        assert status(app) == f"Ann to act: gather ▶{pieces[0]} from 1▲ or {pieces[1]} from 3♥ · ←/→ · Enter: gather"
        await pilot.press("right")
        assert status(app) == f"Ann to act: gather {pieces[0]} from 1▲ or ▶{pieces[1]} from 3♥ · ←/→ · Enter: gather"


async def test_a_piece_that_cannot_join_the_pick_is_refused_as_it_is_picked(monkeypatch):
    """Two pieces placed together have one shape, and no more than two go: a second
    piece of another shape, or a third, is refused at Space with why and how to
    unpick, and the pick stays as it was (it used to be taken, and refused at Enter)."""
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=7, autosave=False)
    satchel = table.view(0).satchels[0]  # C▲ B▲ and a piece of another shape
    assert satchel[0] & 7 == satchel[1] & 7 != satchel[2] & 7
    app = RiverApp(table, bot_delay=0)
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: told.append(message))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("space", "right", "right", "space")
        assert app.screen.picked == {0} and table.log == []
        assert told[-1] == (f"Only a 2nd ▲ may join {piece_name(satchel[0])}: two pieces placed together have "
                            "the same shape. Space on a picked piece unpicks it.")
        await pilot.press("left", "space", "right", "space")
        assert app.screen.picked == {0, 1}
        assert told[-1] == f"{piece_name(satchel[0])} {piece_name(satchel[1])} picked already: Space on a picked piece unpicks it."
        await pilot.press("enter")  # the pair goes to the river
        assert app.screen.zone == "river" and table.log == []


async def test_at_80x24_five_inventory_tracks_and_the_end_mark_fit_beside_the_grid():
    table = Table.create("glassworks", [Seat(f"Player {n}") for n in range(1, 6)], {}, seed=3, autosave=False)
    rng = random.Random(0)
    while table.state.turns_left is None:
        (seat,) = table.to_act()
        table.apply(seat, GREEDY_BOT.choose(table.game, table.view(seat), seat, rng))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)  # five people at one keyboard: the next is told what the others did
        info = app.screen.query_one(GlassInfo)
        lines = str(info.render()).splitlines()
        assert lines[0].startswith("⚑ ") and " left: " in lines[0]
        assert max(len(line) for line in lines) <= info.size.width
        inventories = " ".join(lines)
        assert all(f"Player {n}: {table.state.boards[n - 1].inventory}" in inventories for n in range(1, 6))


async def test_the_other_boards_titles_keep_to_one_line():
    table = Table.create("glassworks", [Seat("Ann"), Seat("Computer 1", "greedy"), Seat("Computer 2", "greedy")],
                         {}, seed=3, autosave=False)  # fmt: skip
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        titles = [title for title in app.screen.query(".other-title") if title.parent.display]
        assert len(titles) == 2
        assert all(title.size.height == 1 and "overflow 0" in str(title.render()) for title in titles)


async def test_a_cursor_move_repaints_neither_the_grids_nor_the_info(monkeypatch):
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob"), Seat("Cyd")], {}, seed=7, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        painted = []
        for widget in (*app.screen.query(GlassGrid), app.screen.query_one(GlassInfo)):
            monkeypatch.setattr(widget, "refresh", lambda *args, widget=widget, **kwargs: painted.append(widget))
        await pilot.press("right", "left", "space", "right")
        assert painted == []


async def test_by_mouse_a_click_picks_a_lake_or_satchel_piece_and_places_or_gathers_on_a_tile():
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=7, autosave=False)
    view = table.view(0)
    place = next(a for a in table.game.legal_actions(view, 0) if isinstance(a, Place) and len(a.pieces) == 1)
    index = view.satchels[0].index(place.pieces[0])
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lake = TILE_WIDTH * len(view.river) + 1
        await pilot.click(GlassRiver, offset=(lake + PIECE_CELLS + 1, 1))
        assert app.screen.zone == "lake" and app.screen.lake_picked == {1}
        await pilot.press("escape")
        label = len(app.screen.query_one("#satchel", PieceRow).label) + 1
        await pilot.click("#satchel", offset=(label + PIECE_CELLS * index + 1, 0))
        assert app.screen.picked == {index}
        await pilot.click(GlassRiver, offset=(TILE_WIDTH * view.river.index(place.tile) + 2, 1))
        await pilot.pause()
        assert table.log == [(0, place)]
        gather = table.game.legal_actions(table.view(0), 0)[0]
        await pilot.click(GlassRiver, offset=(TILE_WIDTH * table.view(0).river.index(gather.tile) + 2, 0))
        await pilot.pause()
        assert table.log[1] == (0, gather)


async def test_alone_there_is_no_other_board_key():
    table = Table.create("glassworks", [Seat("Ann")], {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = {active.binding.action for active in app.screen.active_bindings.values() if active.binding.show}
        assert "next_board" not in shown and "lake" in shown


async def test_each_river_tile_keeps_its_pieces_between_borders():
    from snapshots.test_glassworks_snapshots import busy_river_app
    from river_tui.widgets.glassworks.pieces import piece_name
    from river_tui.widgets.glassworks.river import BORDER

    app = busy_river_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GlassworksScreen))  # under any summary
        river = screen.query_one(GlassRiver)
        state = screen.table.state
        lines = river.render().plain.split("\n")
        for position, tile in enumerate(state.river):
            cells = slice(position * TILE_WIDTH, (position + 1) * TILE_WIDTH)
            parts = [line[cells] for line in lines[1:3]]
            assert all(part.startswith(BORDER) for part in parts), parts
            shown = " ".join(parts).replace(BORDER, " ").split()
            expected = [piece_name(p) for p in state.tiles[tile]]
            assert shown == expected, f"tile {position + 1}: {shown} != {expected}"


async def test_after_placing_the_arrows_visit_only_the_tiles_that_may_be_gathered():
    """The gather cursor never rests on the tile just placed on (or any other tile
    Enter would refuse): ←/→ go from one bright tile to the next."""
    table = Table.create("glassworks", [Seat("Ann")], {}, seed=11, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        await pilot.press("enter", "enter")  # the first piece, on the first tile that takes it
        view = screen.view
        assert view.phase == "gather"
        targets = {view.river.index(a.tile) for a in screen.legal_actions() if isinstance(a, Gather)}
        seen = set()
        for key in ("right", "right", "right", "left", "left", "left"):
            seen.add(screen.cursors["river"])
            await pilot.press(key)
        assert seen == targets, f"the cursor visited {seen}; the tiles to gather from are {targets}"
        assert view.river.index(view.placed) not in seen
        await pilot.press("enter")
        assert isinstance(table.log[-1][1], Gather)


async def test_the_gather_cursor_stops_at_the_ends_instead_of_wrapping_round():
    """← on the leftmost tile to gather from stays there (it used to jump to the
    rightmost, and Enter gathered the tile the player had moved away from)."""
    table = Table.create("glassworks", [Seat("Ann")], {}, seed=2, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        await pilot.press("enter", "enter")
        view = screen.view
        places = sorted(view.river.index(a.tile) for a in screen.legal_actions() if isinstance(a, Gather))
        assert len(places) > 1
        await pilot.press(*["left"] * len(places), "left")
        assert screen.cursors["river"] == places[0]
        await pilot.press(*["right"] * len(places), "right")
        assert screen.cursors["river"] == places[-1]


async def test_the_other_boards_titles_show_their_figures_whole_after_a_move():
    """At 120x40, "✦ Computer 1: inventory N, overflow N" fits its box; a name too
    long for it ends in an ellipsis, never the figures."""
    table = Table.create("glassworks", [Seat("Ann"), Seat("Computer 1", "greedy"),
                                        Seat("Bartholomew-Maximilian", "greedy")], {}, seed=3)  # fmt: skip
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        rng = random.Random(0)
        while table.state.round < 3:  # Ann's moves by the greedy player; the computers' mark their boards (✦)
            table.apply(0, GREEDY_BOT.choose(table.game, table.view(0), 0, rng))
            await settle(app, pilot)
        titles = [title for title in app.screen.query(".other-title") if title.parent.display]
        assert len(titles) == 2
        for title in titles:
            shown = on_screen(app, title.region)[0].rstrip()
            board = table.state.boards[1 if "Computer" in shown else 2]
            assert shown.endswith(f": inventory {board.inventory}, overflow {len(board.overflow)}"), shown
        assert any(on_screen(app, t.region)[0].startswith("✦ ") for t in titles), "no board marked"
        assert any("Bartholo" in on_screen(app, t.region)[0] and "…:" in on_screen(app, t.region)[0]
                   for t in titles)


async def test_the_overflow_step_says_what_each_piece_sent_costs_and_which_piece_enter_sends():
    """"Lose 3 VP for each piece in your overflow": the status line says so, and
    names the piece under the cursor that Enter sends."""
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    rng = random.Random(3)
    while not (table.to_act() == {0} and table.state.phase == "overflow"):
        seat = min(table.to_act())
        table.apply(seat, rng.choice(list(table.legal_actions(seat))))
    satchel = table.view(0).satchels[0]
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        extra = len(satchel) - 5
        assert status(app) == (f"Ann to act: satchel {len(satchel)} of 5: send {extra} to overflow, -3 VP each · "
                               f"←/→ · Enter: send {piece_name(satchel[0])}")
        await pilot.press("right")
        assert status(app).endswith(f"Enter: send {piece_name(satchel[1])}")
        await pilot.press("enter")
        assert table.log[-1] == (0, Overflow(satchel[1]))


async def test_a_draw_that_overfills_the_satchel_says_what_it_costs_before_enter():
    """"Your satchel can only hold 5 pieces. If you go over, place pieces of your choice
    in overflow" (-3 VP each): with 3 in the satchel, drawing 4 sends 2 there, and the
    line says so from the moment the lake is chosen, at 80 columns with a long name too."""
    table = Table.create("glassworks", [Seat("Bartholomews"), Seat("Bob")], {}, seed=7, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert len(table.view(0).satchels[0]) == 3
        await pilot.press("d")
        assert "Enter: draw, 2 to overflow (-6 VP)" in status(app)
        await pilot.press(*["space", "right"] * 4)
        assert status(app).endswith("Enter: draw, 2 to overflow (-6 VP)")
        await pilot.press("enter")
        assert len(table.view(0).satchels[0]) == 7 and "send 2 to overflow" in status(app)


async def test_five_long_names_at_80x24_leave_the_whole_side_in_sight():
    """Five 12-character names wrap the inventory tracks onto three lines: the board
    takes the rows it needs (the rarity chart, every colour by name, every track) and
    the log what is left;
    the board's title keeps "b: next board" on one line."""
    from support.cut_words import cut_words

    names = ["Bartholomews", "Maximilianus", "Wilhelminaaa", "Christophers", "Evangelineee"]
    table = Table.create("glassworks", [Seat(names[0])] + [Seat(name, "greedy") for name in names[1:]], {}, seed=3,
                         autosave=False)
    rng = random.Random(3)
    while len(table.log) < 8 or table.to_act() != {0}:
        seat = min(table.to_act())
        table.apply(seat, GREEDY_BOT.choose(table.game, table.view(seat), seat, rng))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        info = app.screen.query_one(GlassInfo)
        shown = "\n".join(on_screen(app, info.region))
        assert "Evangelineee: " in shown and "Rarity" in shown, shown
        # The rarity chart names every colour in the rulebook's words, beside its letter.
        for colour in COLOURS:
            assert f"{colour.letter} {colour.name}" in shown, (colour.name, shown)
        assert not cut_words(app)
        assert app.screen.query_one("#log").size.height >= 3
        # The board's title leaves out "glassworks" rather than split its key over two lines.
        assert "Bartholomews (1 of 5) · b: next board" in on_screen(app, app.screen.region)[7]


async def test_the_other_boards_titles_never_run_into_each_other():
    """At 120x40 three other boards stand side by side: each title ends a column before
    the next begins ("overflow 0Wilhelminaaa" read as one word), a long name ending in "…"."""
    names = ["Bartholomews", "Maximilianus", "Wilhelminaaa", "Christophers"]
    table = Table.create("glassworks", [Seat(names[0])] + [Seat(name, "greedy") for name in names[1:]], {}, seed=3,
                         autosave=False)
    rng = random.Random(3)
    while len(table.log) < 4 or table.to_act() != {0}:  # the others moved: their titles carry the ✦ mark
        seat = min(table.to_act())
        table.apply(seat, GREEDY_BOT.choose(table.game, table.view(seat), seat, rng))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await put_away_recaps(pilot)
        titles = app.screen.query(".other-title")
        assert len([t for t in titles if t.display and t.parent.display]) == 3
        shown = [line for line in on_screen(app, app.screen.region) if "inventory" in line and "overflow" in line]
        assert shown and all(not re.search(r"overflow \d+\S", line) for line in shown), shown
