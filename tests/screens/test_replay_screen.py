"""The replay screen, driven by keys with Pilot: every game's own screen, read-only,
stepping back and forth; the board always matches a fresh replay of the save."""

from __future__ import annotations

import re

import pytest
from textual.widgets import OptionList

from river_tui.app.river_app import RiverApp
from river_tui.play.replay import revealed
from river_tui.screens.game_base import GameScreen
from river_tui.screens.replay import MoveList, RoundPicker, open_replay
from river_tui.screens.scores import ScoresScreen
from river_tui.play.table import Seat, Table
from river_tui.widgets.game_footer import GameFooter
from support.toygame import Roll, Step
from support import toyscreen

from support.replay_games import GAME_IDS, bot_table, with_screen
from support.footer import footer_entries, footer_showing
from support.waiting import workers_done


async def board_text(pilot) -> list[str]:
    """The text of the board area as the terminal shows it (without the move list,
    where a board places it beside itself: its scroll is not the position's)."""
    await pilot.pause()
    screen = pilot.app.screen
    region = screen.query_one("#board").region
    moves = screen.query_one("#log").region
    strips = screen._compositor.render_strips()
    lines = [strips[y].text for y in range(region.y, region.bottom)]
    return [
        line[: moves.x] + line[moves.right :] if moves.y <= y < moves.bottom else line
        for y, line in enumerate(lines, start=region.y)
    ]


async def assert_shows_fresh_replay(pilot, screen: GameScreen, position: int, board: bool = False) -> None:
    """The screen is at ``position`` and draws the state a fresh replay of the save
    has there; with ``board``, the board on screen is also the one a replay screen
    opened afresh at that position draws."""
    app = pilot.app
    assert screen.replay.position == position
    assert str(screen.query_one("#status").render()).startswith(f"Replay {position}/")
    fresh = Table.load(screen.table.path)
    game = fresh.game
    expected = revealed(fresh.state_at(position)) if screen.replay.reveal_all else game.view(fresh.state_at(position), 0)
    assert game.digest(screen.view) == game.digest(expected)
    if not board:
        return
    shown = await board_text(pilot)
    open_replay(app, fresh, position)
    assert await board_text(pilot) == shown
    app.pop_screen()
    await pilot.pause()


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_finished_game_steps_back_and_forth_and_matches_a_fresh_replay(game_id):
    with_screen(game_id)
    table = bot_table(game_id)
    moves = len(table.log)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await workers_done(app, pilot)
        await pilot.press("r")  # the saves list's only save, in replay
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.replay.reveal_all
        assert isinstance(app.focused, MoveList)
        await assert_shows_fresh_replay(pilot, screen, moves)
        await pilot.press("home", "down", "down", "down", "up")
        await assert_shows_fresh_replay(pilot, screen, 2, board=True)
        await pilot.press("end", "up", "up", "up", "down")
        await assert_shows_fresh_replay(pilot, screen, moves - 2, board=True)
        await pilot.press("home", "right_square_bracket")
        await assert_shows_fresh_replay(pilot, screen, screen.replay.round_starts[1][0])
        assert table.log == Table.load(table.path).log  # nothing was played or saved


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_an_unfinished_game_shows_only_what_its_first_human_seat_saw(game_id):
    with_screen(game_id)
    table = bot_table(game_id, stop_after=12)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, Table.load(table.path))
        await pilot.pause()
        screen = app.screen
        assert screen.viewer == 0 and not screen.replay.reveal_all
        await assert_shows_fresh_replay(pilot, screen, 12)
        if table.game.hidden_information:  # hands, roles or a choice not yet shown: something is hidden
            assert table.game.digest(screen.view) != table.game.digest(revealed(table.state_at(12)))
        await pilot.press("up", "up", "up")
        await assert_shows_fresh_replay(pilot, screen, 9, board=True)


def toy_save(moves, kinds=("human", "human")) -> Table:
    table = Table.create("toy", [Seat(f"P{i + 1}", k) for i, k in enumerate(kinds)], {}, seed=3)
    for action in moves:
        table.apply(min(table.to_act()), action)
    return table


async def test_other_seats_secrets_stay_hidden_until_the_game_is_over():
    table = toy_save([Step(1), Step(1), Step(1)])
    secrets = table.state.secrets
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, table, position=1)
        await pilot.pause()
        assert " ".join(await board_text(pilot)).split()[-2:] == [str(secrets[0]), "?"]
        await pilot.press("v")
        assert app.screen.viewer == 0  # other seats' eyes only once the game is over
        for _ in range(7):
            table.apply(min(table.to_act()), Step(1))
        assert table.finished
        app.pop_screen()
        open_replay(app, table, position=1)
        await pilot.pause()
        assert " ".join(await board_text(pilot)).split()[-2:] == [str(secrets[0]), str(secrets[1])]
        await pilot.press("v")
        assert app.screen.viewer == 1 and "P2's eyes, all revealed" in str(app.screen.query_one("#status").render())


async def test_a_replay_accepts_no_move_no_undo_and_leaves_the_save_alone():
    table = toy_save([Step(2), Step(2)])
    before = table.path.read_bytes()
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, Table.load(table.path))
        await pilot.pause()
        screen = app.screen
        await pilot.press("1", "r", "u", "s")
        await pilot.pause()
        assert len(screen.table.log) == 2 and screen.legal_actions() == []
        assert any("This is a replay" in n.message for n in app._notifications)
        assert not screen.check_action("undo", ()) and not screen.check_action("save", ())
        await pilot.press("L")
        assert screen.query_one(MoveList).has_class("-hidden")
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
    assert table.path.read_bytes() == before


async def test_stepping_never_wraps_round_the_ends():
    table = toy_save([Step(1), Step(1)])
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, table)
        await pilot.pause()
        await pilot.press("down")
        assert app.screen.replay.position == 2
        await pilot.press("home", "up", "k")
        assert app.screen.replay.position == 0
        await pilot.press("j")
        assert app.screen.replay.position == 1


async def test_jump_to_a_round_from_the_picker():
    table = toy_save([Step(2), Roll(), Step(1)])
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, table, position=0)
        await pilot.pause()
        screen = app.screen
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, RoundPicker)
        rounds = app.screen.query_one("#rounds", OptionList)
        assert rounds.option_count == len(screen.replay.round_starts) and rounds.highlighted == 0
        assert "[ and ] step a round" in str(app.screen.query_one("#picker-keys").render())
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert app.screen is screen and screen.replay.position == screen.replay.round_starts[2][0] == 2
        await pilot.press("g", "escape")
        await pilot.pause()
        assert app.screen is screen and screen.replay.position == 2


async def test_the_move_list_speaks_the_games_language():
    table = toy_save([Step(2), Roll()])
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, table)
        await pilot.pause()
        moves = app.screen.query_one(MoveList)
        rows = [str(moves.get_option_at_index(i).prompt) for i in range(moves.option_count)]
        assert rows[0].startswith("   0. The game is set up.")
        assert rows[1].startswith("   1. P1") and "stepped 2" in rows[1] and "── Counter 2 ──" in rows[1]
        assert rows[2].startswith("   2. P2") and "rolled" in rows[2]
        assert all(row.count("P1") + row.count("P2") == 1 for row in rows[1:])  # each seat named once


async def test_the_scores_screen_opens_the_replay_of_the_game_just_played():
    table = toy_save([Step(2)] * 4)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        scores = app.screen
        assert isinstance(scores, ScoresScreen)
        await pilot.press("r")
        await pilot.pause()
        replay = app.screen.replay
        assert replay.table is table and replay.reveal_all and replay.position == 5
        footer = [key for key in app.screen.query_one(GameFooter).shown if key.action == "leave_replay"]
        assert [key.description for key in footer] == ["Back"]
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is scores


MOVE_KEYS = {
    # keys that make or prepare a move in the live game (v, g and the arrows belong to the move list)
    "glassworks": ["d", "space", "enter", "1", "escape"],
    "flow": ["r", "n", "1", "R"],
    "riverside": ["x", "plus", "f", "t", "2"],
    "we-all-take": ["d", "t", "n"],
}


@pytest.mark.parametrize("game_id", list(MOVE_KEYS))
async def test_a_replays_footer_offers_its_own_keys_and_no_move_keys(game_id):
    with_screen(game_id)
    table = bot_table(game_id)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, Table.load(table.path), position=5)
        await pilot.pause()
        screen = app.screen
        replay_keys = {"cursor_up", "cursor_down", "round", "pick_round", "next_viewer", "help", "leave_replay"}
        shown = await footer_showing(pilot, screen, replay_keys)
        assert replay_keys <= shown
        assert not shown & screen.PLAY_ACTIONS
        assert "leave" not in shown  # "q Menu" would be untrue: q goes back to where the replay was opened
        await pilot.press(*MOVE_KEYS[game_id])
        await pilot.pause()
        assert app.screen is screen and screen.replay.position == 5
        assert not any("replay" in n.message for n in app._notifications)  # hidden keys do nothing at all
        await pilot.press("down", "right_square_bracket")
        await pilot.pause()
        assert screen.replay.position > 6


async def test_with_the_move_list_hidden_its_keys_still_step_and_the_status_line_says_the_move():
    table = toy_save([Step(2), Roll(), Step(1)])
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, table, position=1)
        await pilot.pause()
        screen = app.screen
        status = screen.query_one("#status")
        assert "stepped" not in str(status.render())  # the move list shows it
        await pilot.press("L", "down")
        await pilot.pause()
        assert screen.replay.position == 2 and isinstance(app.focused, MoveList)
        assert str(status.render()).endswith("· " + screen.replay.move_words())
        assert "P2" in screen.replay.move_words()
        assert {"cursor_down", "round(1)"} <= {name for name, _ in footer_entries(screen)}


async def test_the_move_lists_long_lines_wrap_under_their_text_not_under_the_number():
    with_screen("riverside")
    table = bot_table("riverside")
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, Table.load(table.path), position=0)
        await pilot.pause()
        moves = app.screen.query_one(MoveList)
        width = moves.scrollable_content_region.width
        rows = [str(moves.get_option_at_index(i).prompt) for i in range(moves.option_count)]
        assert any(len(line) > width for row in rows for line in row.split("\n"))  # some lines must wrap
        lines: list[str] = []
        for top in range(0, moves.virtual_size.height, moves.size.height):
            moves.scroll_to(y=top, animate=False, immediate=True)
            await pilot.pause()
            lines += [moves.render_line(y).text for y in range(min(moves.size.height, moves.virtual_size.height - top))]
        assert len(lines) == moves.virtual_size.height
        numbered = [line for line in lines if re.match(r" *\d+\. \S", line)]
        assert len(numbered) == moves.option_count  # every row shows, each number once
        assert all(line.startswith(" " * 6) and line[6] != " " for line in lines if line not in numbered and line.strip())


async def test_we_all_takes_replay_lists_nothing_to_do():
    with_screen("we-all-take")
    from river_tui.widgets.we_all_take.choice_list import ChoiceList

    table = bot_table("we-all-take")
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, Table.load(table.path), position=5)
        await pilot.pause()
        screen = app.screen
        assert screen.legal_actions() == [] and screen.query_one(ChoiceList).option_count == 0
        await pilot.press("tab", "enter", "n", "d")  # the map's Enter and the move keys do nothing
        await pilot.pause()
        assert app.screen is screen and screen.replay.position == 5
        assert not app._notifications


async def test_riversides_round_keys_step_a_round_not_a_phase():
    with_screen("riverside")
    table = bot_table("riverside")
    app = RiverApp()
    async with app.run_test(size=(120, 40)) as pilot:
        open_replay(app, Table.load(table.path), position=0)
        await pilot.pause()
        screen = app.screen
        labels = screen.replay.labels
        await pilot.press("right_square_bracket")
        await pilot.pause()
        first = screen.replay.position
        await pilot.press("right_square_bracket")
        await pilot.pause()
        second = screen.replay.position
        # Round 1 has phases 2 and 3; one key press crosses both, landing on round 2's first position.
        assert labels[first].startswith("Round 2,") and labels[second].startswith("Round 3,")
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert screen.replay.position == first


async def test_a_replay_opened_at_a_move_shows_the_hex_under_its_cursor():
    """The cursor is put on the hex of the structures to act before the map has a size;
    the map scrolls to it once it has one (at 80x24 the map, with its key, is taller than
    its room); every hexagon of the five rows is in sight."""
    from river_tui.widgets.we_all_take.hex_map import PLACE, HexMap

    with_screen("we-all-take")
    table = bot_table("we-all-take", stop_after=12)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, Table.load(table.path), 9)
        await pilot.pause()
        hex_map = app.screen.query_one(HexMap)
        in_sight = hex_map.size.region.translate(hex_map.scroll_offset)
        assert hex_map.virtual_size.height > hex_map.size.height
        assert in_sight.contains_region(hex_map.place_region(hex_map.cursor))
        # the five rows of the map are in sight (the hex panel gives way on a small terminal)
        assert all(in_sight.contains_region(hex_map.place_region(tile)) for tile in PLACE)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_at_80_columns_the_replays_keys_status_and_round_list_read_whole(game_id):
    """The footer's words stand apart ("[] Round g Jump", not "[] Roundg Jump"); the
    status line with the move list hidden is whole or ends in "…" (the move list, L,
    has the move); the round list keeps each entry on one line."""
    from support.screen_text import on_screen

    with_screen(game_id)
    table = bot_table(game_id)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, Table.load(table.path), position=table.game and len(table.log) // 2)
        await pilot.pause()
        screen = app.screen
        footer = " ".join(on_screen(app, screen.query_one(GameFooter).region)[0].split())
        assert "Round g Jump" in footer or "Round" not in footer, footer
        if not screen.query_one("#log").has_class("-hidden"):
            await pilot.press("L")
            await pilot.pause()
        status = on_screen(app, screen.query_one("#status").region)[0].rstrip()
        whole = screen.replay.status() + " · " + screen.replay.move_words()
        assert status.strip() == whole or (status.endswith("…") and status.strip()[:-1] in whole), status
        await pilot.press("g")
        await pilot.pause()
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, RoundPicker)
        entries = {f"{label or 'Start'}  (move {position})" for position, label in screen.replay.round_starts}
        rows = [row.strip(" │▊▎▔▁▂▃▄▅▆▇█") for row in on_screen(app, picker.query_one("#rounds").region)]
        assert [row for row in rows if row and row not in entries] == [], rows
        assert "[ and ] step a round" in " ".join(on_screen(app, picker.query_one("#picker-keys").region))


async def test_esc_leaves_a_replay_as_q_does():
    table = toy_save([Step(2), Roll(), Step(1)])
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        below = app.screen
        open_replay(app, table, position=1)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is below
