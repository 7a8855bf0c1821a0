"""An offer, or an offer declined, hands over no token: the state after it shares the
table with the state before (no copy of the map, the stocks or the structures), and
no automatic step of play follows it, because none would change anything. No move of
these games changes the state it was made from (a state shares much with the next)."""

from __future__ import annotations

import copy
import random

import pytest

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import Decline, Offer
from river_tui.rules.we_all_take.seasons import advance


@pytest.mark.parametrize("seats", [3, 5])
def test_offers_and_declines_share_the_table_and_leave_play_where_it_stood(seats):
    rng = random.Random(seats)
    talks = 0
    for seed in (1, 2):
        state = GAME.new(seats, {"variant": GAME.default_variant(seats)}, seed)
        while acting := GAME.to_act(state):
            seat = min(acting)
            action = rng.choice(GAME.legal_actions(GAME.view(state, seat), seat))
            before = copy.deepcopy(state)
            after = GAME.apply(state, seat, action)
            assert state == before  # the state it was made from is as it was
            if isinstance(action, (Offer, Decline)):
                talks += 1
                assert after.slots is state.slots and after.stock is state.stock
                assert after.structures is state.structures
                assert after.events == []
                played_on = copy.deepcopy(after)
                advance(played_on)
                assert played_on == after, "an automatic step would have followed the offer"
            state = after
    assert talks > 100
