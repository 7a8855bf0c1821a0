"""A player's name is shown as typed, brackets and all: never read as markup
(where "[/x]" would stop the app)."""

from __future__ import annotations

import random

import pytest

from river_tui.app import RiverApp
from river_tui.rules.registry import get_game
from river_tui.screens.game_base import GameScreen
from river_tui.table import Seat, Table

NAME = "Ann [/x] [b]"


async def screen_text(pilot) -> str:
    await pilot.pause()
    return "\n".join(strip.text for strip in pilot.app.screen._compositor.render_strips())


@pytest.mark.parametrize("game_id", ["glassworks", "flow", "riverside", "we-all-take"])
async def test_a_name_with_brackets_is_shown_as_typed(game_id):
    game = get_game(game_id)
    bot = game.bots().get("greedy", game.bots()["random"])
    table = Table.create(game_id, [Seat(NAME), Seat("Bob", "random")], {}, seed=3, autosave=False)
    rng = random.Random(3)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(12):
            while table.bot_seats_to_act():
                await pilot.pause(0.05)
            assert isinstance(app.screen, GameScreen)
            assert NAME in await screen_text(pilot)
            app.screen.play(bot.choose(table.game, table.view(0), 0, rng))
            if table.finished:
                break
        while table.bot_seats_to_act():
            await pilot.pause(0.05)
        assert f"{NAME} to act" in str(app.screen.query_one("#status").render()) or not table.to_act() & {0}
