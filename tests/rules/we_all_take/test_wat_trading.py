"""Trading: "Players may trade with each other at any time, so long as all parties involved
agree to the trade. Players may also give tokens to each other for free.\""""

from __future__ import annotations

import pytest

from river_tui.rules.core import IllegalAction
from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import ACCEPT, DECLINE, DONE, Exchange, Offer
from river_tui.rules.we_all_take.components import MAX_DEALS
from river_tui.rules.we_all_take.seasons import end_season
from river_tui.rules.we_all_take.state import EXCHANGE

from support.wat_helpers import at_turn, new_table, set_stock

FISH1, TREE1, GOLD1, NONE = (1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (0, 0, 0, 0, 1), (0, 0, 0, 0, 0)


def season_end():
    s = new_table([("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    s = at_turn(s, 4, 0)
    end_season(s)
    return s


def test_an_offer_waits_for_the_other_players_answer_and_accepting_swaps_the_tokens():
    s = season_end()
    s = GAME.apply(s, 0, Offer(1, FISH1, TREE1))
    assert GAME.legal_actions(s, 1)[:2] == [ACCEPT, DECLINE]
    s = GAME.apply(s, 1, ACCEPT)
    assert s.stock[0][:2] == [0, 2] and s.stock[1][:2] == [2, 0]
    assert s.phase == EXCHANGE and GAME.to_act(s) == {0, 1, 2} and s.offers == ()


def test_a_declined_offer_changes_nothing():
    s = season_end()
    before = [list(x) for x in s.stock]
    s = GAME.apply(s, 0, Offer(1, FISH1, TREE1))
    s = GAME.apply(s, 1, DECLINE)
    assert s.stock == before and s.offers == ()


def test_a_gift_waits_for_the_receivers_acceptance_so_long_as_all_parties_agree():
    """"Players may trade with each other at any time, so long as all parties involved
    agree to the trade. Players may also give tokens to each other for free": a gift is
    put to its receiver like a trade, so nobody is handed a token (pollution) unasked."""
    s = season_end()
    s = GAME.apply(s, 2, Offer(0, FISH1, NONE))
    assert s.stock[0][0] == 1 and 0 in GAME.to_act(s) and GAME.legal_actions(s, 0)[:2] == [ACCEPT, DECLINE]
    assert GAME.describe(s, 0, ACCEPT) == "Seat 1 accepted Seat 3's gift of 1 fish"
    accepted = GAME.apply(s, 0, ACCEPT)
    assert accepted.stock[0][0] == 2 and accepted.stock[2][0] == 0 and accepted.offers == ()
    declined = GAME.apply(s, 0, DECLINE)
    assert declined.stock[0][0] == 1 and declined.stock[2][0] == 1 and declined.offers == ()


def test_bundles_of_any_tokens_including_pollution_and_gold_may_be_traded():
    s = season_end()
    set_stock(s, 0, gold=2, pollution=1, tree=2)  # the trees keep Red at the exchange
    s = GAME.apply(s, 0, Offer(1, (0, 0, 0, 1, 2), (1, 1, 1, 0, 0)))
    s = GAME.apply(s, 1, ACCEPT)
    assert s.stock[0] == [1, 3, 1, 0, 0] and s.stock[1] == [0, 0, 0, 1, 2]


def test_you_cannot_offer_what_you_do_not_hold_or_ask_for_what_they_do_not_hold():
    s = season_end()
    with pytest.raises(IllegalAction, match="do not hold the tokens you offer"):
        GAME.apply(s, 0, Offer(1, GOLD1, FISH1))
    with pytest.raises(IllegalAction, match="They do not hold"):
        GAME.apply(s, 0, Offer(1, FISH1, GOLD1))
    with pytest.raises(IllegalAction, match="another seat"):
        GAME.apply(s, 0, Offer(0, FISH1, TREE1))


def test_trades_happen_during_turns_too():
    s = new_table([("W1", "Red"), ("E1", "Blue")])
    seat = min(GAME.to_act(s))
    assert any(isinstance(a, Offer) for a in GAME.legal_actions(s, seat))


def test_a_seat_makes_a_limited_number_of_offers_per_step_so_play_moves_on():
    s = season_end()
    for _ in range(MAX_DEALS):
        s = GAME.apply(s, 0, Offer(1, FISH1, TREE1))
        s = GAME.apply(s, 1, DECLINE)
    assert not any(isinstance(a, Offer) for a in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction, match="offers already"):
        GAME.apply(s, 0, Offer(1, FISH1, TREE1))
    assert Exchange("fish", "tree") in GAME.legal_actions(s, 0)
