"""Each game's board right after a computer seat moved, at 80x24 and 120x40: what
the move changed is marked (glyph and style) and the "Last:" line names it. The
player's own first move is made by the greedy bot's choice (fixed seed); the
"since your last turn" summary is put away with a key, as a player does."""

from __future__ import annotations

import random

import pytest

from river_tui.app.river_app import RiverApp
from river_tui.rules.registry import get_game
from river_tui.play.table import Seat, Table

from support.recap import put_away_recaps
from support.waiting import workers_done

SIZES = [(80, 24), (120, 40)]
GAMES = {
    "flow": ({"variant": "basic"}, 5, ()),
    "glassworks": ({}, 12, ()),
    "riverside": ({}, 8, ("o",)),  # the computer's sheet
    "we-all-take": ({}, 3, ()),
}
"""Options and seed of each game's table, and keys to press to see what the computer did."""


def table_before_computer_moves(game_id: str) -> Table:
    """The player has made a move; the computer seat is to move next."""
    options, seed, _ = GAMES[game_id]
    table = Table.create(game_id, [Seat("Ann"), Seat("Computer 1", "greedy")], options, seed=seed, autosave=False)
    game = get_game(game_id)
    rng = random.Random(seed)
    while 0 in table.to_act():
        table.apply(0, game.bots()["greedy"].choose(game, table.view(0), 0, rng))
    return table


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", GAMES)
def test_board_after_a_computer_move(snap_compare, game_id, size):
    async def computer_moves(pilot):
        await workers_done(pilot.app, pilot)
        await put_away_recaps(pilot)
        await pilot.press(*GAMES[game_id][2])
        await pilot.pause()

    app = RiverApp(table_before_computer_moves(game_id), bot_delay=0)
    assert snap_compare(app, terminal_size=size, run_before=computer_moves)
