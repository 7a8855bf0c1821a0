"""Flow alone against computers: the others' tiles are marked on the board as they
are laid, so the "since your last turn" box comes by itself only when someone closed
a Territory (points were scored); "a" shows the summary at any turn."""

from __future__ import annotations

import pytest

from river_tui.play.table import Seat, Table
from river_tui.rules.flow.narration import CLOSED

from support.recap import alone_against_computers


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_alone_the_summary_comes_by_itself_only_when_a_territory_was_closed(size):
    table = Table.create("flow", [Seat("Ann"), Seat("Computer 1", "greedy"), Seat("Computer 2", "greedy")],
                         {}, seed=4, autosave=False)
    came, quiet = await alone_against_computers(table, size, CLOSED, moves=30)
    assert quiet >= 2 and came and all(CLOSED in said for said in came)
