"""Glassworks' status line at 80 columns with a 12-character name: in every step of
play (placing from the satchel, on the river, drawing from the lake, gathering,
ordering new colours, sending to overflow) the line is shown whole and names the keys
the player needs next; the words about the move give way first, never the keys."""

from __future__ import annotations

import random

from river_tui.app.river_app import RiverApp
from river_tui.play.table import Seat, Table
from river_tui.rules.core import RANDOM_BOT
from river_tui.rules.glassworks import GAME
from river_tui.rules.glassworks.state import GATHER, ORDER, OVERFLOW, TURN
from river_tui.widgets.status_bar import StatusBar

from support.recap import put_away_recaps
from support.screen_text import on_screen

NAMES = ["Bartholomews", "Maximilianus"]  # 12 characters each
SEED = 2
"""A game of random moves that meets every step: an overflow, new colours, gathers."""
NEEDED = {
    # (phase, keys pressed from the step's start): what the line must name
    (TURN, ()): ["Space: pick", "Enter: place", "d: draw"],
    (TURN, ("space",)): ["Space: pick", "Enter: place", "d: draw"],
    (TURN, ("space", "enter")): ["Enter"],  # on the river, a bright tile under the cursor
    (TURN, ("d",)): ["Space: pick", "Enter: draw"],
    (TURN, ("d", "space", "right", "space", "right", "space", "right", "space")): ["Space: unpick", "Enter: draw"],
    (GATHER, ()): ["←/→", "Enter: gather"],
    (GATHER, ("right",)): ["←/→", "Enter: gather"],
    (ORDER, ()): ["←/→", "Enter: choose"],
    (OVERFLOW, ()): ["←/→", "Enter: send"],
}


def positions() -> tuple[dict[str, list[int]], Table]:
    """A seeded game of random moves, and the move counts where a seat is to act: the
    first of each phase."""
    table = Table.create("glassworks", [Seat(name) for name in NAMES], {}, SEED, autosave=False)
    rng, found = random.Random(SEED), {}
    while not table.finished:
        seat = min(table.to_act())
        found.setdefault(table.view(seat).phase, []).append(len(table.log))
        table.apply(seat, RANDOM_BOT.choose(GAME, table.view(seat), seat, rng))
    return {phase: moves[:1] for phase, moves in found.items()}, table


async def test_every_prompt_names_its_keys_whole_at_80_columns_with_a_long_name():
    found, game = positions()
    assert set(found) >= {TURN, GATHER, ORDER, OVERFLOW}
    seen = []
    for phase, moves_list in found.items():
        for moves in moves_list:
            table = Table.create("glassworks", [Seat(name) for name in NAMES], {}, SEED, autosave=False)
            for seat, action in game.log[:moves]:
                table.apply(seat, action)
            app = RiverApp(table, bot_delay=0)
            async with app.run_test(size=(80, 24)) as pilot:
                await put_away_recaps(pilot)
                for keys, needed in ((keys, needed) for (step, keys), needed in NEEDED.items() if step == phase):
                    for key in keys:
                        await pilot.press(key)
                    await pilot.pause()
                    bar = app.screen.query_one(StatusBar)
                    shown, line = on_screen(app, bar.region)[0].strip(), bar.message
                    seen.append(line)
                    assert shown == line, f"after {moves} moves, {keys}: the line is cut: {shown!r}"
                    missing = [key for key in needed if key not in line]
                    assert not missing, f"after {moves} moves, {keys}: {line!r} does not name {missing}"
                    await pilot.press("escape")  # back to the step's start
    assert len(seen) == sum(len(found[step]) for step, _ in NEEDED)
