"""The game log panel keeps its newest line in view as moves add lines, one move at a
time, whether its height is fixed or takes what the screen leaves."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from river_tui.widgets.game_log import MAX_LINES, GameLog

from support.screen_text import on_screen


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("the board", id="board")
            yield GameLog(id="log")


async def moves_made(pilot, log: GameLog, lines: list[str], moves: int) -> AsyncIterator[int]:
    """Each of ``moves`` moves adds its line to ``lines`` and the log shows them, as
    after a move; yields the move's number once it is drawn."""
    for move in range(len(lines) + 1, len(lines) + moves + 1):
        lines.append(f"move {move} was made")
        log.show_lines(lines)
        await pilot.pause()
        yield move


@pytest.mark.parametrize("log_css", ["height: 8;", "height: 1fr; min-height: 3;"])
async def test_each_move_s_lines_show_at_the_log_s_end(log_css):
    app = type("SizedLogApp", (LogApp,), {"CSS": f"#board {{ height: 3; }} #log {{ {log_css} }}"})()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(GameLog)
        async for _ in moves_made(pilot, log, [], 40):
            pass
        text = "\n".join(on_screen(app, app.screen.region))
        assert "move 40 was made" in text
        assert "move 1 was made" not in text
        assert log.scroll_y == log.max_scroll_y > 0


async def test_the_scrollbar_follows_the_newest_line():
    """Line by line the scrollbar shows the end of the log: its thumb where the panel is
    scrolled, as long as the panel's window onto all the rows; and after the player
    scrolled up, the next move's line brings the end back into view."""
    app = type("SizedLogApp", (LogApp,), {"CSS": "#board { height: 3; } #log { height: 8; }"})()
    async with app.run_test(size=(80, 24)) as pilot:
        log, lines = app.query_one(GameLog), []
        async for move in moves_made(pilot, log, lines, 20):
            bar = log.vertical_scrollbar
            assert (bar.position, bar.window_virtual_size) == (log.scroll_y, move)
            assert bar.window_size == log.scrollable_content_region.height
            assert log.scroll_y == log.max_scroll_y
        log.focus()
        await pilot.press("pageup")
        await pilot.pause()
        assert "move 20 was made" not in "\n".join(on_screen(app, log.region))
        async for _ in moves_made(pilot, log, lines, 1):  # the next move's line
            pass
        assert "move 21 was made" in "\n".join(on_screen(app, log.region))
        assert log.vertical_scrollbar.position == log.scroll_y == log.max_scroll_y


LONG = "Ann's boat sails from the mill down the east channel past the ferry and moors at the quay"


async def test_a_narrower_log_wraps_its_lines_again():
    """The terminal shrinks from 120 to 80 columns: a line that took one row takes two,
    its words all in view (no sideways scrolling, nothing cut at the edge)."""
    app = type("SizedLogApp", (LogApp,), {"CSS": "#board { height: 3; }"})()
    async with app.run_test(size=(120, 24)) as pilot:
        log = app.query_one(GameLog)
        log.show_lines(["the game begins", LONG])
        await pilot.pause()
        assert LONG in "\n".join(on_screen(app, log.region))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        rows = [row.strip() for row in on_screen(app, log.content_region) if row.strip()]
        assert rows[0] == "the game begins" and " ".join(rows[1:]) == LONG
        assert log.max_scroll_x == 0


async def test_the_logs_of_one_table_share_their_rows():
    """Two seats' logs at one width hold the same rows: a line is wrapped once for the
    process, not once per screen."""

    class TwoLogs(App[None]):
        def compose(self) -> ComposeResult:
            yield GameLog(id="one")
            yield GameLog(id="two")

    async with TwoLogs().run_test(size=(80, 24)) as pilot:
        one, two = pilot.app.query_one("#one", GameLog), pilot.app.query_one("#two", GameLog)
        for log in (one, two):
            log.show_lines(["the game begins", LONG])
        await pilot.pause()
        assert len(one.lines) == 3 and all(a is b for a, b in zip(one.lines, two.lines, strict=True))


async def test_a_long_game_keeps_its_newest_lines():
    """Past the log's limit the oldest lines go; an undo below what was shown writes the
    log again from the table's lines."""
    app = LogApp()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(GameLog)
        lines = [f"move {move} was made" for move in range(1, MAX_LINES + 6)]
        log.show_lines(lines)
        await pilot.pause()
        assert log.texts[0] == "move 6 was made" and len(log.lines) == MAX_LINES
        log.show_lines([*lines, "the last move"])
        await pilot.pause()
        assert log.texts[0] == "move 7 was made" and log.lines[-1].text == "the last move"
        assert "the last move" in "\n".join(on_screen(app, log.region))
        log.show_lines(lines[:3])
        await pilot.pause()
        assert log.texts == lines[:3] and [row.text for row in log.lines] == lines[:3]
