"""Redraws dropped where nothing would look different: a border given the same words,
a scrollbar whose bar stays where it was (each seat's screen, after every move)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static
from textual.widgets._header import HeaderTitle

from river_tui.app.river_app import RiverApp
from river_tui.widgets.border_text import set_border_subtitle, set_border_title
from river_tui.widgets.game_header import GameHeader
from river_tui.widgets.game_log import GameLog
from river_tui.patches.steady_scrollbar import SteadyScrollBar

from support.layouts import refreshes_asked
from support.screen_text import on_screen


class BorderApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("inside", id="box")


async def test_a_border_given_the_same_words_is_not_redrawn_and_new_words_are():
    app = BorderApp()
    async with app.run_test(size=(40, 8)) as pilot:
        box = app.query_one("#box", Static)
        set_border_title(box, "Roles")
        set_border_subtitle(box, "you gain 2")
        await pilot.pause()
        asked = refreshes_asked(box)
        set_border_title(box, "Roles")
        set_border_subtitle(box, "you gain 2")
        assert asked == []
        set_border_title(box, "Roles revealed")
        set_border_subtitle(box, "")
        assert len(asked) == 2 and box.border_title == "Roles revealed" and box.border_subtitle == ""


class LogApp(RiverApp):
    """A River TUI app (its widgets' scrollbars are steady ones) showing a game log."""

    def on_mount(self) -> None:
        self.screen.mount(GameLog(id="log"))


@pytest.mark.patches
async def test_a_log_line_that_leaves_the_bar_in_place_redraws_no_scrollbar_and_the_log_once():
    app = LogApp()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(GameLog)
        lines = [f"line {n}" for n in range(100)]
        log.show_lines(lines)
        await pilot.pause()
        bar = log.vertical_scrollbar
        assert isinstance(bar, SteadyScrollBar) and bar.display
        drawn, frames = [], []
        render, render_line = bar.render, log.render_line
        bar.render = lambda: drawn.append(bar.position) or render()  # type: ignore[method-assign]
        log.render_line = lambda y: frames.append(y) or render_line(y)  # type: ignore[method-assign]
        log.show_lines([*lines, "line 100"])  # the thumb, one cell, stays at the bottom
        await pilot.pause()
        assert drawn == []
        assert len(frames) == len(set(frames)) == log.scrollable_content_region.height  # each line drawn once
        assert log.scroll_y == log.max_scroll_y and "line 100" in log.lines[-1].text
        log.scroll_home(animate=False)  # the thumb goes to the top
        await pilot.pause()
        assert drawn == [0]


class HeaderApp(App[None]):
    TITLE = "We All Take from the River"

    def compose(self) -> ComposeResult:
        yield GameHeader()


@pytest.mark.patches
async def test_the_turn_in_the_header_changes_without_laying_the_screen_out():
    app = HeaderApp()
    async with app.run_test(size=(80, 8)) as pilot:
        app.screen.sub_title = "Season 1 of 10, turn 1"
        await pilot.pause()
        title = app.query_one(HeaderTitle)
        asked = refreshes_asked(title)
        app.screen.sub_title = "Season 1 of 10, turn 2"
        await pilot.pause()
        assert asked == [False]  # redrawn, not laid out
        assert "turn 2" in on_screen(app, title.region)[0]
