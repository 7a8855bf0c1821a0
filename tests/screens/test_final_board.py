"""The scores of a finished game are one key from its final board and back: b on
the scores shows the board as the game ended, Enter there the scores again."""

from __future__ import annotations

import random

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.rules.registry import get_game
from river_tui.screens.game_base import GameScreen
from river_tui.screens.registry import screen_class
from river_tui.screens.scores import ScoresScreen
from river_tui.play.table import Seat, Table
from river_tui.widgets.status_bar import StatusBar
from support.waiting import wait_until


def finished(game_id: str) -> Table:
    """A two-seat game played to its end by the game's greedy player."""
    table = Table.create(game_id, [Seat("Ann"), Seat("Bob")], {}, seed=2, autosave=False)
    bot = get_game(game_id).bots()["greedy"]
    rng = random.Random(0)
    while not table.finished:
        seat = min(table.to_act())
        table.apply(seat, bot.choose(table.game, table.view(seat), seat, rng))
    return table


@pytest.mark.parametrize("game_id", ["glassworks", "flow", "riverside", "we-all-take"])
async def test_b_on_the_scores_shows_the_final_board_and_enter_the_scores_again(game_id):
    table = finished(game_id)
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(screen_class(game_id)(table, local_seats={0}))
        await pilot.pause()
        if not isinstance(app.screen, ScoresScreen):  # Riverside's final roll stays up first
            await pilot.press("enter")
        await wait_until(lambda: isinstance(app.screen, ScoresScreen), "the scores", seen=lambda: app.screen,
                         pause=pilot.pause)
        await pilot.press("b")
        await pilot.pause()
        board = app.screen
        assert isinstance(board, GameScreen) and board.table is table
        line = str(board.query_one(StatusBar).render())
        assert "Enter" in line and "scores" in line, line
        keys = {action for _, action, enabled in board.shown_keys() if enabled}
        assert "scores" in keys and "choose" not in keys, keys
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)


async def test_the_status_line_is_chosen_again_for_a_new_width():
    """What the status line shows whole is chosen by the screen's width (Riverside's
    final roll: with every die's colour where it fits, else the temperature alone): a
    line chosen at another width, or before the first layout when a computer moved
    first, is chosen again when the width changes, never left cut at the edge."""
    table = finished("riverside")
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(screen_class("riverside")(table, local_seats={0}))
        await pilot.pause()
        assert "white" in str(app.screen.query_one(StatusBar).render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        line = str(app.screen.query_one(StatusBar).render())
        assert line.startswith("Final roll: temperature") and line.endswith("Enter: scores"), line
        assert len(line) <= 78, line


@pytest.mark.parametrize("game_id", ["flow", "glassworks"])
async def test_every_games_scores_replay_with_r_and_say_what_esc_does(game_id):
    """The scores' keys are the same after every game (README): r replays, and the
    footer says that q or Esc goes back to the menu."""
    from support.screen_text import on_screen

    table = finished(game_id)
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(screen_class(game_id)(table, local_seats={0}))
        await wait_until(lambda: isinstance(app.screen, ScoresScreen), "the scores", seen=lambda: app.screen,
                         pause=pilot.pause)
        scores = app.screen

        def footer() -> str:
            region = scores.query_one("Footer").region
            return on_screen(app, region)[0] if region else ""

        # The footer is laid out, then its keys are mounted: a moment apart under load.
        await wait_until(lambda: "Replay" in footer(), "the footer's keys", seen=footer, pause=pilot.pause)
        shown = footer()
        assert "r Replay" in shown and "q/Esc Menu" in shown, shown
        await pilot.press("r")
        await wait_until(lambda: app.screen is not scores and isinstance(app.screen, GameScreen),
                         "the replay", seen=lambda: app.screen, pause=pilot.pause)
        assert app.screen.replay is not None
