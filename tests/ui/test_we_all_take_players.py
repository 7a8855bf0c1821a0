"""We All Take's players panel at a server table: every seat's panel shows each new
position, and the rows one seat's panel built the others take as they are, but for
the rows that read differently for them ("you")."""

from __future__ import annotations

from textual.app import App, ComposeResult

from river_tui.rules.we_all_take.setup import set_up
from river_tui.widgets.we_all_take import players
from river_tui.widgets.we_all_take.players import PlayersPanel

from ui.screen_text import on_screen

NAMES = ["Ann", "Bob", "Cyd"]  # as long as each other: the columns do not move with "you"


class ThreeSeatsApp(App[None]):
    """Three seats' players panels of one table."""

    def compose(self) -> ComposeResult:
        for seat in range(3):
            yield PlayersPanel(id=f"seat{seat}")


async def test_a_second_seats_panel_builds_only_the_rows_that_read_differently_for_it(monkeypatch):
    app = ThreeSeatsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        built: list[int] = []
        row = players._row
        monkeypatch.setattr(players, "_row", lambda s, seat, *rest: built.append(seat) or row(s, seat, *rest))
        state = set_up(3, "standard", seed=5)
        acting = frozenset({1})
        app.query_one("#seat0", PlayersPanel).show(state, NAMES, 0, acting)
        assert built == [0, 1, 2]
        built.clear()
        app.query_one("#seat1", PlayersPanel).show(state, NAMES, 1, acting)
        assert built == [0, 1]  # the first seat's row without "you", its own with it
        built.clear()
        app.query_one("#seat2", PlayersPanel).show(state, NAMES, 2, acting)
        assert built == [2]
        await pilot.pause()
        for seat in range(3):
            panel = app.query_one(f"#seat{seat}", PlayersPanel)
            rows = [line for line in on_screen(app, panel.content_region) if line.strip()][1:]
            assert [(name in row, "you" in row, "▶" in row) for name, row in zip(NAMES, rows, strict=True)] == [
                (True, other == seat, other == 1) for other in range(3)]  # fmt: skip

