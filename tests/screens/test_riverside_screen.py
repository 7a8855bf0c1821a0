"""Riverside played through the keyboard with Pilot."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.rules.riverside import GAME
from river_tui.rules.riverside.actions import (
    ChooseDice,
    Cross,
    EndExcursions,
    LeaveVillage,
    ResolveBonus,
    Score,
    UsePlusOne,
    UsePower,
    Visit,
)
from river_tui.rules.riverside.bots import GREEDY_BOT
from river_tui.rules.riverside.components import CHURCH, COLOURS, POWER_NAMES, POWER_TEXT, POWERS, TILES
from river_tui.rules.riverside.bonuses import one_way_bonus, one_way_bonuses_after
from river_tui.rules.riverside.dice_and_seats import dice_value
from river_tui.rules.riverside.state import FILL_SEATS
from river_tui.rules.riverside.scoring import captain_points
from river_tui.rules.riverside.excursions import best_excursion, best_score, reach, village_outlook
from river_tui.screens.confirm import ConfirmScreen
from river_tui.screens.handover import HandoverScreen
from river_tui.screens.riverside.screen import RiversideScreen, fill_plan, vacant_seats, village_letters, village_words
from river_tui.screens.scores import ScoresScreen
from river_tui.play.table import Seat, Table

from support.keyboard import press_ready, take_the_keyboard
from support.recap import put_away_recaps
from support.screen_text import on_screen
from support.waiting import workers_done
from river_tui.widgets.riverside.dice_tray import DiceTray, tray_rows
from river_tui.widgets.riverside.board import EDGE, TILE_WIDTH, RiverBoard
from river_tui.widgets.riverside.score_sheet import POWER_ABBREVIATIONS, ScoreSheet
from river_tui.widgets.status_bar import StatusBar

POWER_KEYS = {"fan_base": "f", "warm_night": "w", "speed_boat": "v", "early_birds": "e"}


def tray_order(screen: RiversideScreen) -> list[int]:
    """The base dice in the order → visits them: the tray's heat row, then the row below."""
    view = screen.view
    return [die for row in tray_rows(view.dice, view.temperature) for die in row]


def die_steps(screen: RiversideScreen, die: int) -> int:
    """The → presses from the die under the cursor to ``die``."""
    order = tray_order(screen)
    return (order.index(die) - order.index(screen.die_cursor)) % len(order)


def keys_for(screen: RiversideScreen, view, seat: int, action) -> list[str]:
    """The keys that make ``action`` on the screen, from where its cursors stand."""
    if isinstance(action, ChooseDice):
        return ["right"] * die_steps(screen, COLOURS.index(action.die)) + (["g"] if action.green else []) + ["enter"]
    if isinstance(action, Cross):
        return [str(action.row + 1), "enter"]
    if isinstance(action, ResolveBonus):  # the first earned goes first: their order changes nothing
        assert action == screen.legal_actions()[0]
        return ["enter"]
    if isinstance(action, UsePower):
        return [POWER_KEYS[action.power]]
    if isinstance(action, UsePlusOne):
        return ["plus"]
    if isinstance(action, Visit):
        tiles = view.board.tiles
        return ["right"] * ((tiles.index(action.tile) - screen.village_cursor) % len(tiles)) + ["enter"]
    if isinstance(action, Score):
        village = view.drafts[seat].turn.village
        targets = [t for t, _ in TILES[view.board.tiles[village]].village]
        steps = (targets.index(action.target) - screen.score_cursor) % len(targets)
        return ["right"] * steps + (["t"] if action.prize else []) + ["enter"]
    assert isinstance(action, (LeaveVillage, EndExcursions))
    # x asks first when it would throw away an excursion that scores: y says yes.
    draft = view.drafts[seat]
    if isinstance(action, EndExcursions):
        asks = any(best_excursion(view, draft, view.board.slot_of(a.tile))
                   for a in screen.legal_actions() if isinstance(a, Visit))
    else:
        asks = not draft.turn.scored and best_score(village_outlook(view, draft, draft.turn.village))
    return ["x", "y"] if asks else ["x"]


async def settle(app, pilot):
    """Wait until no computer seat is thinking. (A worker may end cancelled: the
    base screen starts the next computer seat's thought from within the last one's
    callback, which cancels it while it finishes.) Then put away the summary of
    what happened since the player's last turn, as a player does."""
    await workers_done(app, pilot)
    await put_away_recaps(pilot)


async def play_by_keys(app, pilot, table, seat, rng):
    screen = app.screen
    assert isinstance(screen, RiversideScreen) and screen.viewer == seat
    view = table.view(seat)
    action = GREEDY_BOT.choose(table.game, view, seat, rng)
    moves = len(table.log)
    keys = keys_for(screen, view, seat, action)
    await pilot.press(*keys)
    await settle(app, pilot)
    assert table.log[moves] == (seat, action), f"the keys {keys} did not play {action}"
    return action


async def the_final_roll_shows_then_enter_opens_the_scores(app, pilot, table: Table) -> None:
    """The game is over, and its last step is on the board before the scores: the
    final roll in the tray and the status line, the ship at the anchor."""
    screen = app.screen
    assert isinstance(screen, RiversideScreen), screen
    state = table.state
    line = status(app)
    assert line.startswith(f"Final roll: green {state.green}; ") or line.startswith("Final roll: temperature")
    assert "the cruise ship reached the anchor" in line and "Enter" in line
    tray = str(screen.query_one(DiceTray).render())
    assert f"G{state.green}" in tray and "The ship is at the anchor." in tray
    assert screen.query_one(RiverBoard).ship == state.board.anchor == state.ship
    assert "scores" in footer_actions(app)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, ScoresScreen)


async def test_a_whole_solo_game_by_keyboard_saves_every_move_and_ends_on_the_scores():
    table = Table.create("riverside", [Seat("Ann")], {}, seed=21)
    app = RiverApp(table, bot_delay=0)
    played = Counter()
    rng = random.Random(0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        while not table.finished:
            played[type(await play_by_keys(app, pilot, table, 0, rng)).__name__] += 1
            assert len(table.log) < 2000, "the game did not end"
        await settle(app, pilot)
        await the_final_roll_shows_then_enter_opens_the_scores(app, pilot, table)
    assert {"ChooseDice", "Cross", "Visit", "Score"} <= set(played)
    resumed = Table.load(table.path)
    assert resumed.log == table.log and table.game.digest(resumed.state) == table.game.digest(table.state)
    assert "Seat 1:" in table.result().notes[0]


async def test_three_seats_with_two_computers_play_to_the_end():
    table = Table.create("riverside", [Seat("Ann"), Seat("Bot", "greedy"), Seat("Cat", "greedy")], {}, seed=5)
    app = RiverApp(table, bot_delay=0)
    rng = random.Random(1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        while not table.finished:
            if 0 in table.to_act():
                await play_by_keys(app, pilot, table, 0, rng)
            else:
                await settle(app, pilot)
            assert len(table.log) < 5000, "the game did not end"
        await settle(app, pilot)
        await the_final_roll_shows_then_enter_opens_the_scores(app, pilot, table)
    assert len(table.result().scores) == 3
    resumed = Table.load(table.path)
    assert table.game.digest(resumed.state) == table.game.digest(table.state)


async def test_hot_seat_each_human_commits_in_turn_behind_the_handover_screen():
    table = Table.create("riverside", [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    app = RiverApp(table, bot_delay=0)
    rng = random.Random(2)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_the_keyboard(app, pilot)
        await settle(app, pilot)
        while 0 in table.to_act():
            await play_by_keys(app, pilot, table, 0, rng)
        # Ann has committed phase 2; nothing resolved: Bob takes the keyboard.
        assert table.state.phase == 2 and table.to_act() == {1}
        assert isinstance(app.screen, HandoverScreen)
        await press_ready(pilot)
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, RiversideScreen) and screen.viewer == 1
        assert screen.view.drafts[0] is None  # Bob never sees Ann's choices
        while 1 in table.to_act() and table.state.phase == 2:
            await play_by_keys(app, pilot, table, 1, rng)
        assert table.state.phase == 3


def status(app) -> str:
    return str(app.screen.query_one(StatusBar).render())


def footer_actions(app) -> set[str]:
    """The actions of the keys the footer offers now."""
    return {active.binding.action for active in app.screen.active_bindings.values() if active.binding.show}


def greedy_table(seed: int, moves: int) -> Table:
    """A solo table after ``moves`` moves of the greedy seat."""
    table = Table.create("riverside", [Seat("Ann")], {}, seed=seed, autosave=False)
    rng = random.Random(0)
    for _ in range(moves):
        table.apply(0, GREEDY_BOT.choose(table.game, table.view(0), 0, rng))
    return table


async def test_an_unaffordable_die_is_marked_and_refused_with_the_rules_reason():
    table = greedy_table(seed=5, moves=45)  # round 3: too little fire left for some dice
    legal = {a.die for a in table.game.legal_actions(table.view(0), 0) if isinstance(a, ChooseDice)}
    refused = next(i for i, colour in enumerate(COLOURS) if colour not in legal)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        screen = app.screen
        assert COLOURS[screen.die_cursor] in legal  # the cursor starts on a die that may be chosen
        await pilot.press(*["right"] * die_steps(screen, refused))
        assert "not allowed" in str(screen.query_one(DiceTray).note)
        moves = len(table.log)
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.log) == moves
        assert any("fire symbols left" in n.message for n in app._notifications)


async def test_done_is_a_footer_key_only_while_choosing_excursions():
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "done" not in footer_actions(app) and "choose" in footer_actions(app)
        while table.state.phase == 2:
            await pilot.press("enter")
        await pilot.pause()
        assert "done" in footer_actions(app)
        footer = app.screen.query_one("GameFooter")
        assert "x End excursions" in on_screen(app, footer.region)[0]


async def test_one_enter_crosses_every_seat_the_dice_note_shows():
    """Seed 4 opens on white 3: the cursor starts on row 2, the row three seats
    complete (from row 1 they would complete none), and one Enter takes all three, as
    the note said; the bonus seat on another boat (where one seat completes no row)
    starts from that boat's first row; u takes back that Enter's three crosses."""
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press(*["right"] * die_steps(screen, COLOURS.index("white")), "enter")
        assert status(app) == "Ann to act: cross 3 seats on white: row 2 completes ✓3 +1P · ↑/↓, Enter"
        assert screen.row_cursor == 1 and str(screen.query_one(DiceTray).note) == "Enter: row 2×3"
        await pilot.press("enter")
        assert [action.row for _, action in table.log if isinstance(action, Cross)] == [1, 1, 1]
        # Row 2 is complete: its bonus seat goes on pink, from the first row.
        assert "bonus, 1 seat on pink: row 1 (3 more to ✓4)" in status(app) and screen.row_cursor == 0
        # u takes back what the Enter did: the three crosses, not the last alone.
        await pilot.press("u")
        await pilot.pause()
        assert table.log == [(0, ChooseDice("white", False))]
        assert status(app).startswith("Ann to act: cross 3 seats on white: row 2 completes")
        # A move made since another way (a hint's Enter, a click) is what u takes back.
        await pilot.press("enter")
        table.apply(0, Cross("pink", 0))
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert table.log == [(0, ChooseDice("white", False)), *[(0, Cross("white", 1))] * 3]


def solo_table_before_a_one_way_bonus(seed: int) -> tuple[Table, int, tuple[Cross, ...]]:
    """A solo game of random moves (seeded), up to the first fill of seats after which,
    from some row, a bonus follows whose seats can go one way only (the rules' count);
    that row and the bonus crosses."""
    table = Table.create("riverside", [Seat("Ann")], {}, seed=seed, autosave=False)
    rng = random.Random(seed)
    while not table.finished:
        legal = table.legal_actions(0)
        view = table.view(0)
        draft = view.drafts[0] if view.drafts else None
        if draft is not None and draft.turn.stage == FILL_SEATS:
            turn = draft.turn
            for row in {a.row for a in legal}:
                plan = [Cross(COLOURS[turn.boat], r) for r, n in fill_plan(draft.sheet, turn.boat, row, turn.left)
                        for _ in range(n)]
                if forced := one_way_bonuses_after(view, draft, plan):
                    return table, row, forced
        table.apply(0, rng.choice(legal))
    raise AssertionError("the seeded game never reached the position the test needs")


async def test_one_enter_also_crosses_the_bonus_seats_that_can_go_one_way_only():
    """A bonus whose seats can go one way only (one row with room on its boat, or
    seats for every vacant one) takes no Enter of its own: the note says it comes
    with the dice's seats, the same Enter crosses it, and a chain of such bonuses
    too; the next step left is a real choice (or the phase is done)."""
    table, row, forced = solo_table_before_a_one_way_bonus(3)
    moves = len(table.log)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        screen = app.screen
        await pilot.press(str(row + 1))
        note = str(screen.query_one(DiceTray).note)
        assert "bonus" in note, note
        left = screen.view.drafts[0].turn.left
        await pilot.press("enter")
        await pilot.pause()
        crosses = [action for _, action in table.log[moves:]]
        assert crosses[left:] == list(forced) and len(crosses) == left + len(forced)
        view = table.view(0)
        if view.phase == 2:
            assert one_way_bonus(view, view.drafts[0]) is None


async def test_the_status_line_names_the_village_under_the_cursor_and_what_a_colour_would_score():
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while table.state.phase == 2:
            await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        for key in ("right", "right", "down"):  # the cursor may leave the range: the line says so
            view = screen.view
            tile = view.board.tiles[screen.village_cursor]
            assert status(app).startswith(f"Ann to act: {village_letters(tile)}, {view.board.distance[view.ship][screen.village_cursor]} away")
            await pilot.press(key)
        assert "out of range 3" in status(app)
        # Nothing in range would score (round 1): Enter would end the excursions; a click goes.
        screen.play(next(a for a in screen.legal_actions() if isinstance(a, Visit)))
        await pilot.pause()
        assert re.search(r"to act: nothing here scores now.* · Enter or x: leave$", status(app))
        assert len(status(app)) <= 78  # the whole line shows at 80 columns


@pytest.mark.parametrize("width", [80, 120])
async def test_the_village_line_fits_the_status_bar_whatever_the_village(width):
    """Every village under the cursor, in range or not, for a long name: the line
    shows whole and ends with the keys the player needs next (Enter on a village in
    range; the rest, or where help lists them): the words give way, never the keys."""
    table = Table.create("riverside", [Seat("Annabelle-Josephine")], {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(width, 24 if width == 80 else 40)) as pilot:
        await pilot.pause()
        while table.state.phase == 2:
            await pilot.press("enter")
        await pilot.pause()
        lines = set()
        screen = app.screen
        for _ in range(len(screen.view.board.tiles)):
            in_range = Visit(screen.view.board.tiles[screen.village_cursor]) in screen.legal_actions()
            lines.add((in_range, status(app)))
            await pilot.press("right")
        assert all(len(line) <= width - 2 for _, line in lines)
        assert any("out of range" in line for _, line in lines)
        # (where nothing in range would score, Enter on one in range ends the excursions)
        assert all(" · Enter go" in line or ": end excursions" in line for in_range, line in lines if in_range), lines
        assert all(line.endswith("?: keys") or " · x: end excursions" in line
                   for in_range, line in lines if not in_range), lines


async def test_the_other_sheets_are_one_key_away():
    table = Table.create("riverside", [Seat("Ann"), Seat("Bob"), Seat("Cyd")], {}, seed=3, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_the_keyboard(app, pilot)
        sheet = app.screen.query_one(ScoreSheet)
        assert sheet.name_ == "Ann"
        await pilot.press("o")
        assert sheet.name_ == "Bob (o: back)"
        await pilot.press("o", "o")
        assert sheet.name_ == "Ann"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_another_sheets_points_read_whole_under_a_long_name(size):
    """"Bartholomew-Alexander (o: back): boats W12 ..." left no room for the captain's
    points ("captain 0 (church 0 +" was all there was): they go on a line of their own."""
    names = ("Annabelle-Josephine", "Bartholomew-Alexander")
    table = Table.create("riverside", [Seat(name) for name in names], {}, seed=5, autosave=False)
    rng = random.Random(0)
    while sum(table.state.sheets[1].church) < 10:  # two-digit scores: the longest lines
        seat = min(table.to_act())
        table.apply(seat, GREEDY_BOT.choose(table.game, table.view(seat), seat, rng))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await take_the_keyboard(app, pilot)
        await put_away_recaps(pilot)
        sheet = app.screen.query_one(ScoreSheet)
        if sheet.name_ != f"{names[1]} (o: back)":
            await pilot.press("o")
        assert sheet.name_ == f"{names[1]} (o: back)"
        await pilot.pause()
        shown = " ".join(on_screen(app, sheet.region))
        assert re.search(r"= \d+\s+(· )?captain \d+ \(church \d+ \+ lowest \d+\)", shown), shown


async def test_choosing_a_die_repaints_neither_the_sheet_nor_the_river(monkeypatch):
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        painted = []
        for widget in (app.screen.query_one(ScoreSheet), app.screen.query_one(RiverBoard)):
            monkeypatch.setattr(widget, "refresh", lambda *args, widget=widget, **kwargs: painted.append(widget))
        await pilot.press("right", "g", "left")
        assert painted == []


async def test_the_dice_note_warns_of_crosses_a_full_boat_would_lose():
    """"Crosses beyond four full rows are lost": seed 6 after 38 greedy moves, the
    white die is worth more than the white boat's free seats."""
    table = greedy_table(seed=6, moves=38)
    view = table.view(0)
    white = COLOURS.index("white")
    vacant = vacant_seats(view.drafts[0].sheet, white)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        screen = app.screen
        await pilot.press(*["right"] * die_steps(screen, white))
        value = dice_value(view, view.drafts[0].sheet, white, False)
        assert str(screen.query_one(DiceTray).note).startswith(f"→ {value} white, {value - vacant} lost,")


async def test_one_enter_never_asks_which_bonus_first_and_the_rows_prompt_says_what_each_gives():
    """Seed 4: brown 7, six seats crossed; the seventh completes brown's top row, the
    third row complete already: a yellow seat and a white seat wait. "You may resolve
    them in the order of your choice" changes nothing (every order reaches the same
    sheets), so the same Enter goes on to the first earned: the white seat, whose rows
    are a choice, and the prompt says what the row under the cursor gives."""
    table = greedy_table(seed=4, moves=7)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1", "enter")
        await pilot.pause()
        assert table.log[7:] == [(0, Cross("brown", 0)), (0, ResolveBonus("brown", 2))]
        assert "which bonus" not in status(app)
        assert status(app) == "Ann to act: bonus, 1 seat on white: row 1 (4 more to ✓6) · ↑/↓, Enter"
        await pilot.press("4")
        assert "row 4 (5 more to ✓8)" in status(app)


async def test_bonuses_waiting_when_the_game_is_taken_up_go_in_the_order_earned_at_enter():
    """Seed 4, 8 greedy moves (made elsewhere than the screen): two brown rows'
    bonuses wait; the screen asks no order: Enter takes the first earned."""
    table = greedy_table(seed=4, moves=8)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert status(app) == "Ann to act: 2 bonuses waiting (their order changes nothing) · Enter"
        assert str(app.screen.query_one(DiceTray).note) == "2 bonuses waiting"
        await pilot.press("enter")
        assert table.log[8:] == [(0, ResolveBonus("brown", 2))]


async def test_at_80x24_l_shows_the_whole_log_in_the_sheets_place_and_l_or_esc_the_sheet_again():
    """Under the sheet at 80x24 the log has 3 rows: L gives it the sheet's place (the
    river, the tray and the status line stay), its newest line in view; L or Esc
    gives the sheet back, whole."""
    table = greedy_table(seed=5, moves=60)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        screen = app.screen
        log, sheet = screen.query_one("#log"), screen.query_one(ScoreSheet)
        assert log.size.height <= 3 and sheet.region.height >= 9
        for back in ("L", "escape"):
            await pilot.press("L")
            await pilot.pause()
            assert not sheet.display and log.display and log.size.height >= 12
            assert screen.query_one(RiverBoard).display and screen.query_one(DiceTray).display
            assert table.log_lines[-1][:40] in "\n".join(on_screen(app, log.region))
            await pilot.press(back)
            await pilot.pause()
            assert sheet.display and sheet.region.height >= 9 and log.size.height <= 3


async def test_by_mouse_a_click_chooses_a_die_crosses_a_row_and_visits_a_village():
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tray = app.screen.query_one(DiceTray)
        (line, cell), _ = next((place, die) for place, die in tray._places.items() if die == COLOURS.index("white"))
        await pilot.click(DiceTray, offset=(cell + 1, line))
        assert table.log == [(0, ChooseDice("white", False))]
        sheet_row = 2  # the second row of the white boat, below the boats' heads
        await pilot.click(ScoreSheet, offset=(3, sheet_row))
        assert table.log[-1] == (0, Cross("white", 1))
        while table.state.phase == 2:
            await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        slot = next(screen.view.board.slot_of(a.tile) for a in screen.legal_actions() if isinstance(a, Visit))
        columns = screen.view.board.columns
        row, column = divmod(slot, columns)
        await pilot.click(RiverBoard, offset=(EDGE + TILE_WIDTH * column + 4, 0 if row == 0 else 4))
        assert table.log[-1] == (0, Visit(screen.view.board.tiles[slot]))


async def test_alone_there_is_no_other_sheet_key():
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "other_sheet" not in footer_actions(app)


def test_the_log_says_once_that_a_seat_went_on_no_excursion():
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    rng = random.Random(0)
    while table.state.phase == 2:
        table.apply(0, GREEDY_BOT.choose(table.game, table.view(0), 0, rng))
    before = len(table.log_lines)
    table.apply(0, EndExcursions())
    assert table.log_lines[before] == "Ann went on no excursion."
    assert table.log_lines[before + 1].startswith(f"Round {table.state.round}: the captain rolled")
    assert table.lines_of(len(table.log) - 1)[0] == "Ann is done for this round"  # the replay's words for it


def test_the_log_keeps_one_line_per_seat_and_phase():
    """Three seats, three rounds: between two rolls, each seat's dice phase in one
    line, then each seat's excursions in one; the replay keeps every step's words."""
    names = ("Ann", "Bob", "Cat")
    table = Table.create("riverside", [Seat(name, "greedy") for name in names], {}, seed=5, autosave=False)
    rng = random.Random(0)
    while table.state.round < 4:
        seat = min(table.to_act())
        table.apply(seat, GREEDY_BOT.choose(table.game, table.view(seat), seat, rng))
    log = table.log_lines
    rolls = [index for index, line in enumerate(log) if " the captain rolled " in line]
    assert len(rolls) == 3
    for start, end in zip([-1, *rolls], rolls):
        dice, excursions = log[start + 1:start + 4], log[start + 4:end]
        assert [line.split(" crossed seats: ")[0] for line in dice] == list(names), dice
        assert [re.match(r"(\w+) (scored excursions|went on no excursion)", line)[1] for line in excursions] == list(
            names), excursions
    steps = [line for index in range(len(table.log)) for line in table.lines_of(index)[:1]]
    assert any(line.endswith(" crossed a seat") for line in steps)
    assert not any(line.endswith(" crossed a seat") for line in log)


def table_with_power_ready(power: str, name: str = "Ann") -> Table:
    """A solo game played by the greedy bot until ``power`` may be used while choosing dice."""
    table = Table.create("riverside", [Seat(name)], {}, seed=21)
    rng = random.Random(3)
    while not table.finished:
        legal = table.game.legal_actions(table.state, 0)
        if UsePower(power) in legal and any(isinstance(a, ChooseDice) for a in legal):
            return table
        table.apply(0, GREEDY_BOT.choose(table.game, table.view(0), 0, rng))
    pytest.fail(f"{power} never became usable while choosing dice")


async def test_fan_base_leaves_the_dice_choice_as_it_is():
    power = "fan_base"
    table = table_with_power_ready(power)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        order = tray_order(screen)
        chosen = order[(order.index(screen.die_cursor) + 2) % len(order)]
        await pilot.press("right", "right", "g")
        await pilot.pause()
        assert (screen.die_cursor, screen.add_green) == (chosen, True)
        await pilot.press(POWER_KEYS[power])
        await settle(app, pilot)
        assert table.log[-1] == (0, UsePower(power))
        assert (screen.die_cursor, screen.add_green) == (chosen, True), "the power reset the dice choice"


def bracketed(screen: RiversideScreen) -> tuple[int, int]:
    """(line, column) of the die the tray shows in brackets: the one under the cursor."""
    lines = str(screen.query_one(DiceTray).render()).splitlines()
    return next((y, line.index("[")) for y, line in enumerate(lines) if "[" in line)


async def test_the_arrows_follow_the_dice_as_the_tray_lays_them_out():
    """→ reads the tray: along the heat row, then along the row below the captain
    tile; ↓ and ↑ go to the other row."""
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        heat, below = tray_rows(screen.view.dice, screen.view.temperature)
        assert heat and below, "seed 4 should roll dice for both rows"
        await pilot.press(*["right"] * die_steps(screen, heat[0]))
        seen = []
        for _ in range(len(COLOURS)):
            seen.append(bracketed(screen))
            await pilot.press("right")
        assert seen == sorted(seen), f"→ jumped between the tray's rows: {seen}"
        assert [y for y, _ in seen] == [1] * len(heat) + [3] * len(below)
        # ↓ and ↑ go to the die straight above or below (the heat row starts with the
        # green die), else the nearest one in the other row.
        columns = {die: column for die, (_, column) in zip(heat + below, seen)}
        for die in heat + below:
            await pilot.press(*["right"] * die_steps(screen, die), "down" if die in heat else "up")
            other = below if die in heat else heat
            nearest = min(abs(columns[o] - columns[die]) for o in other)
            assert abs(bracketed(screen)[1] - columns[die]) == nearest, (die, bracketed(screen), columns)


async def into_phase_3(pilot, table: Table) -> RiversideScreen:
    """A solo table's phase 2 played with Enter on the tray's first die allowed (the
    seeds' positions below were chosen so); the first village in range chosen."""
    while table.state.phase == 2:
        screen = pilot.app.screen
        legal = screen.legal_actions()
        allowed = {COLOURS.index(a.die) for a in legal if isinstance(a, ChooseDice) and not a.green}
        first = next((die for die in tray_order(screen) if die in allowed), None)
        if first is not None:
            await pilot.press(*["right"] * die_steps(screen, first))
        await pilot.press("enter")
    await pilot.pause()
    return pilot.app.screen


async def test_esc_in_a_village_before_scoring_takes_the_visit_back():
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_phase_3(pilot, table)
        moves = len(table.log)
        await pilot.press("enter")
        assert isinstance(table.log[-1][1], Visit) and "x: leave" in status(app)
        await pilot.press("escape")
        await pilot.pause()
        assert len(table.log) == moves, "Esc did not take the visit back"
        assert "Enter go" in status(app) and any(isinstance(a, Visit) for a in screen.legal_actions())
        await pilot.press("enter", "enter")  # in again, and a colour scored: Esc now leaves
        assert isinstance(table.log[-1][1], Score)
        if screen.legal_actions() and isinstance(screen.legal_actions()[0], Score):
            await pilot.press("escape")
            assert table.log[-1] == (0, LeaveVillage())


async def test_esc_after_choosing_dice_takes_the_choice_back_with_the_cursor_on_it():
    """"Esc backs out one step": dice chosen, no seat crossed yet, Esc goes back to
    choosing dice, the same dice bracketed, and Enter chooses them again."""
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("right", "g", "enter")
        chosen = table.log[-1][1]
        assert isinstance(chosen, ChooseDice) and chosen.green
        await pilot.press("escape")
        await pilot.pause()
        assert table.log == [] and "choose a base die" in status(app)
        assert (COLOURS[screen.die_cursor], screen.add_green) == (chosen.die, True)
        await pilot.press("enter")  # Enter chooses the same dice again
        assert table.log == [(0, chosen)]


async def test_x_names_what_it_ends_and_asks_before_an_excursion_is_thrown_away():
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_phase_3(pilot, table)
        moves = len(table.log)
        footer = screen.query_one("GameFooter")
        assert "x End excursions" in on_screen(app, footer.region)[0]
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "would go unvisited" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and len(table.log) == moves
        await pilot.press("enter")  # into a village; leaving it unscored asks too
        await pilot.pause()
        assert "x Leave village" in on_screen(app, footer.region)[0]
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "without scoring" in app.screen.question
        await pilot.press("enter")  # Enter says no
        await pilot.pause()
        assert app.screen is screen and isinstance(table.log[-1][1], Visit)
        await pilot.press("x", "y")
        await pilot.pause()
        assert table.log[-1] == (0, LeaveVillage())


def scores_allowed_in(view, slot: int) -> bool:
    """Whether, once in village ``slot``, the sheet would take a score there (a 0 counts)."""
    inside = GAME.apply(view, 0, Visit(view.board.tiles[slot]))
    return any(isinstance(a, Score) for a in GAME.legal_actions(inside, 0))


@pytest.mark.parametrize("into_a_village", [False, True])
async def test_x_ends_at_once_where_nothing_in_range_would_score(into_a_village):
    """Where every village in range would score nothing now (the river's ◌), x ends
    the excursions, or leaves the village (where a 0 would be taken), without a
    question: nothing of value is thrown away."""
    table = solo_table_choosing_where(4, lambda view, draft, slots: all(
        best_excursion(view, draft, slot) == 0 for slot in slots) and any(scores_allowed_in(view, s) for s in slots))
    view = table.view(0)
    slot = next(view.board.slot_of(a.tile) for a in table.legal_actions(0)
                if isinstance(a, Visit) and scores_allowed_in(view, view.board.slot_of(a.tile)))
    if into_a_village:
        table.apply(0, Visit(view.board.tiles[slot]))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        screen = app.screen
        if into_a_village:
            assert "x: leave" in status(app)
        else:
            assert "Nothing in range scores now: " in "\n".join(on_screen(app, screen.region))
        await pilot.press("x")
        await pilot.pause()
        assert app.screen is screen, "x asked where nothing would be thrown away"
        assert table.log[-1][1] == (LeaveVillage() if into_a_village else EndExcursions())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_where_nothing_would_score_enter_ends_the_excursions_or_leaves_the_village_as_the_line_says(size):
    """Where every village in range would score nothing now, Enter (the key a newcomer
    presses through a turn) went to a village and then asked, at each Enter, whether
    to fill a box with 0 (Enter: no): a loop. Now the line says nothing in range
    scores and Enter ends the excursions; in a village where nothing would score,
    Enter leaves it. Neither asks: nothing of value is thrown away."""
    table = solo_table_choosing_where(4, lambda view, draft, slots: all(
        best_excursion(view, draft, slot) == 0 for slot in slots) and any(scores_allowed_in(view, s) for s in slots))
    view = table.view(0)
    slot = next(view.board.slot_of(a.tile) for a in table.legal_actions(0)
                if isinstance(a, Visit) and scores_allowed_in(view, view.board.slot_of(a.tile)))
    inside = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    for seat, action in [*table.log, (0, Visit(view.board.tiles[slot]))]:
        inside.apply(seat, action)
    for table, done in ((table, EndExcursions()), (inside, LeaveVillage())):
        app = RiverApp(table, bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await put_away_recaps(pilot)
            line = status(app)
            assert "nothing in range scores" in line if done == EndExcursions() else "nothing here scores now" in line
            assert ("Enter or x: end excursions" if done == EndExcursions() else "Enter or x: leave") in line
            moves = len(table.log)
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is not None and not isinstance(app.screen, ConfirmScreen)
            assert table.log[moves] == (0, done)


def worth(view, slot: int) -> int:
    """What village ``slot`` offers at most now: its value times the tickets on the
    matching boat (the church: on all boats), of the colours the sheet still takes."""
    sheet = view.drafts[0].sheet
    best = 0
    for target, value in TILES[view.board.tiles[slot]].village:
        tickets = sheet.all_tickets() if target == CHURCH else sheet.tickets(COLOURS.index(target))
        boat = None if target == CHURCH else COLOURS.index(target)
        last = sheet.last_score(boat)
        if sheet.boxes_left(boat) and (last is None or value * tickets > last):
            best = max(best, value * tickets)
    return best


async def test_phase_3_starts_on_the_best_village_and_its_best_colour():
    """Seed 3's second round offers two villages, the second worth more: the cursor
    starts there, and in it on the colour that scores the most, so Enter twice
    scores the best excursion in range."""
    table = Table.create("riverside", [Seat("Ann")], {}, seed=3, autosave=False)
    rng = random.Random(0)
    while not (table.state.round == 2 and any(isinstance(a, Visit) for a in table.legal_actions(0))):
        table.apply(0, GREEDY_BOT.choose(table.game, table.view(0), 0, rng))
    view = table.view(0)
    slots = [view.board.slot_of(a.tile) for a in table.legal_actions(0) if isinstance(a, Visit)]
    assert worth(view, slots[0]) < max(worth(view, slot) for slot in slots)  # the first is not the best
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        screen = app.screen
        assert worth(view, screen.village_cursor) == max(worth(view, slot) for slot in slots)
        await pilot.press("enter", "enter")
        await pilot.pause()
        seat, scored = table.log[-1]
        assert isinstance(scored, Score) and not scored.prize
        sheet = table.state.drafts[0].sheet
        boxes = sheet.church if scored.target == CHURCH else sheet.excursions[COLOURS.index(scored.target)]
        assert boxes[-1] == max(worth(view, slot) for slot in slots)


async def test_enter_on_a_colour_that_scores_0_asks_before_filling_a_box():
    """Seed 4's first round: the village the cursor starts on offers pink (6 points)
    and yellow (no tickets yet: 0). Enter on yellow asks first; Enter there says no."""
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_phase_3(pilot, table)
        await pilot.press("enter")
        await pilot.pause()
        moves = len(table.log)
        assert isinstance(table.log[-1][1], Visit) and "pink 6×1 ticket = 6? · Enter" in status(app)
        await pilot.press("right")
        assert "yellow 5×0 tickets = 0? · Enter" in status(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "Score 0 for" in app.screen.question
        await pilot.press("enter")  # Enter says no
        await pilot.pause()
        assert app.screen is screen and len(table.log) == moves
        await pilot.press("enter", "y")  # a deliberate yes scores it
        await pilot.pause()
        assert len(table.log) == moves + 1 and isinstance(table.log[-1][1], Score)


async def test_the_sheet_says_the_final_score_were_the_game_to_end_now():
    """Boats, captain points (the stave church and the lowest boat again) and the
    solo reward (+15 from 50 captain points, else -15), as "Game End" adds them up:
    round 3 of a solo game, and at the end, where it is the scores screen's total."""
    table = greedy_table(seed=5, moves=45)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await put_away_recaps(pilot)
        sheet = table.state.drafts[0].sheet if table.state.drafts[0] is not None else table.state.sheets[0]
        boats = [sheet.ticket_points(boat) + sum(sheet.excursions[boat]) for boat in range(len(COLOURS))]
        captain = sum(sheet.church) + min(boats)
        reward, why = (15, "at least 50") if captain >= 50 else (-15, "under 50")
        words = " ".join(str(app.screen.query_one(ScoreSheet).render()).split())
        assert f"reward {reward:+d}: {why} captain points · score {sum(boats) + captain + reward}" in words, words
    rng = random.Random(0)
    while not table.finished:
        table.apply(0, GREEDY_BOT.choose(table.game, table.view(0), 0, rng))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        words = " ".join(str(app.screen_stack[1].query_one(ScoreSheet).render()).split())
        assert f"score {table.result().scores[0]}" in words, words


async def test_at_80x24_the_sheet_says_why_its_reward_is_what_it_is():
    """"The players with the most/least captain points get +15/-15 points": under the
    sheet, the reward says which of them the seat is, whole, at 80 columns."""
    table = Table.create("riverside", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=1, autosave=False)
    rng = random.Random(1)
    while len(set(map(captain_points, table.state.sheets))) < 2:  # random moves: 74 of them
        seat = min(table.to_act())
        table.apply(seat, rng.choice(table.legal_actions(seat)))
    ann, bob = map(captain_points, table.state.sheets)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        sheet = app.screen.query_one(ScoreSheet)
        lines = on_screen(app, sheet.region)
        said, reward = ("most captain points", "+15") if ann > bob else ("least captain points", "-15")
        assert any(said in line and reward in line for line in lines), "\n".join(lines)
        assert all(len(line.rstrip()) < 80 for line in lines)


async def test_a_royal_powers_key_reads_whole_at_80_columns():
    """Choosing dice with a power ready, under a name of eleven letters: its key and
    name end the status line whole (they were cut: "f: Fa…"); the words before them
    give way."""
    power = "fan_base"
    table = table_with_power_ready(power, name="Bartholomew")
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        line = on_screen(app, app.screen.query_one(StatusBar).region)[0].rstrip()
        assert line.endswith(f"{POWER_KEYS[power]}: {POWER_NAMES[power]}"), line
        assert "Enter" in line and "…" not in line


def solo_table_at(seed: int, wanted) -> Table:
    """A solo game of random moves (seeded), up to the first choice of a village where
    ``wanted(best)`` holds, ``best`` being what each village in range may score at most."""
    table = Table.create("riverside", [Seat("Ann")], {}, seed=seed, autosave=False)
    rng = random.Random(seed)
    while not table.finished:
        legal = table.legal_actions(0)
        visits = [a for a in legal if isinstance(a, Visit)]
        if visits:
            view = table.view(0)
            draft = view.drafts[0]
            best = [best_excursion(view, draft, view.board.slot_of(a.tile)) for a in visits]
            if wanted(best):
                return table
        table.apply(0, rng.choice(legal))
    raise AssertionError("the seeded game never reached the position the test needs")


def solo_table_choosing_where(seed: int, wanted) -> Table:
    """A solo game of random moves (seeded), up to the first choice of a village where
    ``wanted(view, draft, slots)`` holds for the villages in range."""
    table = Table.create("riverside", [Seat("Ann")], {}, seed=seed, autosave=False)
    rng = random.Random(seed)
    while not table.finished:
        legal = table.legal_actions(0)
        view = table.view(0)
        slots = [view.board.slot_of(a.tile) for a in legal if isinstance(a, Visit)]
        if slots and wanted(view, view.drafts[0], slots):
            return table
        table.apply(0, rng.choice(legal))
    raise AssertionError("the seeded game never reached the position the test needs")


def refused_for_a_lower_score(view, draft, slot) -> list:
    """The colours of village ``slot`` the sheet would refuse as not higher than its last score."""
    return [o for o in village_outlook(view, draft, slot) if o.refused and o.boxes_left]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_before_going_the_river_and_the_prompt_say_what_each_colour_would_score_against_the_last(size):
    """"Your score must be higher (tie is not enough) than your previous score on the
    same guide boat": a newcomer sees it before choosing, not from a refusal. On the
    village under the cursor the status line gives each colour's score now and, for a
    colour the sheet would refuse, ✗ and the previous score it does not beat; the
    river marks the villages in range where nothing would score (◌, not reversed)."""
    table = solo_table_choosing_where(5, lambda view, draft, slots: any(
        refused_for_a_lower_score(view, draft, slot) for slot in slots))
    view = table.view(0)
    draft = view.drafts[0]
    slots = [view.board.slot_of(a.tile) for a in table.legal_actions(0) if isinstance(a, Visit)]
    slot = next(slot for slot in slots if refused_for_a_lower_score(view, draft, slot))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await put_away_recaps(pilot)
        screen = app.screen
        tiles = view.board.tiles
        await pilot.press(*["right"] * ((slot - screen.village_cursor) % len(tiles)))
        line = status(app)
        for o in village_outlook(view, draft, slot):
            what = "church" if o.target == CHURCH else o.target
            if o.refused:
                assert f"{what} {o.points} ✗ not " in line and f" {o.previous}" in line, line
            elif o.tickets:
                assert f"{what} {o.points} " in line and "✓" in line, line
        board = screen.query_one(RiverBoard)
        barren = {s for s in slots if best_excursion(view, draft, s) == 0}
        assert board.barren == barren
        drawn = "".join(str(board.render()).split("\n")[1:4])
        assert drawn.count("◌") == len(barren)


@pytest.mark.parametrize("seed, wanted, scores", [
    (1, lambda best: max(best) > 0, True),
    (2, lambda best: max(best) == 0, False),
])
async def test_the_village_prompt_says_what_going_there_may_score(seed, wanted, scores):
    """Enter never leads into a village where nothing may be scored unawares: the
    prompt says the most the village under the cursor may score (the rules' count),
    ✓ on a colour the sheet would take, none where nothing would score."""
    table = solo_table_at(seed, wanted)
    view = table.view(0)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        best = best_excursion(view, view.drafts[0], screen.village_cursor)
        line = status(app)
        assert (f" {best}" in line and "✓" in line) if scores else "✓" not in line, line
        # where nothing in range would score, Enter ends the excursions, and says so
        assert ("Enter go" if scores else "nothing in range scores · Enter or x: end excursions") in line


async def test_at_120x40_the_villages_are_listed_nearest_first_with_what_each_would_score_now():
    """A tall terminal lists every village under the sheet while a village is chosen:
    its distance and, per colour, the score now against the boat's last, the ones
    out of range said so; choosing dice, the glyphs' key is there again."""
    table = solo_table_choosing_where(5, lambda view, draft, slots: any(
        refused_for_a_lower_score(view, draft, slot) for slot in slots))
    view = table.view(0)
    draft = view.drafts[0]
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await put_away_recaps(pilot)
        shown = str(app.screen.query_one("#legend").render())
        lines = shown.splitlines()
        assert lines[0].startswith(f"Villages, nearest first (your range: {reach(view, draft)})")
        distances = view.board.distance[view.ship]
        assert len(lines) == 1 + len(view.board.tiles)
        assert [int(line.split(" away")[0].split()[-1]) for line in lines[1:]] == sorted(distances)
        for line in lines[1:]:
            assert len(line) <= 120
            assert ("(out of range)" in line) == (int(line.split(" away")[0].split()[-1]) > reach(view, draft))
        refused = [o for slot in range(len(view.board.tiles)) for o in village_outlook(view, draft, slot)
                   if o.refused and o.boxes_left]
        assert all(f"{o.points} ✗ not higher than your {o.previous}" in shown for o in refused), shown
        await pilot.press("x", "y")  # no excursion this round: the next round's dice
        await pilot.pause()
        assert table.state.phase == 2
        assert str(app.screen.query_one("#legend").render()).startswith("W white")


async def test_at_80x24_every_mark_is_read_on_the_screen_and_v_lists_every_village():
    """A newcomer at 80x24 reads what the sheet's marks mean (○ ● ◇, "6 +2W", PRZ,
    ERL...) without opening help; choosing a village, the best villages in range (the
    rules' count) and the river's marks; V lists every village in the sheet's place, as
    a tall terminal does under it, and Esc gives the sheet back, the choice untouched."""
    table = solo_table_choosing_where(5, lambda view, draft, slots: len(slots) >= 2 and any(
        best_excursion(view, draft, slot) for slot in slots))
    view = table.view(0)
    draft, board = view.drafts[0], view.board
    slots = [board.slot_of(a.tile) for a in table.legal_actions(0) if isinstance(a, Visit)]
    best = max(slots, key=lambda slot: (best_excursion(view, draft, slot), -board.distance[view.ship][slot], -slot))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)

        def screen_text() -> str:
            return "\n".join(on_screen(app, app.screen.region))

        shown = screen_text()
        assert f"Best in range: {village_letters(board.tiles[best])} " in shown, shown
        assert "◌ nothing to score" in shown and "V: every village" in shown
        await pilot.press("V")
        await pilot.pause()
        shown = screen_text()
        assert "Villages, nearest first" in shown and "W white" not in shown, shown
        assert all(village_letters(tile) in shown for tile in board.tiles)
        await pilot.press("escape")
        await pilot.pause()
        assert "W white" in screen_text() and "Villages, nearest first" not in screen_text()
        assert table.legal_actions(0) == table.game.legal_actions(view, 0)  # Esc took nothing back
        await pilot.press("x", "y")  # no excursion this round: the next round's dice
        await pilot.pause()
        assert table.state.phase == 2
        shown = screen_text()
        for mark in ("○ seat", "● crossed", "◇ royal seat", "✓6 ticket points", "+2W bonus: 2 white seats"):
            assert mark in shown, shown
        for power in POWERS:
            assert f"{POWER_ABBREVIATIONS[power]} {POWER_NAMES[power]}" in shown, shown


def activated(table: Table) -> set[str]:
    view = table.view(0)
    sheet = view.drafts[0].sheet if view.drafts and view.drafts[0] else view.sheets[0]
    return {power for power, round_ in zip(POWERS, sheet.activated) if round_}


async def test_a_royal_power_activated_by_ones_own_crosses_is_explained_at_once_with_its_key(monkeypatch):
    """The cross that completes a boat's second royal seat activates its power: the
    player is told then what it does and which key uses it, not left to find [✓]FAN
    on the sheet and look it up."""
    table = Table.create("riverside", [Seat("Ann")], {}, seed=21, autosave=False)
    rng = random.Random(3)
    while True:
        action = GREEDY_BOT.choose(table.game, table.view(0), 0, rng)
        trial = table.game.apply(table.state, 0, action)
        draft = trial.drafts[0] if trial.drafts[0] is not None else None
        sheet = draft.sheet if draft is not None else trial.sheets[0]
        if isinstance(action, (Cross, ResolveBonus)) and {p for p, r in zip(POWERS, sheet.activated) if r} - activated(table):
            break
        table.apply(0, action)
    before = activated(table)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        screen = app.screen
        said: list[tuple[str, str]] = []
        monkeypatch.setattr(screen, "notify", lambda message, title="", **_: said.append((title, message)))
        await pilot.press(*keys_for(screen, table.view(0), 0, action))
        await pilot.pause()
        (power,) = activated(table) - before
        told = [(title, message) for title, message in said if "activated" in title]
        assert told and told[0][0].startswith(POWER_NAMES[power]), said
        key = "t while scoring" if power == "prize_ticket" else POWER_KEYS[power]
        assert POWER_TEXT[power] in told[0][1] and f"({key})" in told[0][1]


async def test_the_scoring_prompt_counts_the_prize_ticket_in_so_the_tickets_add_up():
    """t adds the Prize ticket to the colour under the cursor: the prompt says the
    ticket is the Prize's, not one more of the player's own."""
    table = Table.create("riverside", [Seat("Ann")], {}, seed=21, autosave=False)
    rng = random.Random(3)
    while not any(isinstance(a, Score) and a.prize for a in table.legal_actions(0)):
        table.apply(0, GREEDY_BOT.choose(table.game, table.view(0), 0, rng))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await put_away_recaps(pilot)
        screen = app.screen
        before = status(app)
        assert "Prize +1" not in before
        await pilot.press("t")
        match = re.search(r"(\w+) (\d+)×(\d+) tickets? \(Prize \+1\) = (\d+)\?", status(app))
        assert match, status(app)
        target, value, tickets, points = match.group(1), *map(int, match.groups()[1:])
        sheet = table.view(0).drafts[0].sheet
        own = sheet.all_tickets() if target == "church" else sheet.tickets(COLOURS.index(target))
        assert tickets == own + 1 and points == value * tickets


async def test_the_sheet_points_at_the_boats_whose_last_score_the_village_under_the_cursor_must_beat():
    """At 80x24 the sheet is dense: while a village is weighed, › stands before the
    excursion boxes of each of its colours (the stave church's on its own line), so
    the score to beat that the status line names is found at a glance."""
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_phase_3(pilot, table)
        tiles = screen.view.board.tiles
        for _ in tiles:
            sheet = str(screen.query_one(ScoreSheet).render()).splitlines()
            boxes, fire = sheet[5], sheet[6]
            targets = [target for target, _ in TILES[tiles[screen.village_cursor]].village]
            pointed = {COLOURS[boat] for boat in range(len(COLOURS)) if boxes[boat * 16] == "›"}
            assert pointed == {t for t in targets if t != CHURCH}, (targets, boxes)
            assert ("church ›" in fire) == (CHURCH in targets), fire
            await pilot.press("right")


async def test_the_dice_cursor_starts_on_a_die_whose_seats_are_not_all_lost():
    """Late in a game the first die of the tray may be one whose boat is full: Enter
    there would cross nothing (a newcomer's round lost that way). The cursor starts on
    a die that crosses seats, one that costs no fire before one that does."""
    table = Table.create("riverside", [Seat("Ann")], {}, seed=4, autosave=False)
    rng = random.Random(4)
    for _ in range(56):  # seed 4: the tray's first allowed die is yellow, a full boat
        table.apply(0, GREEDY_BOT.choose(table.game, table.view(0), 0, rng))
    view = table.view(0)
    sheet = view.drafts[0].sheet
    allowed = [COLOURS.index(a.die) for a in table.legal_actions(0) if isinstance(a, ChooseDice) and not a.green]
    order = [die for row in tray_rows(view.dice, view.temperature) for die in row if die in allowed]
    assert vacant_seats(sheet, order[0]) == 0  # the position the test needs
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await put_away_recaps(pilot)
        screen = app.screen
        die = screen.die_cursor
        assert vacant_seats(sheet, die) > 0
        assert "lost" not in str(screen.query_one(DiceTray).note)
        free = [d for d in order if vacant_seats(sheet, d) and view.dice[1 + d] <= view.temperature]
        if free:
            assert die in free
