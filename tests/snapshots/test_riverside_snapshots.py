"""How Riverside looks at 80x24 and 120x40 (fixed seeds, solo)."""

from __future__ import annotations

import random

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.rules.riverside.bots import GREEDY_BOT
from river_tui.play.table import Seat, Table

SIZES = [(80, 24), (120, 40)]


def riverside_app(variant="standard", seed=3):
    table = Table.create("riverside", [Seat("Ann")], {"variant": variant}, seed=seed, autosave=False)
    return RiverApp(table, bot_delay=0)


async def to_phase_3(pilot):
    """Play phase 2 of round 1 as the greedy seat would."""
    table = pilot.app.screen.table
    rng = random.Random(0)
    while table.state.phase == 2:
        table.apply(0, GREEDY_BOT.choose(table.game, table.view(0), 0, rng))
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_riverside_choosing_dice(snap_compare, size):
    """Phase 2: the brown die (the first in the tray) with the green die under the cursor, and what it would do."""
    assert snap_compare(riverside_app(), terminal_size=size, press=["g"])


@pytest.mark.parametrize("size", SIZES)
def test_riverside_choosing_a_village_in_range(snap_compare, size):
    """Phase 3 on the extension board, after a "+1" symbol: the range of 4 drawn on the river."""

    async def run_before(pilot):
        await to_phase_3(pilot)
        await pilot.press("plus", "right")

    assert snap_compare(riverside_app("extension", seed=8), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_riverside_final_roll_before_the_scores(snap_compare, size):
    """The last step of the game, as the greedy seat plays it: the final roll in the
    tray, the ship at the anchor, and the status line's Enter for the scores."""

    async def run_before(pilot):
        table = pilot.app.screen.table
        rng = random.Random(0)
        while not table.finished:
            table.apply(0, GREEDY_BOT.choose(table.game, table.view(0), 0, rng))
        await pilot.pause()

    assert snap_compare(riverside_app(seed=21), terminal_size=size, run_before=run_before)
