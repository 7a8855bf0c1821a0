"""We All Take's side panels (river, players, role): new lines lay the screen out only
when the panel's height may change, and never while the panel is hidden (on a small
terminal, until "i"); shown, it is as tall as its lines."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from river_tui.widgets.we_all_take.panel import Panel

from support.layouts import lines_refreshed, refreshes_asked
from support.screen_text import on_screen


class Notes(Panel):
    TITLE = "Notes"


class PanelApp(App[None]):
    CSS = "Notes { width: 30; } .hidden { display: none; }"

    def compose(self) -> ComposeResult:
        yield Notes(classes="hidden")


async def test_a_hidden_panel_lays_nothing_out_and_shows_its_lines_when_shown():
    app = PanelApp()
    async with app.run_test(size=(60, 20)) as pilot:
        notes = app.query_one(Notes)
        notes.show_lines([Text("one")])
        await pilot.pause()
        asked = refreshes_asked(notes)
        long = Text("a line too long for the panel, so that it wraps onto more lines")
        notes.show_lines([Text("one"), long])
        await pilot.pause()
        assert asked and not any(asked)  # hidden: nothing to lay out
        notes.remove_class("hidden")
        await pilot.pause()
        assert notes.size.height == 1 + 3  # "one", and the long line wrapped on 3 lines
        assert "one" in "\n".join(on_screen(app, notes.region))


async def test_a_shown_panel_lays_out_when_it_grows_and_not_when_a_line_changes():
    app = PanelApp()
    async with app.run_test(size=(60, 20)) as pilot:
        notes = app.query_one(Notes)
        notes.remove_class("hidden")
        notes.show_lines([Text("one")])
        await pilot.pause()
        asked = refreshes_asked(notes)
        notes.show_lines([Text("two")])
        await pilot.pause()
        assert asked and not any(asked)
        notes.show_lines([Text("two"), Text("three")])
        await pilot.pause()
        assert asked.count(True) == 1 and notes.size.height == 2  # once: its new size asks no second layout


async def test_a_wrapped_line_that_changes_but_takes_as_many_lines_lays_nothing_out():
    """The river's almanac or a vote wraps on a narrow side: a new word in it is no new height."""
    app = PanelApp()
    async with app.run_test(size=(60, 20)) as pilot:
        notes = app.query_one(Notes)
        notes.remove_class("hidden")
        long = "a line too long for the panel, so that it wraps onto more lines"
        notes.show_lines([Text("one"), Text(long)])
        await pilot.pause()
        assert notes.size.height == 1 + 3
        asked = refreshes_asked(notes)
        notes.show_lines([Text("two"), Text(long.replace("wraps", "folds"))])
        await pilot.pause()
        assert asked and not any(asked) and notes.size.height == 1 + 3
        assert "folds" in "\n".join(on_screen(app, notes.region))
        notes.show_lines([Text("two"), Text(f"{long}, and on, and on, and on")])  # now on 4 lines
        await pilot.pause()
        assert asked.count(True) == 1 and notes.size.height == 1 + 4


async def players_shown(app: PanelApp, pilot) -> Notes:
    """The panel shown with a line per player (as the players panel has)."""
    notes = app.query_one(Notes)
    notes.remove_class("hidden")
    notes.show_lines([Text("Ann 1 1 0"), Text("Bob 0 1 0"), Text("Cy 0 0 2")])
    await pilot.pause()
    return notes


async def test_a_changed_line_repaints_that_line_alone():
    """A move changes a player's stock or who acts: each seat's panel repaints those lines only."""
    app = PanelApp()
    async with app.run_test(size=(60, 20)) as pilot:
        notes = await players_shown(app, pilot)
        asked = lines_refreshed(notes)
        notes.show_lines([Text("Ann 1 1 0"), Text("Bob 0 2 0"), Text("Cy 0 0 2")])
        await pilot.pause()
        assert asked == [{1}]
        assert [line.strip() for line in on_screen(app, notes.content_region)] == ["Ann 1 1 0", "Bob 0 2 0", "Cy 0 0 2"]


def lines_drawn(app: App) -> list[str]:
    """From now on, the lines ``app`` draws (wraps and styles into cells)."""
    drawn: list[str] = []
    draw = app.console.render_lines
    app.console.render_lines = lambda what, *args, **kwargs: (  # type: ignore[method-assign]
        drawn.append(what.plain if isinstance(what, Text) else "every line") or draw(what, *args, **kwargs))
    return drawn


async def test_a_changed_line_alone_is_drawn_again():
    """Each seat's players panel after a move: the lines that did not change are not drawn again."""
    app = PanelApp()
    async with app.run_test(size=(60, 20)) as pilot:
        notes = await players_shown(app, pilot)
        drawn = lines_drawn(app)
        notes.show_lines([Text("Ann 1 1 0"), Text("Bob 0 2 0 (changed alone)"), Text("Cy 0 0 2")])
        await pilot.pause()
        assert drawn == ["Bob 0 2 0 (changed alone)"]
        assert [line.strip() for line in on_screen(app, notes.content_region)] == [
            "Ann 1 1 0", "Bob 0 2 0 (changed alone)", "Cy 0 0 2"]  # fmt: skip


class TwoSeatsApp(App[None]):
    """Two seats' panels (as on a server, in one process), as wide as each other."""

    CSS = "Notes { width: 30; }"

    def compose(self) -> ComposeResult:
        yield Notes(id="first")
        yield Notes(id="second")


async def test_a_line_another_seats_panel_drew_at_that_width_is_not_drawn_again():
    app = TwoSeatsApp()
    async with app.run_test(size=(60, 20)) as pilot:
        first, second = app.query_one("#first", Notes), app.query_one("#second", Notes)
        drawn = lines_drawn(app)
        shared, own = Text("Ann 1 1 0 (both seats)"), Text("Bob 0 1 0 you (one seat)")
        first.show_lines([shared])
        await pilot.pause()
        assert drawn == [shared.plain]
        drawn.clear()
        second.show_lines([shared, own])
        await pilot.pause()
        assert drawn == [own.plain]  # the first panel's line is taken as it drew it
        assert [line.strip() for line in on_screen(app, second.content_region)] == [shared.plain, own.plain]
        second.styles.width = 40
        await pilot.pause()
        assert shared.plain in drawn[1:]  # at another width, drawn again


async def test_a_steady_panel_keeps_its_height_until_its_key_changes():
    """The river's acting order shortens as groups act and comes back on the next turn:
    through a phase the panel keeps its tallest height (a blank line below) and lays
    nothing out; the next phase fits it to its lines again."""
    app = PanelApp()
    async with app.run_test(size=(60, 20)) as pilot:
        notes = app.query_one(Notes)
        notes.remove_class("hidden")
        notes.show_lines([Text("season"), Text("acting: Ann, Bob")], steady="actions")
        await pilot.pause()
        asked = refreshes_asked(notes)
        notes.show_lines([Text("season")], steady="actions")
        await pilot.pause()
        assert not any(asked) and notes.size.height == 2
        assert [line.strip() for line in on_screen(app, notes.content_region)] == ["season", ""]
        notes.show_lines([Text("season"), Text("acting: Cy")], steady="actions")
        await pilot.pause()
        assert not any(asked) and "acting: Cy" in "\n".join(on_screen(app, notes.region))
        notes.show_lines([Text("season")], steady="exchange")
        await pilot.pause()
        assert any(asked) and notes.size.height == 1
