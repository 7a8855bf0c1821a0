"""A notice never outlives the screen it was said on: a game's refusal is not left
standing over the menu when the player leaves the game; a box over the game (help)
going away leaves the game's notices where they were."""

from __future__ import annotations

from river_tui.app.river_app import RiverApp
from river_tui.play.table import Seat, Table
from river_tui.screens.help import HelpScreen
from river_tui.screens.menu import MenuScreen
from support import toyscreen  # noqa: F401  (the toy game's screen, registered)
from support.screen_text import screen_lines
from support.waiting import wait_until

REFUSAL = "step 1 or 2"
"""The toy game's words for a key it does not allow."""


def shown(app) -> str:
    return "\n".join(strip.text for strip in screen_lines(app))


def toy_table() -> Table:
    return Table.create("toy", [Seat("P1", "human"), Seat("P2", "random")], {}, 4)


async def test_a_games_refusal_goes_with_the_game_when_the_player_leaves_for_the_menu():
    app = RiverApp(toy_table(), bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await wait_until(lambda: REFUSAL in shown(app), "the refusal on show", seen=lambda: app.notices_on_show, pause=pilot.pause)
        await pilot.press("q")
        await wait_until(lambda: isinstance(app.screen, MenuScreen), "the menu", pause=pilot.pause)
        await pilot.pause()
        assert REFUSAL not in shown(app)
        app.notify("Said on the menu.")
        await pilot.pause()
        assert "Said on the menu." in shown(app)


async def test_a_games_notice_stays_when_a_box_over_the_game_goes():
    app = RiverApp(toy_table(), bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await pilot.press("question_mark")
        await wait_until(lambda: isinstance(app.screen, HelpScreen), "the help", pause=pilot.pause)
        await pilot.press("escape")
        await wait_until(lambda: not isinstance(app.screen, HelpScreen), "the game again", pause=pilot.pause)
        await pilot.pause()
        assert REFUSAL in shown(app)
