"""River Valley Glassworks alone against computers: the others' moves are made in
sight (the river marked, the log below it), so no "since your last turn" box stands
in the way at each turn; it comes by itself only with news that changes a plan (the
end triggered), that news first, and "a" shows the summary at any turn."""

from __future__ import annotations

import pytest

from river_tui.play.table import Seat, Table
from river_tui.rules.glassworks.narration import END

from support.recap import alone_against_computers


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_alone_the_summary_comes_by_itself_only_when_the_end_is_triggered(size):
    table = Table.create("glassworks", [Seat("Ann"), Seat("Computer 1", "greedy"), Seat("Computer 2", "greedy")],
                         {}, seed=4, autosave=False)
    came, quiet = await alone_against_computers(table, size, END)
    assert quiet > 5 and len(came) == 1 and "the end is triggered" in came[0]
    news = came[0].split("\n\n")[1]  # the first lines after the title: the news, before any scrolling
    assert news.startswith(f"{END}: ") and "the end is triggered" in news, came[0]
