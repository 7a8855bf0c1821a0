"""While a computer seat thinks (in its worker process), the screen answers
keys: help opens and closes, the player may leave for the menu; the computer's
move shows in the log once made."""

from __future__ import annotations

import threading

from river_tui.app.river_app import RiverApp
from river_tui.screens.game_base import GameScreen
from river_tui.screens.help import HelpScreen
from river_tui.screens.menu import MenuScreen
from river_tui.play.table import Seat, Table
from river_tui.widgets.game_log import GameLog

from support.recap import put_away_recaps
from support.waiting import DEADLINE, computers_moved


def hard_first(game_id: str) -> tuple[Table, threading.Event]:
    """A table whose computer seat moves first, and the gate its thinking waits at:
    until the test opens it the computer is still thinking, however fast the
    machine (its search then runs in the worker process as always)."""
    table = Table.create(game_id, [Seat("Computer", "hard"), Seat("Ann")], {}, seed=4, autosave=False)
    gate = threading.Event()
    think = table.bot_choice

    def held_then_think(*args, **kwargs):
        if not gate.wait(DEADLINE):
            raise AssertionError(f"the test never let the computer think ({DEADLINE:g} s)")
        return think(*args, **kwargs)

    table.bot_choice = held_then_think
    return table, gate


async def test_help_opens_and_closes_while_the_computer_thinks_and_its_move_then_shows():
    table, gate = hard_first("glassworks")
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen._bot_busy and not table.log
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert app.screen is screen and screen._bot_busy and not table.log
        gate.set()
        await computers_moved(table, pilot)
        await put_away_recaps(pilot)
        assert app.screen is screen
        assert table.log[0][0] == 0
        assert screen.query_one(GameLog).lines, "the computer's move is in the log"


async def test_leaving_for_the_menu_while_the_computer_thinks():
    table, gate = hard_first("flow")
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen._bot_busy
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        gate.set()
