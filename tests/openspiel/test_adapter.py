"""Our four games as OpenSpiel games (river_tui/openspiel): OpenSpiel's own checks
of a Python game pass, and what its information-set search needs holds."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from river_tui.openspiel import GAME_NAMES, register
from river_tui.rules.core import canonical_bytes
from river_tui.rules.registry import get_game

register()

# Each game at two seat counts (the larger runs through more simultaneous steps,
# votes and territories); kept small so the file runs in seconds.
TABLES = [
    ("glassworks", 2),
    ("glassworks", 4),
    ("riverside", 1),
    ("riverside", 3),
    ("flow", 2),
    ("flow", 4),
    ("we-all-take", 1),
    ("we-all-take", 3),
]


def load(game_id: str, players: int, seed: int = 0) -> pyspiel.Game:
    return pyspiel.load_game(GAME_NAMES[game_id], {"players": players, "rng_seed": seed})


def states_of_a_random_game(game: pyspiel.Game, seed: int, every: int = 1):
    """Every ``every``-th state of one game of random moves, the last one too."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if moves % every == 0:
            yield state.clone()
        state.apply_action(rng.choice(state.legal_actions()))
        moves += 1
    yield state


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_openspiel_random_simulation_test_passes(game_id, players):
    """OpenSpiel's conformance test for a game (what its own Python games' tests
    run): sorted legal moves for the player to act only, clones and serialised
    states equal to the original, observations of every player, returns in range,
    the game no longer than it says."""
    pyspiel.random_sim_test(load(game_id, players), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", sorted(GAME_NAMES))
def test_a_game_and_a_state_survive_pickling(game_id):
    game = load(game_id, 2, seed=5)
    state = game.new_initial_state()
    for _ in range(6):
        state.apply_action(state.legal_actions()[-1])
    again = pickle.loads(pickle.dumps(state))
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert str(again) == str(state)
    assert again.history() == state.history()
    assert again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game_id", sorted(GAME_NAMES))
def test_the_game_is_ours_dealt_from_the_seed_and_moved_by_our_rules(game_id):
    """The same seed and the same moves through OpenSpiel and through the Game
    contract give the same game, the same winners."""
    rules = get_game(game_id)
    game = load(game_id, 3 if rules.max_seats >= 3 else 2, seed=11)
    ours = rules.new(game.num_players(), {"variant": rules.default_variant(game.num_players())}, 11)
    states = list(states_of_a_random_game(game, seed=3))
    for before, after in zip(states, states[1:]):
        seat = before.current_player()
        assert seat == min(rules.to_act(ours))
        action = rules.legal_actions(ours, seat)[after.history()[-1]]
        assert before.action_to_string(seat, after.history()[-1]) == repr(action)
        ours = rules.apply(ours, seat, action)
        assert rules.digest(after.rules_state) == rules.digest(ours)
    winners = rules.result(ours).winners
    assert states[-1].returns() == [1 / len(winners) if s in winners else 0.0 for s in range(game.num_players())]


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_move_is_numbered_by_what_its_seat_sees(game_id, players):
    """Information-set search counts a move by its number across every state a
    seat cannot tell apart: the numbers follow the legal actions of its view."""
    rules = get_game(game_id)
    for state in states_of_a_random_game(load(game_id, players, seed=2), seed=4, every=3):
        if state.is_terminal():
            continue
        seat, truth = state.current_player(), state.rules_state
        assert rules.legal_actions(rules.view(truth, seat), seat) == rules.legal_actions(truth, seat)


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_resampled_state_looks_the_same_to_its_seat_and_hides_the_truth(game_id, players):
    """`resample_from_infostate`: the seat's information state and its moves are
    the same, and the dice and draws to come are not the true ones."""
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for state in states_of_a_random_game(load(game_id, players, seed=6), seed=8, every=4):
        if state.is_terminal():
            continue
        seat = state.current_player()
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.current_player() == seat
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.observation_string(seat) == state.observation_string(seat)
        assert [sample.action_to_string(seat, a) for a in sample.legal_actions()] == [
            state.action_to_string(seat, a) for a in state.legal_actions()
        ]
        assert sample.rules_state.rng != state.rules_state.rng


def test_a_seat_sees_its_view_no_more():
    """The information state is the seat's view: two seats see one Glassworks
    table alike (it is all open), but at We All Take each holds a secret role."""
    glass = load("glassworks", 2).new_initial_state()
    assert glass.information_state_string(0).split(" sees ")[1] == glass.information_state_string(1).split(" sees ")[1]
    take = load("we-all-take", 2).new_initial_state()
    rules = get_game("we-all-take")
    truth = take.rules_state
    assert canonical_bytes(rules.view(truth, 0)) != canonical_bytes(rules.view(truth, 1))
    assert take.information_state_string(0).split(" sees ")[1] != take.information_state_string(1).split(" sees ")[1]


@pytest.mark.parametrize("game_id", sorted(GAME_NAMES))
def test_openspiel_information_set_search_plays_each_game(game_id):
    """OpenSpiel's own IS-MCTS bot makes legal moves on every game (a few
    decisions, a few simulations each)."""
    game = load(game_id, 2, seed=9)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(2))
    state = game.new_initial_state()
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
