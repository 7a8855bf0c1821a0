"""The app's shared screens, driven by keys with Pilot on the toy game."""

from __future__ import annotations

import random

import pytest
from textual.widgets import DataTable, OptionList

from river_tui.app.river_app import RiverApp
from river_tui.rules.core import ScoreLine
from river_tui.saves import store
from river_tui.screens.game_base import GameScreen
from river_tui.screens.handover import HandoverScreen
from river_tui.screens.load import LoadScreen
from river_tui.screens.menu import MenuScreen
from river_tui.screens.scores import ScoresScreen
from river_tui.screens.setup import SetupScreen
from river_tui.screens.too_small import TooSmallScreen
from river_tui.play.table import Seat, Table
from support import toyscreen
from support.keyboard import press_ready
from support.screen_text import on_screen
from support.toyscreen import ToyScreen
from support.waiting import workers_done


def toy_table(kinds=("human", "human"), seed=4):
    return Table.create("toy", [Seat(f"P{i + 1}", k) for i, k in enumerate(kinds)], {}, seed)


async def test_menu_opens_and_quits_by_key():
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        options = app.screen.query_one(OptionList)
        assert [options.get_option_at_index(i).id for i in range(options.option_count)] == [
            "new", "learn", "continue", "load", "records", "help", "quit"]
        await pilot.press("q")
    assert app.return_code == 0


async def test_continue_without_saves_says_so():
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert any("no saved game" in n.message for n in app._notifications)


async def test_setup_starts_a_game_with_chosen_seats():
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#game").value = "toy"
        await pilot.pause()
        setup.query_one("#seats").value = 3
        await pilot.pause()
        setup.query_one("#name-0").value = "Ann"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ToyScreen)
        table = app.screen.table
        assert [s.name for s in table.seats][0] == "Ann" and len(table.seats) == 3
        assert table.path.exists()


async def test_play_illegal_move_shows_reason_and_changes_nothing():
    table = toy_table(("human", "random"))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await pilot.pause()
        assert table.log == []
        assert any("step 1 or 2" in n.message for n in app._notifications)
        await pilot.press("1")
        await workers_done(app, pilot)
        assert len(table.log) == 2  # the computer answered


async def test_an_illegal_key_pressed_again_and_again_leaves_one_notice_and_a_few_at_most():
    """Ten presses where the key is not allowed: one "Not allowed" on show, not a pile
    of ten taller than the screen (its pieces stayed on the terminal when it went);
    different notices stand four at most."""
    table = toy_table(("human", "random"))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(10):
            await pilot.press("3")
            await pilot.pause()
        assert sum("step 1 or 2" in n.message for n in app._notifications) == 1
        for n in range(6):
            app.notify(f"Notice {n}.")
            await pilot.pause()
        assert [n.message for n in app._notifications] == ["Notice 2.", "Notice 3.", "Notice 4.", "Notice 5."]


async def test_handover_hides_secrets_between_human_seats():
    table = toy_table(("human", "human"))
    table.game.hidden_information = True
    try:
        app = RiverApp(table, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HandoverScreen), "a table with secrets opens on a handover"
            assert app.screen_stack[-2].viewer is None
            await press_ready(pilot)
            await pilot.press("1")
            await pilot.pause()
            assert isinstance(app.screen, HandoverScreen)
            game_screen = app.screen_stack[-2]
            assert game_screen.viewer is None
            assert str(table.state.secrets[0]) not in str(game_screen.query_one("#toy-board").render())[-3:]
            await press_ready(pilot)
            await pilot.pause()
            assert isinstance(app.screen, GameScreen) and app.screen.viewer == 1
    finally:
        table.game.hidden_information = False


async def test_undo_and_scores_screen_then_menu():
    table = toy_table(("human", "human"))
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "u")
        await pilot.pause()
        assert table.log == []
        await pilot.press(*"2222" "2")
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        assert len(app.screen.rows) == 2  # two breakdown lines (the total comes first)
        await pilot.press("enter", "enter")  # the last move's key, pressed once too often: the scores stay
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        assert any("q or Esc goes back to the menu" in n.message for n in app._notifications)
        footer = "\n".join(on_screen(app, app.screen.query_one("Footer").region))
        assert "q/Esc Menu" in footer
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


def finished_table(game: str, names: tuple[str, ...], seed: int) -> Table:
    """A game played to its end by random computer seats."""
    table = Table.create(game, [Seat(name, "random") for name in names], {}, seed, autosave=False)
    moves = 0
    while not table.finished:
        seat = min(table.bot_seats_to_act())
        table.apply(seat, table.bot_choice(seat, random.Random(moves)))
        moves += 1
    return table


def screen_lines(app: RiverApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


@pytest.mark.parametrize("game", ["we-all-take", "flow", "riverside"])
async def test_scores_show_every_seat_and_total_at_80_columns(game):
    names = ("Annabel", "Bartholomew", "Cyrus", "Delphine", "Evangeline")
    table = finished_table(game, names, seed=6)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ScoresScreen(table))
        await pilot.pause()
        lines = screen_lines(app)
        assert all(len(line) <= 80 for line in lines)
        (total,) = [line for line in lines if line.startswith(" Total ")]
        assert total.split()[1:] == [str(score) for score in table.result().scores]
        shown = "\n".join(lines[: lines.index(total)])
        assert all(name in shown for name in names)  # the header, above the totals


async def test_we_all_take_scores_group_each_objective_in_one_row():
    table = finished_table("we-all-take", ("Ann", "Bob", "Cy", "Dee", "Eve"), seed=6)
    result = table.result()
    app = RiverApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = ScoresScreen(table)
        app.push_screen(screen)
        await pilot.pause()
        kinds = {line.label.split(": ")[0] for lines in result.breakdown for line in lines}
        assert sorted(row.label for row in screen.rows) == sorted(kinds)
        for row in screen.rows:  # every line is still there, with its figures
            for seat, cell in enumerate(row.cells):
                mine = [line for line in result.breakdown[seat] if line.label.startswith(row.label + ": ")]
                if cell is None:
                    assert not mine
                else:
                    assert mine == [ScoreLine(f"{row.label}: {cell.detail}", cell.points)]
        text = "\n".join(screen_lines(app))
        assert "Capital" in text or "Charity" in text or "Agriculture" in text


async def test_load_screen_lists_saves_and_opens_one():
    table = toy_table()
    table.apply(0, toygame_step(2))
    (store.saves_dir() / "broken.rtsave").write_bytes(b"\x00garbage")
    app = RiverApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        await workers_done(app, pilot)
        assert isinstance(app.screen, LoadScreen)
        grid = app.screen.query_one(DataTable)
        assert grid.row_count == 2
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ToyScreen)
        assert app.screen.table.log == table.log


LONG_NAMES = {
    "glassworks": ("Annabel", "[/x]"),
    "we-all-take": ("Bartholomew", "Evangeline", "Cyrus", "Delphine", "[b]Bold"),
    "riverside": ("Maximiliana Longname",),
    "flow": ("Ann", "Bob", "Cy"),
}


async def test_load_screen_shows_every_save_whole_at_80_columns():
    """At 80x24 each save's game, seat names, position and last-played time are on
    screen, no column runs past the right edge, and the highlighted save's file is
    named under the table; names show as typed."""
    from dataclasses import replace
    from datetime import datetime, timedelta

    tables = {game: Table.create(game, [Seat(name, "human") for name in names], {}, seed=5, autosave=True)
              for game, names in LONG_NAMES.items()}  # fmt: skip
    local = datetime.now().astimezone()
    yesterday = (local - timedelta(days=1)).replace(hour=18, minute=40, second=0, microsecond=0)
    long_ago = local.replace(year=local.year - 1, month=3, day=14, hour=9, minute=5, second=0, microsecond=0)
    for game, when in (("we-all-take", yesterday), ("flow", long_ago)):
        path = tables[game].path
        store.save(path, replace(store.read(path), updated=when.isoformat(timespec="seconds")))
    today = datetime.fromisoformat(store.read(tables["glassworks"].path).updated).astimezone()
    expected_when = {"glassworks": f"today {today:%H:%M}", "riverside": "today",
                     "we-all-take": "yesterday 18:40", "flow": f"14 Mar {local.year - 1}"}  # fmt: skip
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await workers_done(app, pilot)
        assert isinstance(app.screen, LoadScreen)
        grid = app.screen.query_one(DataTable)
        assert grid.row_count == len(tables)
        assert grid.virtual_size.width <= grid.scrollable_content_region.width  # nothing cut at the right
        await pilot.pause()
        lines = screen_lines(app)
        assert all(len(line.rstrip()) <= 80 for line in lines)
        shown = " ".join(" ".join(line.split()) for line in lines)
        for game, table in tables.items():
            assert records_short_title(game) in shown
            for name in LONG_NAMES[game]:
                assert name in shown
            assert table.game.round_label(table.state).split()[0] in shown
            assert expected_when[game] in shown
        first = store.list_saves()[0].path.name
        assert f"File: {first}" in shown
        await pilot.press("down")
        await pilot.pause()
        assert f"File: {store.list_saves()[1].path.name}" in " ".join(screen_lines(app))
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        lines = screen_lines(app)
        for table in tables.values():  # at 120 columns the games' full titles, positions and names
            cells = (table.game.title, table.game.round_label(table.state))
            assert any(all(cell in line for cell in cells) for line in lines)
            assert all(seat.name in " ".join(lines) for seat in table.seats)
        assert any("File: " in line for line in lines)
        await pilot.resize_terminal(200, 40)
        await pilot.pause()
        shown = " ".join(screen_lines(app))
        assert all(item.path.name in shown for item in store.list_saves())  # a File column, whole
        assert "File: " not in shown


def records_short_title(game_id):
    from river_tui.screens.records import short_title

    return short_title(game_id)


def test_load_screen_says_when_a_save_was_last_played():
    from datetime import datetime

    from river_tui.screens.load import last_played

    now = datetime(2026, 12, 3, 10, 0).astimezone()
    stamp = lambda *when: datetime(*when).astimezone().isoformat(timespec="seconds")  # noqa: E731
    assert last_played(stamp(2026, 12, 3, 9, 12), now) == "today 09:12"
    assert last_played(stamp(2026, 12, 2, 23, 59), now) == "yesterday 23:59"
    assert last_played(stamp(2026, 2, 7, 14, 3), now) == "7 Feb 14:03"
    assert last_played(stamp(2025, 12, 24, 8, 0), now) == "24 Dec 2025"
    assert last_played("not a date", now) == "not a date"


def toygame_step(n):
    from support.toygame import Step

    return Step(n)


async def test_terminal_too_small_notice():
    app = RiverApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_theme_cycles_through_light_dark_high_contrast():
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        seen = set()
        for _ in range(3):
            await pilot.press("ctrl+t")
            seen.add(app.theme)
        assert seen == {"textual-dark", "textual-light", "river-high-contrast"}
        said = [note.message for note in app._notifications]
        assert said == ["The light look.", "The high contrast look.", "The dark look."]


async def test_keymap_file_remaps_a_binding(river_home):
    (river_home / "config").mkdir(parents=True)
    (river_home / "config" / "keymap.toml").write_text('undo = "z"\n')
    table = toy_table()
    app = RiverApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "z")
        await pilot.pause()
        assert table.log == []


async def test_after_a_handover_only_the_mover_may_take_a_move_back():
    table = toy_table(("human", "human"))
    table.game.hidden_information = True
    try:
        app = RiverApp(table, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await press_ready(pilot)
            await pilot.press("1")
            await pilot.pause()
            await press_ready(pilot)
            await pilot.press("u")
            await pilot.pause()
            assert len(table.log) == 1
            assert any("only P1 can take it back" in n.message for n in app._notifications)
    finally:
        table.game.hidden_information = False
