"""At 80x24 a game screen's footer shows every key it offers whole: nothing a
player needs is cut off at its right end. Checked at every step of a game, since
some keys come and go with the step being made (a game's "since your last turn"
summary is put away as a player would, and the checks go on)."""

from __future__ import annotations

import random

import pytest
from textual.widgets._footer import FooterKey

from river_tui.app import RiverApp
from river_tui.rules.flow.actions import PlaceReservation
from river_tui.rules.registry import get_game
from river_tui.screens.game_base import GameFooter, GameScreen
from river_tui.table import Seat, Table

from ui.footer import assert_footer_fits
from ui.recap import put_away_recaps

from waiting import computers_moved

GAMES = {
    # game: (seats, the keys a player needs always in the footer)
    "glassworks": (2, {"pick", "choose", "lake", "undo", "help", "leave"}),
    "flow": (3, {"choose", "rotate", "next_tile", "undo", "help", "leave"}),
    "riverside": (3, {"choose", "other_sheet", "undo", "help", "leave"}),
    "we-all-take": (3, {"done", "trade", "next_here", "info", "undo", "help", "leave"}),
}
WHILE_ALLOWED = {"reserve": PlaceReservation}
"""Keys the footer offers while the rules allow their kind of action, and must then show."""


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
            if table.finished or not isinstance(screen, GameScreen):
                break
            shown = assert_footer_fits(screen)
            allowed = {key for key, kind in WHILE_ALLOWED.items() if any(isinstance(a, kind) for a in screen.legal_actions())}
            assert needed | allowed <= {action.partition("(")[0] for action in shown}
            seen.add(tuple(shown))
            screen.play(bot.choose(table.game, table.view(0), 0, rng))
    assert len(seen) >= (2 if game_id == "riverside" else 1)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_new_footers_keys_are_born_in_its_look(monkeypatch, size):
    """Keys come and go with the turn: each new key is drawn compact or not as the
    footer is from the start, never restyled once mounted (each restyle laid the
    whole screen out again, for every key of every new footer)."""
    restyled = []
    monkeypatch.setattr(FooterKey, "update_node_styles", lambda key, animate=True: restyled.append(key.action))
    table = Table.create("riverside", [Seat("Ann")] + [Seat(f"Computer {i}", "random") for i in (1, 2)], {}, seed=2,
                         autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await computers_moved(table, pilot)
        await put_away_recaps(pilot)
        footer = app.screen.query_one(GameFooter)
        old = list(footer.query(FooterKey))
        restyled.clear()
        footer.call_later(footer.bindings_changed, app.screen)  # as the screen tells it when its keys change
        await pilot.pause()
        await pilot.pause()
        keys = list(footer.query(FooterKey))
        assert keys and not set(keys) & set(old)
        assert all(key.has_class("-compact") == footer.compact for key in keys)
        assert restyled == []
