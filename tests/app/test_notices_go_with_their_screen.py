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


async def test_a_notice_of_what_may_be_done_now_goes_when_that_changes():
    """We All Take's camps: Enter on the map says nothing to do is on the map (a colour
    is chosen in the list); once the colour is chosen the map holds the camp's places,
    and the notice that said otherwise goes."""
    table = Table.create("we-all-take", [Seat("Ann"), Seat("Bo", "random"), Seat("Cy", "random")], {}, 3)
    app = RiverApp(table, bot_delay=0)
    nothing_on_the_map = "Nothing you may do now is on the map"
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await wait_until(lambda: 0 in table.to_act(), "Ann to place her camp", pause=pilot.pause)
        await pilot.pause()
        await pilot.press("enter")  # on the map: the colours are in the list, which takes the keys
        await wait_until(lambda: nothing_on_the_map in shown(app), "the notice", pause=pilot.pause)
        await pilot.press("enter", "enter")  # the list's first colour, picked and chosen
        await pilot.pause()
        assert app.screen.colour is not None
        assert nothing_on_the_map not in shown(app)
