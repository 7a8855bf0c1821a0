"""Two different moves never read alike where a move is named beside the others
(`Game.describe_in_full`: the analysis's better choice beside the move played,
the replay's B, the hint's three best): in seeded positions of every game, each
legal move of each seat to act has words of its own (two slots of one tile, two
turns of one tile, two boats, two net slots). A hint says each move as advice to
the seat's player, what to do now (`Game.describe_as_advice`: "Place ...", where
the log says "Seat 1 placed ..."), and those words read apart too."""

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
    not_advice: list[tuple[str, str]] = []
    position = 0
    while acting := game.to_act(state):
        if position % EVERY == 0:
            for seat in sorted(acting):
                words, advice = defaultdict(list), defaultdict(list)
                for action in game.legal_actions(state, seat):
                    told = game.describe_in_full(state, seat, action)
                    words[told].append(action)
                    advised = game.describe_as_advice(state, seat, action)
                    advice[advised].append(action)
                    if not is_advice(advised, told, seat):
                        not_advice.append((advised, told))
                alike += [(w, moves) for d in (words, advice) for w, moves in d.items() if len(moves) > 1]
        seat = min(acting)
        state = game.apply(state, seat, bot.choose(game, game.view(state, seat), seat, rng))
        position += 1
    assert not alike, f"{len(alike)} words name several moves, e.g. {alike[0][0]!r}: {alike[0][1][:3]}"
    assert not not_advice, f"{len(not_advice)} hints told as the log tells them, e.g. {not_advice[0]}"


def is_advice(advised: str, told: str, seat: int) -> bool:
    """Words said to the seat's player: not naming the seat, starting with a
    capital verb that is not the log's ("Place" where the log has "placed")."""
    own = f"Seat {seat + 1}"
    first = advised.split()[0].strip(",:")
    logs_verb = told.removeprefix(own).split()[:2]
    return own not in advised and first[:1].isupper() and first.lower() not in (w.lower() for w in logs_verb)
