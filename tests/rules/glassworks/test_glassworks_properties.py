"""Property: random games at every seat count never raise, conserve every piece
on every move (bag + river + lake + satchels + glassworks + overflow) and end."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from river_tui.rules.glassworks import GAME
from river_tui.rules.glassworks.components import SATCHEL_LIMIT
from river_tui.rules.glassworks.pieces import full_bag
from river_tui.rules.glassworks.state import OVERFLOW

from support.glassworks_helpers import everything

MOST_MOVES = 2000  # a safety net far above any real game (132 pieces, each moving at most 4 times)


@settings(max_examples=40, deadline=None)
@given(seats=st.integers(1, 5), seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_random_games_never_raise_conserve_every_piece_and_end(seats, seed, choices):
    s = GAME.new(seats, {}, seed)
    total = Counter(full_bag(seats))
    assert sum(total.values()) == (132 if seats == 5 else 120)
    for _ in range(MOST_MOVES):
        acting = GAME.to_act(s)
        if not acting:
            break
        (seat,) = acting
        s = GAME.apply(s, seat, choices.choice(GAME.legal_actions(s, seat)))
        assert everything(s) == total
        if s.phase != OVERFLOW:
            assert all(len(x) <= SATCHEL_LIMIT for x in s.satchels)
    else:
        raise AssertionError("the game did not end")
    result = GAME.result(s)
    assert len(result.scores) == seats and result.winners
