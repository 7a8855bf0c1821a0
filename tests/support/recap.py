"""Putting away the "since your last turn" summary, as a player does: any key; and
when it comes by itself to a player alone against computers."""

from __future__ import annotations

import random
from collections.abc import Callable

from textual.app import App

from river_tui.app.river_app import RiverApp
from river_tui.screens.game_base import GameScreen

from support.waiting import workers_done


def recap_shown(app: App) -> bool:
    """Whether the app's screen is a game screen showing its summary."""
    return isinstance(app.screen, GameScreen) and app.screen.recap_shown


def recap_text(app: App) -> str:
    return app.screen.since.text.plain


async def put_away_recaps(pilot, look: Callable[[], None] | None = None) -> list[str]:
    """Press a key while a summary is on show (after calling ``look``, which may
    check the screen); returns what each one said."""
    said = []
    for _ in range(10):
        await pilot.pause()
        if not recap_shown(pilot.app):
            return said
        if look is not None:
            look()
        said.append(recap_text(pilot.app))
        await pilot.press("space")
    raise AssertionError(f"a summary stayed on show after a key; it said {said[-1]!r}")


async def alone_against_computers(table, size: tuple[int, int], alert: str, moves: int = 10_000) -> tuple[list[str], int]:
    """Ann (seat 0) plays her game's greedy moves against computer seats (the first
    ``moves`` moves of the table, or to its end); at each of her turns that comes after
    theirs, the box must be on show exactly when the summary has news under ``alert``
    (a heading). Where it is not, "a" shows it and → puts it away, acting. Returns
    what each box that came by itself said, and how many turns came without one."""
    app = RiverApp(table, bot_delay=0)
    came, quiet, rng = [], 0, random.Random(4)
    bot = table.game.bots()["greedy"]
    async with app.run_test(size=size) as pilot:
        while not table.finished and len(table.log) < moves:
            await workers_done(app, pilot)
            screen = app.screen
            if table.finished or 0 not in table.to_act():
                continue
            if screen.recent.others:  # Ann's turn came after the computers moved
                news = any(line.startswith(f"{alert}: ") for line in screen.recent.summary)
                assert recap_shown(app) == news, screen.recent.summary
                if news:
                    came.append(recap_text(app))
                    await pilot.press("space")
                else:
                    quiet += 1
                    await pilot.press("a")  # the summary is one key away all the same
                    await pilot.pause()
                    assert recap_shown(app) and "Computer 1" in recap_text(app)
                    await pilot.press("right")  # a game key puts it away and acts
                await pilot.pause()
                assert not recap_shown(app)
            screen.play(bot.choose(table.game, table.view(0), 0, rng))
    return came, quiet
