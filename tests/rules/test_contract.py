"""The Game contract, proven on the toy game of tests/support/toygame.py."""

from __future__ import annotations

import pytest

from river_tui.rules.core import IllegalAction, canonical_bytes, encode_action, ranked_winners
from river_tui.rules.registry import get_game
from river_tui.rules.rng import Rng
from support.toygame import GAME, Roll, Step


def play(state, actions):
    for action in actions:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, action)
    return state


def test_registry_finds_games_by_id_and_explains_unknown_ids():
    assert get_game("toy") is GAME
    with pytest.raises(KeyError, match="There is no game called 'chess'"):
        get_game("chess")


def test_same_seed_and_actions_give_the_same_game():
    actions = [Roll(), Step(1)]
    a = play(GAME.new(2, {}, 42), actions)
    b = play(GAME.new(2, {}, 42), actions)
    assert GAME.digest(a) == GAME.digest(b)
    assert GAME.digest(play(GAME.new(2, {}, 43), actions)) != GAME.digest(a)


def test_apply_never_mutates_its_input():
    state = GAME.new(2, {}, 1)
    before = canonical_bytes(state)
    GAME.apply(state, 0, Roll())
    assert canonical_bytes(state) == before


def test_illegal_action_carries_a_sentence():
    state = GAME.new(2, {}, 1)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, Step(1))
    assert err.value.reason == "It is not your turn."


def test_view_hides_rng_and_other_seats_secrets():
    state = GAME.new(3, {}, 5)
    view = GAME.view(state, 1)
    assert view.rng is None
    assert view.secrets[1] == state.secrets[1]
    assert view.secrets[0] is None and view.secrets[2] is None
    assert GAME.legal_actions(view, 0) == GAME.legal_actions(state, 0)


def test_result_has_breakdown_winners_and_ties():
    state = play(GAME.new(2, {}, 3), [Step(2)] * 5)
    result = GAME.result(state)
    assert GAME.to_act(state) == frozenset()
    assert result.scores[0] == state.secrets[0] + 10
    assert sum(line.points for line in result.breakdown[0]) == result.scores[0]
    assert ranked_winners((5, 5, 3)) == frozenset({0, 1})
    assert ranked_winners((5, 5, 3), (1, 2, 0)) == frozenset({1})


def test_actions_round_trip_through_their_encoding():
    for action in (Step(1), Roll()):
        assert GAME.decode_action(encode_action(action)) == action
    with pytest.raises(ValueError):
        GAME.decode_action(["Teleport"])


def test_rng_is_deterministic_and_copyable():
    a, b = Rng(9), Rng(9)
    assert [a.randint(1, 6) for _ in range(20)] == [b.randint(1, 6) for _ in range(20)]
    c = a.copy()
    assert a.below(1000) == c.below(1000)
    items = list(range(10))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(10))
