"""Each game's determinizer fills in exactly what the seat cannot see: the seat
could not tell the result from the true state, the hidden parts vary, and the
rules accept the result as a real position."""

from __future__ import annotations

import random

import pytest

from river_tui.rules.bots.hints import hints_for
from river_tui.rules.registry import get_game

from support.bots_helpers import GAMES, positions

SEATS = {"glassworks": 3, "flow": 3, "riverside": 3, "we-all-take": 4}
EVERY = {"glassworks": 9, "flow": 7, "riverside": 41, "we-all-take": 47}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_seat_cannot_tell_a_determinization_from_the_true_state(game_id):
    game = get_game(game_id)
    determinize = hints_for(game).determinize
    rng = random.Random(1)
    for state, seat in positions(game_id, SEATS[game_id], EVERY[game_id]):
        view = game.view(state, seat)
        sample = determinize(view, seat, rng)
        assert sample.rng is not None
        assert game.digest(game.view(sample, seat)) == game.digest(view)
        assert list(game.legal_actions(sample, seat)) == list(game.legal_actions(state, seat))


@pytest.mark.parametrize("game_id", GAMES)
def test_determinizations_draw_chance_afresh(game_id):
    """The same choices from different determinizations meet different dice and draws."""
    game = get_game(game_id)
    determinize = hints_for(game).determinize
    rng = random.Random(2)
    state, seat = next(iter(positions(game_id, SEATS[game_id], 1000)))
    view = game.view(state, seat)
    futures = {game.digest(play_on(game, determinize(view, seat, rng), moves=60)) for _ in range(4)}
    assert len(futures) > 1


@pytest.mark.parametrize("game_id", ["flow", "we-all-take"])
def test_determinizations_deal_the_hidden_hands_and_roles_afresh(game_id):
    """What another seat holds (Flow's hands, We All Take's roles) differs between draws."""
    game = get_game(game_id)
    determinize = hints_for(game).determinize
    rng = random.Random(2)
    state, seat = next(iter(positions(game_id, SEATS[game_id], 1000)))
    other = (seat + 1) % SEATS[game_id]
    view = game.view(state, seat)
    theirs = {game.digest(game.view(determinize(view, seat, rng), other)) for _ in range(6)}
    assert len(theirs) > 1


def play_on(game, state, moves: int):
    """The same random choices from ``state`` on: where chance differs, positions do."""
    rng = random.Random(3)
    for _ in range(moves):
        if not game.to_act(state):
            break
        acting = min(game.to_act(state))
        state = game.apply(state, acting, rng.choice(game.legal_actions(state, acting)))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_a_determinization_plays_on_to_the_end(game_id):
    game = get_game(game_id)
    determinize = hints_for(game).determinize
    rng = random.Random(4)
    for state, seat in positions(game_id, SEATS[game_id], EVERY[game_id] * 3):
        sample = determinize(game.view(state, seat), seat, rng)
        while game.to_act(sample):
            acting = min(game.to_act(sample))
            sample = game.apply(sample, acting, rng.choice(game.legal_actions(sample, acting)))
        assert game.result(sample) is not None
