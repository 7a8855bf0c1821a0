"""River Valley Glassworks alone against computers: the others' moves are made in
sight (the river marked, the log below it), so no "since your last turn" box stands
in the way at each turn; it comes by itself only with news that changes a plan (the
end triggered), and "a" shows the summary at any turn."""

from __future__ import annotations

import random

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.play.table import Seat, Table
from river_tui.rules.glassworks.bots import GREEDY_BOT
from river_tui.rules.glassworks.narration import END

from support.recap import recap_shown, recap_text
from support.waiting import workers_done


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_alone_the_summary_comes_by_itself_only_when_the_end_is_triggered(size):
    table = Table.create("glassworks", [Seat("Ann"), Seat("Computer 1", "greedy"), Seat("Computer 2", "greedy")],
                         {}, seed=4, autosave=False)
    app = RiverApp(table, bot_delay=0)
    came, quiet, rng = [], 0, random.Random(4)
    async with app.run_test(size=size) as pilot:
        while not table.finished:
            await workers_done(app, pilot)
            screen = app.screen
            if table.finished or 0 not in table.to_act():
                continue
            news = [line for line in screen.recent.summary if line.startswith(f"{END}: ")]
            if screen.recent.others:  # Ann's turn came after the computers moved
                assert recap_shown(app) == bool(news), screen.recent.summary
                if news:
                    came.append(recap_text(app))
                    await pilot.press("space")
                    await pilot.pause()
                else:
                    quiet += 1
                    await pilot.press("a")  # the summary is one key away all the same
                    await pilot.pause()
                    assert recap_shown(app) and "Computer 1" in recap_text(app)
                    await pilot.press("right")  # a game key puts it away and acts
                    await pilot.pause()
                    assert not recap_shown(app)
            screen.play(GREEDY_BOT.choose(table.game, table.view(0), 0, rng))
    assert quiet > 5 and len(came) == 1 and "the end is triggered" in came[0]
    news = came[0].split("\n\n")[1]  # the first lines after the title: the news, before any scrolling
    assert news.startswith(f"{END}: ") and "the end is triggered" in news, came[0]
