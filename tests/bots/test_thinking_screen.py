"""While a computer seat thinks (in its worker process), the screen answers
keys: help opens and closes, the player may leave for the menu; the computer's
move shows in the log once made."""

from __future__ import annotations

from river_tui.app import RiverApp
from river_tui.screens.game_base import GameScreen
from river_tui.screens.help import HelpScreen
from river_tui.screens.menu import MenuScreen
from river_tui.table import Seat, Table
from river_tui.widgets.game_log import GameLog

from ui.recap import put_away_recaps
from waiting import computers_moved


def hard_first(game_id: str) -> Table:
    return Table.create(game_id, [Seat("Computer", "hard"), Seat("Ann")], {}, seed=4, autosave=False)


async def test_help_opens_and_closes_while_the_computer_thinks_and_its_move_then_shows():
    table = hard_first("glassworks")
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen._bot_busy and not table.log
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        # Under load the computer may have moved while help was open: then the
        # summary of its move stands over the board; either way help has closed.
        assert not isinstance(app.screen, HelpScreen) and screen in app.screen_stack
        await computers_moved(table, pilot)
        await put_away_recaps(pilot)
        assert app.screen is screen
        assert table.log[0][0] == 0
        assert screen.query_one(GameLog).lines, "the computer's move is in the log"


async def test_leaving_for_the_menu_while_the_computer_thinks():
    table = hard_first("flow")
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen._bot_busy
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
