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


def riverside_against_computers() -> RiverApp:
    table = Table.create("riverside", [Seat("Ann")] + [Seat(f"Computer {i}", "random") for i in (1, 2)], {}, seed=2,
                         autosave=False)
    return RiverApp(table, bot_delay=0)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_new_footers_keys_are_born_in_its_look(monkeypatch, size):
    """Keys come and go with the turn: each new key is drawn compact or not as the
    footer is from the start, never restyled once mounted (each restyle laid the
    whole screen out again, for every key of every new footer)."""
    restyled = []
    monkeypatch.setattr(FooterKey, "update_node_styles", lambda key, animate=True: restyled.append(key.action))
    app = riverside_against_computers()
    async with app.run_test(size=size) as pilot:
        await computers_moved(app.screen.table, pilot)
        await put_away_recaps(pilot)
        footer = app.screen.query_one(GameFooter)
        await footer.remove_children()
        restyled.clear()
        footer.call_later(footer.bindings_changed, app.screen)  # as the screen tells it when its keys change
        await pilot.pause()
        await pilot.pause()
        keys = list(footer.query(FooterKey))
        assert keys and all(key.has_class("-compact") == footer.compact for key in keys)
        assert restyled == []


async def test_a_key_that_comes_is_the_only_key_mounted_and_the_footer_reads_as_built_anew():
    """A key joins the footer (Riverside's Choose with its step): it alone is mounted, in
    its place; the keys before and after it stay as they were, and the footer shows the
    keys a footer built whole would. Told again with nothing changed, nothing is mounted."""
    app = riverside_against_computers()
    async with app.run_test(size=(120, 40)) as pilot:
        await computers_moved(app.screen.table, pilot)
        await put_away_recaps(pilot)
        footer = app.screen.query_one(GameFooter)
        keys = list(footer.query(FooterKey))
        assert len(keys) >= 4
        await keys[2].remove()  # the footer as it was before that key came
        footer.call_later(footer.bindings_changed, app.screen)
        await pilot.pause()
        await pilot.pause()
        now = list(footer.query(FooterKey))
        assert [key.action for key in now] == [key.action for key in keys]
        assert [now[i] is keys[i] for i in range(len(keys))] == [i != 2 for i in range(len(keys))]
        footer.call_later(footer.bindings_changed, app.screen)
        await pilot.pause()
        await pilot.pause()
        assert list(footer.query(FooterKey)) == now
