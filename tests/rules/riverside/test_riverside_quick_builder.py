"""States built quickly (`state.quick_builder`, on Riverside's every step) are the
same frozen objects `cls(...)` builds: equal, hashed alike, unchangeable, and they
survive pickling (the thinking process) and copying."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError

import pytest

from river_tui.rules.riverside import GAME
from river_tui.rules.riverside.state import DiceTurn, ExcursionTurn, RiversideState, quick_builder

from support.bots_helpers import position_at


def samples():
    state, seat = position_at("riverside", 3, 30)
    draft = state.drafts[seat]
    return [state, draft.sheet, DiceTurn(1, 2, True, 7, 2, 3, ((2, 1),), 1), ExcursionTurn(5, 1, 2, (3,), 4, ("red",))]


@pytest.mark.parametrize("original", samples(), ids=lambda o: type(o).__name__)
def test_a_quickly_built_object_is_the_one_its_class_builds(original):
    cls = type(original)
    values = [getattr(original, name) for name in cls.__match_args__]
    built = quick_builder(cls)(*values)
    assert type(built) is cls
    assert built == original == cls(*values)
    assert hash(built) == hash(original)
    with pytest.raises(FrozenInstanceError):
        built.__setattr__(cls.__match_args__[0], values[0])
    assert pickle.loads(pickle.dumps(built)) == original
    assert copy.deepcopy(built) == original


def test_the_engines_states_are_frozen_throughout_a_game():
    state, _ = position_at("riverside", 2, 40)
    assert isinstance(state, RiversideState)
    for obj in (state, *state.sheets, *(d.turn for d in state.drafts if d is not None)):
        with pytest.raises(FrozenInstanceError):
            obj.__setattr__(type(obj).__match_args__[0], None)
    assert GAME.view(state, 0) == GAME.view(copy.deepcopy(state), 0)
