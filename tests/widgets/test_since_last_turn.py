"""The "since your last turn" summary: a box over the middle of the game screen
(not a screen of its own: the board stays drawn around it, and a server writes a
seat only the lines the box covers; nor a widget: the screen is not laid out again),
each turn's saying that turn's moves; any key or click puts it away, a key other
than Enter, Space and Esc also does what it does (it is not lost), never a move
chosen by an Enter meant for what was there before; "a" brings it back."""

from __future__ import annotations

import pytest

from textual import events

from river_tui.app.river_app import RiverApp
from river_tui.rules.glassworks.game import GlassworksGame
from river_tui.screens.glassworks.screen import GlassworksScreen
from river_tui.play.table import Seat, Table

from support.recap import recap_shown, recap_text
from support.screen_text import on_screen
from support.waiting import workers_done


@pytest.fixture(autouse=True)
def every_news_calls_the_box(monkeypatch):
    """The box at work on Glassworks' screen as in a game whose every news brings it up
    (Glassworks' own, alone at the table, only the end triggered: test_glassworks_recap.py)."""
    monkeypatch.setattr(GlassworksGame, "summary_alerts", None)


def against_a_computer() -> Table:
    """River Valley Glassworks, Ann against a computer."""
    return Table.create("glassworks", [Seat("Bob", "greedy"), Seat("Ann")], {}, seed=3, autosave=False)


async def summary_on_show(app, pilot) -> str:
    """Ann plays until her turn comes after Bob moved: the summary shows; what it says."""
    for _ in range(20):
        await workers_done(app, pilot)
        if recap_shown(app):
            return recap_text(app)
        app.screen.play(app.screen.legal_actions()[0])
    raise AssertionError("no summary came in 20 of Ann's moves")


async def test_the_summary_sits_over_the_board_and_a_key_only_puts_it_away():
    table = against_a_computer()
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        said = await summary_on_show(app, pilot)
        assert "Before Ann's first turn" in said and "Bob" in said  # Bob moved first: Ann has had no turn yet
        screen = app.screen
        assert isinstance(screen, GlassworksScreen)  # the game's own screen, its board around the box
        box, _ = screen.since.drawn(app.size)
        screen_lines = on_screen(app, app.screen.region)
        assert box.width == 76 and box.x == (120 - 76) // 2  # in the middle
        assert screen_lines[box.y][box.x] == "╭" and "Before Ann's first turn" in screen_lines[box.y + 1]
        assert screen_lines[box.bottom - 2][box.x : box.right].strip("│ ") == "Any key to go on."
        assert "Glassworks" in screen_lines[0]  # the header, outside the box, still drawn
        moves = len(table.log)
        await pilot.press("enter")  # Glassworks' Enter is a priority key: it too only puts the box away
        await pilot.pause()
        assert not recap_shown(app) and len(table.log) == moves
        await pilot.press("a")  # the Recap key brings it back, the same words
        await pilot.pause()
        assert recap_shown(app) and recap_text(app) == said
        x, y = box.x + 3, box.y + 1  # a click on the box, as the terminal's driver sends it
        for press in (events.MouseDown, events.MouseUp):
            app.post_message(press(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))
        await pilot.pause()
        assert not recap_shown(app) and len(table.log) == moves
        await pilot.press("a")
        await pilot.pause()
        log = screen.query_one("#log")
        hidden = log.has_class("-hidden")
        await pilot.press("L")  # a key that acts puts the box away and acts: the log shown or hidden
        await pilot.pause()
        assert not recap_shown(app) and log.has_class("-hidden") != hidden
        await pilot.press("a", "a")  # the Recap key only puts it away, as it shows it
        await pilot.pause()
        assert not recap_shown(app)


async def test_a_click_from_the_terminal_anywhere_only_puts_the_summary_away():
    table = against_a_computer()
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await summary_on_show(app, pilot)
        moves, focused = len(table.log), app.focused
        for press in (events.MouseDown, events.MouseUp):  # as the terminal's driver sends them, on the board's corner
            app.post_message(press(None, 1, 5, 0, 0, 1, False, False, False, screen_x=1, screen_y=5))
        await pilot.pause()
        assert not recap_shown(app) and len(table.log) == moves and app.focused is focused


async def test_a_summary_told_again_while_on_show_says_the_new_moves_once():
    table = against_a_computer()
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await summary_on_show(app, pilot)
        box = app.screen.since
        box.tell("Ann", ("Moves: Bob crossed 2 seats",))
        box.tell("Ann", ("Moves: Cy sailed to the bridge",))
        await pilot.pause()
        said = recap_text(app)
        assert "Cy sailed to the bridge" in said and "Bob crossed" not in said
        await pilot.press("space")
        await pilot.pause()
        assert not recap_shown(app)  # one key puts it away


async def test_the_app_s_own_priority_keys_still_act_under_the_summary():
    table = against_a_computer()
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await summary_on_show(app, pilot)
        await pilot.press("ctrl+q")  # quits, as it would without the summary
        await pilot.pause()
        assert not app.is_running


async def settled(pilot, drawn: list, layouts: list) -> None:
    """Pause until a pause draws nothing (the screen's first frames may still be coming),
    forgetting what was drawn and laid out meanwhile."""
    for _ in range(50):
        drawn.clear()
        layouts.clear()
        await pilot.pause()
        if not drawn:
            return
    raise AssertionError(f"the screen kept drawing: {drawn}")


@pytest.mark.patches  # the compositor draws it; without the patches it is a widget, laid out
async def test_the_summary_lays_nothing_out_and_redraws_only_the_lines_it_covers():
    """Shown, told again, put away, and put away when not on show: the screen is never
    laid out again; each time the lines the box covers are drawn again (the board's, when
    it goes), and no other line."""
    table = against_a_computer()
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await summary_on_show(app, pilot)
        screen = app.screen
        layouts, drawn = [], []
        refresh_layout, render_update = screen._refresh_layout, screen._compositor.render_update
        screen._refresh_layout = lambda *args, **kwargs: layouts.append(1) or refresh_layout(*args, **kwargs)
        screen._compositor.render_update = lambda *a, **k: drawn.append(set(screen._compositor._dirty_regions)) or render_update(*a, **k)
        await settled(pilot, drawn, layouts)
        box, _ = screen.since.drawn(app.size)
        for step in (screen.put_away_recap, screen.action_since_last_turn, screen.put_away_recap):
            step()
            await pilot.pause()
            assert drawn and all(region.intersection(box) == region for region in drawn.pop())
        assert not screen.put_away_recap()
        await pilot.pause()
        assert layouts == [] and drawn == []
        assert "Any key to go on." not in "\n".join(on_screen(app, screen.region))


async def test_a_summary_taller_than_its_room_scrolls_and_every_line_is_read():
    """No "...and 7 more": every thing is said, and ↓ scrolls to the end of a summary
    taller than the screen; another key then puts it away."""
    table = against_a_computer()
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await summary_on_show(app, pilot)
        screen = app.screen
        lines = tuple(f"Moves: Bob did thing number {n} of the long turn" for n in range(40))
        screen.since.tell("Ann", lines)
        await pilot.pause()
        seen: set[str] = set()
        for _ in range(60):
            box, _ = screen.since.drawn(app.size)
            assert box.height <= 24
            seen |= {line.strip("│ ") for line in on_screen(app, box)}
            await pilot.press("down")
            assert recap_shown(app), "↓ put the summary away instead of scrolling it"
        words = " ".join(seen)
        assert all(f"thing number {n} " in words for n in range(40)) and "Any key to go on." in words
        assert "↑↓ " in on_screen(app, box)[-1] and " of " in on_screen(app, box)[-1]  # which lines are in view
        await pilot.press("space")
        assert not recap_shown(app)
