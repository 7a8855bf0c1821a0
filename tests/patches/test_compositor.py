"""A partial update draws only the lines it sends (`SparseCompositor`), and sends
exactly what Textual's own compositor would."""

from __future__ import annotations

import random
import re

import pytest
from textual._compositor import Compositor
from textual.geometry import Region
from textual.widget import Widget

from river_tui.app.river_app import RiverApp
from river_tui.play.table import Seat, Table
from river_tui.widgets.game_header import GameHeader
from river_tui.widgets.game_log import GameLog
from river_tui.patches.compositor import SparseCompositor

from support.recap import put_away_recaps

pytestmark = pytest.mark.patches  # checks a patch: skipped when they are off

MOVE_THEN_NOTHING = re.compile(r"\x1b\[\d+;\d+H(?=\n|\Z)")
"""A cursor move that ends a line, with nothing written after it: Textual sends one
for a widget beside the update's regions (nothing of it is drawn); the sparse
compositor does not look at such a widget. It changes no cell."""


def sent(compositor: Compositor, regions: list[Region], update, console) -> str:
    """What a partial update of ``regions`` writes to the terminal, drawn by ``update``
    (less the cursor moves that write nothing)."""
    compositor._dirty_regions = set(regions)
    return MOVE_THEN_NOTHING.sub("", update(compositor).render_segments(console))


async def test_a_partial_update_sends_what_textual_would_and_draws_only_what_it_sends(monkeypatch):
    table = Table.create("we-all-take", [Seat("Ann")] + [Seat(f"Computer {n}", "greedy") for n in (1, 2)], {}, 8,
                         autosave=False)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await put_away_recaps(pilot)
        screen = app.screen
        compositor = screen._compositor
        assert isinstance(compositor, SparseCompositor)
        top, bottom = screen.query_one(GameHeader).region, screen.query_one(GameLog).region
        rng = random.Random(1)
        cases = [[top, bottom], [screen.region], [Region(3, 7, 30, 2)]] + [
            [Region(rng.randrange(120), rng.randrange(40), rng.randint(1, 60), rng.randint(1, 12)) for _ in range(3)]
            for _ in range(30)
        ]
        for regions in cases:
            regions = [region.intersection(screen.region) for region in regions]
            textual_s = sent(compositor, regions, Compositor.render_partial_update, app.console)
            assert sent(compositor, regions, SparseCompositor.render_partial_update, app.console) == textual_s, regions

        drawn: list[Widget] = []
        render_lines = Widget.render_lines
        monkeypatch.setattr(Widget, "render_lines", lambda widget, crop: drawn.append(widget) or render_lines(widget, crop))
        sent(compositor, [top, bottom], SparseCompositor.render_partial_update, app.console)
        assert drawn and all(w.region.overlaps(top) or w.region.overlaps(bottom) for w in drawn)
        assert screen not in drawn  # the screen lies under the header and the log there: not drawn
        sparse = len(drawn)
        drawn.clear()
        sent(compositor, [top, bottom], Compositor.render_partial_update, app.console)
        assert sparse < len(drawn) / 2  # Textual's drew every widget between the header and the log
