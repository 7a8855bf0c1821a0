"""Two different moves never read alike where a move is named beside the others
(`Game.describe_in_full`: the analysis's better choice beside the move played,
the replay's B, the hint's three best): in seeded positions of every game, each
legal move of each seat to act has words of its own (two slots of one tile, two
turns of one tile, two boats, two net slots)."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from river_tui.rules.registry import get_game

from support.replay_games import GAME_IDS, installed

EVERY = 2
"""Positions looked at: one in EVERY of a greedy game's, to keep the test quick."""


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_no_two_legal_moves_read_alike(game_id, seed):
    installed(game_id)
    game = get_game(game_id)
    state = game.new(min(3, game.max_seats), {}, seed)
    bot = game.bots()["greedy"]
    rng = random.Random(seed)
    alike: list[tuple[str, list]] = []
    position = 0
    while acting := game.to_act(state):
        if position % EVERY == 0:
            for seat in sorted(acting):
                words = defaultdict(list)
                for action in game.legal_actions(state, seat):
                    words[game.describe_in_full(state, seat, action)].append(action)
                alike += [(w, moves) for w, moves in words.items() if len(moves) > 1]
        seat = min(acting)
        state = game.apply(state, seat, bot.choose(game, game.view(state, seat), seat, rng))
        position += 1
    assert not alike, f"{len(alike)} words name several moves, e.g. {alike[0][0]!r}: {alike[0][1][:3]}"
