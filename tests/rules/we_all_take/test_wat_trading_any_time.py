"""Trading as the rulebook allows, through the Game contract: "Players may trade with
each other at any time, so long as all parties involved agree to the trade."

Any seat may offer to any other while the game is not over, to act or not; the offer
waits for its receiver without stopping anyone else's play; the receiver accepts,
declines or counters; an offer play has made impossible is withdrawn with a line in
the log. And at the season's end every seat holding a gold is asked, in the rules'
order, whether to propose a policy, each proposal voted before the next.
"""

from __future__ import annotations

import pytest

from river_tui.rules.core import IllegalAction
from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import (
    ACCEPT, DECLINE, DONE, Exchange, Offer, PlaceCamp, Propose, Vote,
)
from river_tui.rules.we_all_take.components import GOLD, PROTECT, SUBSIDY
from river_tui.rules.we_all_take.seasons import end_season
from river_tui.rules.we_all_take.state import EXCHANGE, OVER, PROPOSE, VOTE, PendingOffer

from support.wat_helpers import at_turn, new_table, set_stock, tile

FISH1, TREE1, GRAVEL1, NONE = (1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (0, 0, 1, 0, 0), (0, 0, 0, 0, 0)
THREE = [("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")]  # camps at elevations 3, 8 and 6


def season_end(**stocks):
    s = new_table(THREE)
    s = at_turn(s, 4, 0)
    end_season(s)
    for seat, counts in stocks.items():
        set_stock(s, int(seat[-1]), **counts)
    return s


def lines(before, seat, action):
    after = GAME.apply(before, seat, action)
    return after, [GAME.describe(before, seat, action), *GAME.events(before, after)]


def test_a_seat_not_to_act_may_make_an_offer_and_play_goes_on_around_it():
    s = new_table(THREE)
    s = at_turn(s, 1, 2)  # row 1: Yellow's camp on W2 acts
    assert GAME.to_act(s) == {2}
    assert GAME.may_act(s, 0) and any(isinstance(a, Offer) for a in GAME.legal_actions(s, 0))
    assert all(isinstance(a, Offer) for a in GAME.legal_actions(s, 0))  # offers only
    s = GAME.apply(s, 0, Offer(1, FISH1, TREE1))  # Red, not to act, offers Blue
    assert s.offers == (PendingOffer(0, 1, FISH1, TREE1),)
    assert GAME.to_act(s) == {1, 2}  # Blue has an answer to give; Yellow still acts
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(s, 0, DONE)  # an offer is not a turn
    s = GAME.apply(s, 2, DONE)  # Yellow plays on while the offer waits
    assert s.offers == (PendingOffer(0, 1, FISH1, TREE1),)
    s = GAME.apply(s, 1, ACCEPT)
    assert s.stock[0][:2] == [0, 2] and s.stock[1][:2] == [2, 0] and s.offers == ()


def test_a_pending_offer_does_not_stop_the_simultaneous_exchange():
    s = season_end(seat0=dict(fish=2, tree=2), seat1=dict(fish=2, tree=2), seat2=dict(fish=2, tree=2))
    s = GAME.apply(s, 0, Offer(1, FISH1, TREE1))
    assert GAME.to_act(s) == {0, 1, 2} and s.phase == EXCHANGE
    s = GAME.apply(s, 2, Exchange("fish", "tree"))  # the others go on exchanging
    s = GAME.apply(s, 0, Exchange("tree", "tree"))
    legal = GAME.legal_actions(s, 1)
    assert legal[:2] == [ACCEPT, DECLINE] and Exchange("fish", "tree") in legal
    s = GAME.apply(s, 1, ACCEPT)
    assert s.stock[0][:2] == [1, 1] and s.stock[1][:2] == [3, 1]


def test_the_receiver_may_counter_with_an_offer_back_which_declines_the_first():
    s = season_end(seat0=dict(fish=2), seat1=dict(tree=2, gravel=1))
    s = GAME.apply(s, 0, Offer(1, FISH1, TREE1))
    s, said = lines(s, 1, Offer(0, GRAVEL1, FISH1))  # a gravel instead of a tree
    assert said[0] == "Seat 2 declined Seat 1's offer and offered back 1 gravel for 1 fish"
    assert s.offers == (PendingOffer(1, 0, GRAVEL1, FISH1),)
    assert [(a.offer, a.accepted) for a in s.answered] == [(PendingOffer(0, 1, FISH1, TREE1), False)]
    assert GAME.legal_actions(s, 0)[:2] == [ACCEPT, DECLINE]
    s = GAME.apply(s, 0, ACCEPT)
    assert s.stock[0][0] == 1 and s.stock[0][2] == 1 and s.stock[1][2] == 0


def test_an_offer_that_play_made_impossible_is_withdrawn_with_a_notice():
    s = season_end(seat0=dict(fish=1, tree=1), seat1=dict(tree=1))
    s = GAME.apply(s, 0, Offer(1, FISH1, TREE1))
    s, said = lines(s, 0, Exchange("fish", "tree"))  # Red spends the fish it offered
    assert s.offers == ()
    assert "Seat 1's offer to Seat 2 of 1 fish for 1 tree was withdrawn: the tokens it names are no longer held" in said
    with pytest.raises(IllegalAction, match="No offer is waiting"):
        GAME.apply(s, 1, ACCEPT)


def test_one_offer_waits_by_each_seat_and_one_for_each_seat():
    s = season_end(seat0=dict(fish=2), seat1=dict(tree=2), seat2=dict(gravel=2))
    s = GAME.apply(s, 0, Offer(1, FISH1, TREE1))
    with pytest.raises(IllegalAction, match="Your offer waits"):
        GAME.apply(s, 0, Offer(2, FISH1, GRAVEL1))
    with pytest.raises(IllegalAction, match="has an offer to answer first"):
        GAME.apply(s, 2, Offer(1, GRAVEL1, TREE1))
    s = GAME.apply(s, 2, Offer(0, GRAVEL1, FISH1))  # Red may be offered while its own offer waits
    assert len(s.offers) == 2 and GAME.to_act(s) >= {0, 1}


def test_no_offer_is_made_before_every_camp_is_placed_nor_waits_past_the_end():
    s = GAME.new(3, {}, 1)
    assert not GAME.may_act(s, 1) and not any(isinstance(a, Offer) for a in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction, match="once every camp is placed"):
        GAME.apply(s, 0, Offer(1, FISH1, TREE1))
    s = GAME.apply(s, 0, PlaceCamp(tile("W1"), "Red"))
    s = season_end(seat0=dict(fish=1), seat1=dict(tree=1))
    s.season = s.last_season
    s = GAME.apply(s, 0, Offer(1, FISH1, TREE1))
    assert GAME.to_act(s) == {1, 2}  # Blue to answer, Yellow to exchange
    s = GAME.apply(s, 2, DONE)  # nobody has gold to propose: the last trading window
    assert GAME.to_act(s) == {0, 1, 2}
    s = GAME.apply(GAME.apply(s, 0, DONE), 2, DONE)
    s, said = lines(s, 1, DONE)  # Blue is done without answering: the game ends
    assert s.phase == OVER and s.offers == () and GAME.to_act(s) == frozenset()
    assert "Seat 1's offer to Seat 2 of 1 fish for 1 tree was withdrawn: the game is over" in said


def test_every_seat_holding_gold_is_asked_to_propose_in_order_each_voted_before_the_next():
    s = season_end(seat0=dict(gold=2, fish=1, tree=1), seat1=dict(gold=2), seat2=dict(gold=2))
    assert GAME.to_act(s) == {0}  # gold alone is nothing to exchange
    s = GAME.apply(s, 0, DONE)
    assert s.phase == PROPOSE
    # "by descending order of camp elevation": Blue (8), Yellow (6), Red (3).
    assert GAME.to_act(s) == {1}
    s, said = lines(s, 1, DONE)
    assert said[0] == "Seat 2 declined to propose a policy"
    assert GAME.to_act(s) == {2}
    s = GAME.apply(s, 2, Propose(SUBSIDY, None))
    assert s.phase == VOTE
    for seat in (1, 2, 0):  # the vote on Yellow's proposal comes before Red is asked
        assert GAME.to_act(s) == {seat}
        s = GAME.apply(s, seat, Vote(True))
    assert s.phase == PROPOSE and s.subsidy and GAME.to_act(s) == {0}
    s = GAME.apply(s, 0, Propose(PROTECT, tile("E1")))
    assert s.phase == VOTE and s.stock[0][GOLD] == 1


@pytest.mark.parametrize("action", [DECLINE, ACCEPT])
def test_only_the_receiver_answers(action):
    s = season_end(seat0=dict(fish=1), seat1=dict(tree=1))
    s = GAME.apply(s, 0, Offer(1, FISH1, TREE1))
    with pytest.raises(IllegalAction, match="No offer is waiting"):
        GAME.apply(s, 2, action)


def test_the_log_names_whose_offer_a_counter_declines_and_what_is_asked_for_nothing():
    s = season_end(seat0=dict(fish=1, tree=1), seat1=dict(fish=1, tree=1))
    s, said = lines(s, 0, Offer(1, TREE1, NONE))  # alice's gift of a tree
    assert said[0] == "Seat 1 offered Seat 2 a gift of 1 tree"
    s, said = lines(s, 1, Offer(0, NONE, (1, 1, 0, 0, 0)))  # the counter heard over SSH: a tree and a fish, for nothing
    assert said[0] == "Seat 2 declined Seat 1's offer and asked for 1 fish, 1 tree, giving nothing"
    s, said = lines(s, 0, DECLINE)
    assert said[0] == "Seat 1 declined Seat 2's request for 1 fish, 1 tree"


def test_being_done_with_a_step_of_the_seasons_end_is_no_news_but_a_proposal_is():
    """Done at the exchange or the proposals, with nothing else changed, says nothing in
    the "since your last turn" summary (the box came up for "declined to propose a
    policy" at every season's end); a proposal and an exchange are news."""
    s = season_end(seat0=dict(gold=2, fish=1, tree=1), seat1=dict(gold=2), seat2=dict(gold=2))
    news = []
    for seat, action in ((0, DONE), (1, DONE), (2, Propose(SUBSIDY, None))):
        after = GAME.apply(s, seat, action)
        news.append(GAME.changes(GAME.view(s, 0), GAME.view(after, 0), seat).lines)
        s = after
    assert news[0] == () and news[1] == ()
    assert news[2][0][1].startswith("Seat 3 proposed")
