"""The game log panel keeps its newest line in view as moves add lines, one move at a
time, whether its height is fixed or takes what the screen leaves."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from river_tui.widgets.game_log import GameLog

from ui.screen_text import on_screen


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("the board", id="board")
            yield GameLog(id="log")


@pytest.mark.parametrize("log_css", ["height: 8;", "height: 1fr; min-height: 3;"])
async def test_each_move_s_lines_show_at_the_log_s_end(log_css):
    app = type("SizedLogApp", (LogApp,), {"CSS": f"#board {{ height: 3; }} #log {{ {log_css} }}"})()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(GameLog)
        lines: list[str] = []
        for move in range(1, 41):
            lines.append(f"move {move} was made")
            log.show_lines(lines)
            await pilot.pause()
        text = "\n".join(on_screen(app, app.screen.region))
        assert "move 40 was made" in text
        assert "move 1 was made" not in text
        assert log.scroll_y == log.max_scroll_y > 0
