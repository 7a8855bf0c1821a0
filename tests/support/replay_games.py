"""Saved games for the replay tests, played by computer seats the way
`river-tui simulate` plays them, and the installed games to run them on."""

from __future__ import annotations

import random

import pytest

from river_tui.rules.registry import GAMES, available, get_game
from river_tui.saves import store
from river_tui.screens.registry import has_screen
from river_tui.play.table import Seat, Table

GAME_IDS = [entry.id for entry in GAMES]


def installed(game_id: str) -> None:
    """Skip, saying why, when a game's rules are not in the tree yet."""
    if game_id not in {entry.id for entry in available()}:
        pytest.skip(f"{game_id} is not installed yet (its rules package has no __init__.py)")


def with_screen(game_id: str) -> None:
    installed(game_id)
    if not has_screen(game_id):
        pytest.skip(f"{game_id} has no screen yet")


def seats_for(game_id: str) -> list[Seat]:
    """A human first seat (whose eyes an unfinished replay uses), then computers."""
    game = get_game(game_id)
    count = max(game.min_seats, min(3, game.max_seats))
    return [Seat("Ann")] + [Seat(f"Computer {i}", "greedy") for i in range(1, count)]


def bot_table(game_id: str, seed: int = 1, stop_after: int | None = None, seats: list[Seat] | None = None) -> Table:
    """A game played by every seat's bot (the human seat's too), to the end or
    for ``stop_after`` actions, then saved once in the saves folder (``seats``:
    others than `seats_for`'s)."""
    game = get_game(game_id)
    table = Table.create(game_id, seats or seats_for(game_id), {}, seed, autosave=False)
    bots = game.bots()
    bot = bots.get("greedy", bots["random"])
    rng = random.Random(seed)
    while not table.finished and (stop_after is None or len(table.log) < stop_after):
        seat = min(table.to_act())
        table.apply(seat, bot.choose(game, table.view(seat), seat, rng))
    table.path = store.new_path(game_id, f"test-{seed}")
    table.save()
    return table
