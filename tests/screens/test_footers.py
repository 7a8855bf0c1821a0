"""At 80x24 a game screen's footer shows every key it offers whole: nothing a
player needs is cut off at its right end. Checked at every step of a game, since
some keys come and go with the step being made (a game's "since your last turn"
summary is put away as a player would, and the checks go on)."""

from __future__ import annotations

import random

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.rules.flow.actions import PlaceReservation
from river_tui.rules.registry import get_game
from river_tui.screens.game_base import GameScreen
from river_tui.screens.help import HelpScreen
from river_tui.play.table import Seat, Table
from river_tui.widgets.game_footer import GameFooter

from support.footer import assert_footer_fits
from support.offers import answer_offer_later
from support.recap import put_away_recaps

from support.waiting import computers_moved

GAMES = {
    # game: (seats, the keys a player needs always in the footer)
    "glassworks": (2, {"pick", "choose", "lake", "undo", "help", "leave"}),
    "flow": (3, {"choose", "rotate", "next_tile", "undo", "help", "leave"}),
    "riverside": (3, {"choose", "other_sheet", "undo", "help", "leave"}),
    "we-all-take": (3, {"done", "trade", "next_here", "info", "undo", "help", "leave"}),
}
WHILE_ALLOWED = {"reserve": PlaceReservation}
"""Keys the footer offers while the rules allow their kind of action, and must then show."""


def as_textual_resolves(screen: GameScreen) -> tuple[tuple[str, str, bool], ...]:
    """The shown keys as Textual's ``active_bindings`` gives them (what `shown_keys` must equal)."""
    return tuple((key, b.action, enabled) for key, (_, b, enabled, _) in screen.active_bindings.items() if b.show)


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_the_footer_fits_80_columns_at_every_step(game_id):
    seats, needed = GAMES[game_id]
    game = get_game(game_id)
    bots = game.bots()
    bot = bots.get("greedy", bots["random"])
    table = Table.create(game_id, [Seat("Ann")] + [Seat(f"Computer {i}", "random") for i in range(1, seats)], {},
                         seed=2, autosave=False)
    rng = random.Random(2)
    app = RiverApp(table, bot_delay=0)
    seen: set[tuple[str, ...]] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(60):
            await pilot.pause()
            await computers_moved(table, pilot)
            await put_away_recaps(pilot)
            screen = app.screen
            if await answer_offer_later(pilot):  # a computer's offer put to Ann: she answers later
                continue
            if table.finished or not isinstance(screen, GameScreen):
                break
            shown = assert_footer_fits(screen)
            focused = screen.focused
            for _ in range(2):  # as the screen is, and with the next widget focused
                assert screen.shown_keys() == as_textual_resolves(screen)
                screen.focus_next()
                await pilot.pause()
            screen.set_focus(focused)
            allowed = {key for key, kind in WHILE_ALLOWED.items() if any(isinstance(a, kind) for a in screen.legal_actions())}
            assert needed | allowed <= {action.partition("(")[0] for action in shown}
            seen.add(tuple(shown))
            screen.play(bot.choose(table.game, table.view(0), 0, rng))
    assert len(seen) >= (2 if game_id == "riverside" else 1)


def riverside_against_computers() -> RiverApp:
    table = Table.create("riverside", [Seat("Ann")] + [Seat(f"Computer {i}", "random") for i in (1, 2)], {}, seed=2,
                         autosave=False)
    return RiverApp(table, bot_delay=0)


def footer_line(footer: GameFooter) -> str:
    """What the footer draws on screen."""
    return footer.render_line(0).text


def shown_actions(footer: GameFooter) -> list[str]:
    return [key.action for key in footer.shown if key.where == "key"]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_keys_that_come_and_go_with_the_step_redraw_the_footer_and_lay_nothing_out(size):
    """Riverside's "x End excursions" joins the footer when a village is being chosen, and leaves
    it with the step; "⏎ Choose" leaves while the others move. The footer shows
    them as they come and go, and the screen is not laid out again for it (every
    layout is the whole screen's, on every seat's screen at a server's table)."""
    app = riverside_against_computers()
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await computers_moved(screen.table, pilot)
        await put_away_recaps(pilot)
        footer = screen.query_one(GameFooter)
        await pilot.pause()
        assert screen._step_seen == "dice"
        assert "choose" in shown_actions(footer) and "done" not in shown_actions(footer)
        layouts = []
        refresh_layout = screen._refresh_layout
        screen._refresh_layout = lambda *args, **kwargs: layouts.append(1) or refresh_layout(*args, **kwargs)
        for step, choose, done in (("village", True, True), ("wait", False, False), ("dice", True, False)):
            screen._step_seen = step  # as Riverside's refresh_board leaves it in that step
            screen.refresh_bindings()
            await pilot.pause()
            await pilot.pause()
            actions = shown_actions(footer)
            assert ("choose" in actions, "done" in actions) == (choose, done), step
            assert actions == list(dict.fromkeys(b.action for _, b, _, _ in screen.active_bindings.values() if b.show))
            line = footer_line(footer)
            assert ("Choose" in line, "End excursions" in line) == (choose, done), line
            for key in footer.shown:
                assert line[key.x : key.x + key.width].split() == [key.display, *key.description.split()]
        assert layouts == []


async def test_a_key_under_the_mouse_is_highlighted_and_a_click_on_it_presses_it():
    app = riverside_against_computers()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await computers_moved(screen.table, pilot)
        await put_away_recaps(pilot)
        footer = screen.query_one(GameFooter)
        await pilot.pause()
        keys = {key.action: key for key in footer.shown}
        help_key, log_key = keys["help"], keys["toggle_log"]
        assert footer_line(footer)[help_key.x : help_key.x + help_key.width] == " ? Help "

        def style_at(x: int):
            return next(seg.style for seg in footer.render_line(0).divide([x, x + 1])[1])

        plain = style_at(help_key.x + 1)
        await pilot.hover(GameFooter, offset=(help_key.x + 3, 0))
        await pilot.pause()
        assert style_at(help_key.x + 1).bgcolor != plain.bgcolor  # highlighted
        assert style_at(log_key.x + 1) == plain  # the others are not
        await pilot.hover(offset=(1, 1))  # over the header
        await pilot.pause()
        assert style_at(help_key.x + 1) == plain  # the mouse has left it

        await pilot.click(GameFooter, offset=(help_key.x + help_key.width - 1, 0))
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
