"""We All Take's players and river panels at a server table: every seat's panels show
each new position, and the lines one seat's panel built the others take as they are,
but for the rows that read differently for them ("you")."""

from __future__ import annotations

from textual.app import App, ComposeResult

from river_tui.rules.we_all_take.setup import set_up
from river_tui.widgets.we_all_take import players
from river_tui.widgets.we_all_take.players import PlayersPanel
from river_tui.widgets.we_all_take.river import RiverPanel

from support.screen_text import on_screen

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



class TwoRiversApp(App[None]):
    def compose(self) -> ComposeResult:
        yield RiverPanel(id="first")
        yield RiverPanel(id="second")


async def test_a_second_seats_river_panel_builds_no_line_of_its_own(monkeypatch):
    app = TwoRiversApp()
    async with app.run_test(size=(80, 24)) as pilot:
        built: list[int] = []
        lines_of = RiverPanel._lines_of
        monkeypatch.setattr(RiverPanel, "_lines_of", lambda panel, *args: built.append(1) or lines_of(panel, *args))
        state = set_up(3, "standard", seed=5)
        first, second = app.query_one("#first", RiverPanel), app.query_one("#second", RiverPanel)
        first.show(state, NAMES)
        second.show(state, NAMES)
        assert len(built) == 1
        second.show(state, ["Ann", "Bob", "Cy"])  # a seat taken by another player since: other names
        assert len(built) == 2
        await pilot.pause()
        assert "Almanac" in "\n".join(on_screen(app, second.content_region))


async def test_a_count_of_two_digits_keeps_its_column_apart_from_the_one_before():
    """A seat with 12 gold and no pollution read "012" under × and ●."""
    app = ThreeSeatsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        state = set_up(3, "standard", seed=5)
        state.stock[2][:] = [15, 1, 0, 0, 12]
        panel = app.query_one("#seat0", PlayersPanel)
        panel.show(state, NAMES, 0, frozenset({0}))
        await pilot.pause()
        head, *rows = [line for line in on_screen(app, panel.content_region) if line.strip()]
        assert rows[2].split()[2:7] == ["15", "1", "0", "0", "12"], rows[2]  # after "? Cyd"
        assert head.split()[:5] == ["∝", "♣", "∴", "×", "●"]
        assert head.index("●") == rows[2].index("12") + 1  # each glyph over the last digit of its column
