"""A player's name is shown as typed, brackets and all: never read as markup
(where "[/x]" would stop the app); and the log calls every seat by its name."""

from __future__ import annotations

import random
import re

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.rules.flow.components import SPECIES
from river_tui.rules.registry import get_game
from river_tui.rules.we_all_take.components import COLOURS as WAT_COLOURS
from river_tui.screens.game_base import GameScreen
from river_tui.play.table import Seat, Table

from support.keyboard import press_ready
from support.offers import answer_offer_later
from support.recap import put_away_recaps
from support.waiting import computers_moved, workers_done

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
            await computers_moved(table, pilot)
            assert all(NAME in recap for recap in await put_away_recaps(pilot))
            await answer_offer_later(pilot)  # Bob's offer put to the player
            assert isinstance(app.screen, GameScreen)
            assert NAME in await screen_text(pilot)
            app.screen.play(bot.choose(table.game, table.view(0), 0, rng))
            if table.finished:
                break
        await computers_moved(table, pilot)
        await put_away_recaps(pilot)
        assert f"{NAME} to act" in str(app.screen.query_one("#status").render()) or not table.to_act() & {0}


NAMES = ("[/x]", "[b]Bold")


async def test_names_with_brackets_go_through_a_whole_game_as_typed(monkeypatch):
    """Setup, the handover between two people at one keyboard, the scores, the saves
    list and the records: "[/x]" stops nothing and "[b]Bold" makes nothing bold."""
    from support import toyscreen

    from river_tui.screens.handover import HandoverScreen
    from river_tui.screens.load import LoadScreen
    from river_tui.screens.menu import MenuScreen
    from river_tui.screens.records import RecordsScreen
    from river_tui.screens.scores import ScoresScreen
    from river_tui.screens.setup import SetupScreen
    from support.keyboard import take_the_keyboard

    monkeypatch.setattr(get_game("toy"), "hidden_information", True)  # so the seats hand over
    app = RiverApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#game").value = "toy"
        await pilot.pause()
        for index, name in enumerate(NAMES):
            setup.query_one(f"#name-{index}").value = name
            setup.query_one(f"#kind-{index}").value = "human"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert f"Pass the keyboard to {NAMES[0]}." in await screen_text(pilot)
        await take_the_keyboard(app, pilot)
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen)
        table = game_screen.table
        assert [seat.name for seat in table.seats] == list(NAMES)
        assert f"{NAMES[0]} to act" in await screen_text(pilot)
        handovers = 0
        for _ in range(20):
            if isinstance(app.screen, HandoverScreen):
                handovers += 1
                next_name = NAMES[min(table.to_act())]
                assert f"Pass the keyboard to {next_name}." in await screen_text(pilot)
                await press_ready(pilot)
            elif isinstance(app.screen, GameScreen):
                await pilot.press("2")
            else:
                break
            await pilot.pause()
        assert handovers >= 2 and table.finished
        assert isinstance(app.screen, ScoresScreen)
        scores = await screen_text(pilot)
        assert all(name in scores for name in NAMES)
        winner = NAMES[min(table.result().winners)]
        assert f"{winner} wins!" in scores or f"{winner} ★" in scores
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("r")
        await workers_done(app, pilot)
        assert isinstance(app.screen, RecordsScreen)
        records = await screen_text(pilot)
        assert all(f" {name} " in records for name in NAMES)
        await pilot.press("escape", "l")
        await workers_done(app, pilot)
        assert isinstance(app.screen, LoadScreen)
        assert ", ".join(NAMES) in await screen_text(pilot)


ALIASES = {"flow": [s.short for s in SPECIES], "we-all-take": list(WAT_COLOURS), "glassworks": [], "riverside": []}
"""What a game's pieces call a seat on the board (Flow's animals, We All Take's colours)."""


@pytest.mark.parametrize("game_id", sorted(ALIASES))
def test_the_log_calls_every_seat_by_the_name_the_panels_show(game_id):
    """Three seats played at random: no line says "Seat 2" or speaks of a seat by its
    animal or colour alone ("Otter +6", "Red's net"); those only join a name."""
    table = Table.create(game_id, [Seat(n, "random") for n in ("Ann", "Bob", "Cyd")], {}, seed=7, autosave=False)
    rng = random.Random(7)
    while table.to_act() and len(table.log) < 300:
        seat = min(table.to_act())
        table.apply(seat, rng.choice(list(table.legal_actions(seat))))
    text = "\n".join(table.lines)
    assert all(name in text for name in ("Ann", "Bob", "Cyd"))
    assert not re.search(r"\bSeat \d", text)
    if ALIASES[game_id]:
        alias = "|".join(ALIASES[game_id])
        alone = re.search(rf"(^|\n|, )({alias})\b(?! and placed)|\b({alias})'s\b|\b({alias}) \+\d", text)
        assert alone is None, alone and text[max(0, alone.start() - 60):alone.end() + 60]
