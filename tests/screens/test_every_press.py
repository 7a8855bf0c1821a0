"""Every press of a quick burst scrolls (a held key, a quick hand): the scores as
the help (tests/screens/test_help_screen.py)."""

from __future__ import annotations

import random

from textual import events

from river_tui.app.river_app import RiverApp
from river_tui.screens.scores import ScoresScreen, ScoresScroll
from river_tui.play.table import Seat, Table
from support.waiting import wait_until


def burst(app, key: str, presses: int = 3) -> None:
    """``presses`` of ``key`` arriving together, as a terminal sends a held key."""
    for _ in range(presses):
        app.post_message(events.Key(key, None))


async def test_a_burst_of_down_scrolls_the_scores_as_far_as_its_presses():
    app = RiverApp()
    async with app.run_test(size=(80, 12)) as pilot:  # short: the scores' notes scroll
        table = Table.create("we-all-take", [Seat(n, "random") for n in ("Ann", "Bob", "Cy")], {}, seed=6,
                             autosave=False)  # fmt: skip
        moves = 0
        while not table.finished:
            seat = min(table.bot_seats_to_act())
            table.apply(seat, table.bot_choice(seat, random.Random(moves)))
            moves += 1
        await app.push_screen(ScoresScreen(table))
        await pilot.pause()
        scroll = app.screen.query_one(ScoresScroll)
        assert scroll.max_scroll_y >= 3
        burst(app, "down")
        await wait_until(lambda: scroll.scroll_y >= 3, "three ↓ to scroll three lines",
                         seen=lambda: scroll.scroll_y, pause=lambda: pilot.pause(0.05))

