"""Computer seats propose the policies their objectives want when they can pay, and
vote, buying votes either way, by their objectives."""

from __future__ import annotations

from random import Random

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import DONE, BuyVotes, Propose, Vote
from river_tui.rules.we_all_take.components import CITY, PROTECT, ROLES, SUBSIDY
from river_tui.rules.we_all_take.seasons import end_season, start_proposals
from river_tui.rules.we_all_take.season_end import propose

from support.wat_helpers import at_turn, fill, new_table, set_stock, slots_of, tile

ROLE = {r.name: r.id for r in ROLES}


def proposing(role: str, gold: int, season: int = 3):
    """Seat 0, dealt ``role`` and holding ``gold``, asked to propose in ``season``; a
    pollution lies on the map; the city is placed already."""
    s = new_table([("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    s.season = season
    s = at_turn(s, 4, 0)
    s.roles[0] = ROLE[role]
    s.city = tile("E3")
    fill(s, slots_of("W3")[0], "pollution")
    for seat in range(3):
        set_stock(s, seat)
    set_stock(s, 0, gold=gold)
    end_season(s)
    start_proposals(s)
    s.proposers = [0]
    return s


def greedy(s, seat=0):
    return GAME.bots()["greedy"].choose(GAME, GAME.view(s, seat), seat, Random(1))


def test_a_conservation_seat_with_gold_to_spare_proposes_the_pollution_subsidy():
    """A Guide holding 3 gold, pollution on the map: sold for gold, pollution is cleaned
    up. No proposal when it cannot spare the gold, nor in the last season (no season
    left to enjoy it), nor for a Grocer (no objective of its gains by it)."""
    assert greedy(proposing("Guide", gold=3)) == Propose(SUBSIDY, None)
    assert greedy(proposing("Guide", gold=1)) is DONE
    last = proposing("Guide", gold=3)
    last.season = last.last_season
    assert greedy(last) is DONE
    assert greedy(proposing("Grocer", gold=3)) is DONE


def test_a_seat_buys_votes_against_protection_of_its_own_camps_tile():
    """Blue proposes protecting Red's camp's tile (its camp would lose its harvest and
    builds); Blue and Yellow vote for it, Red against and then buys the vote that makes
    it a tie ("On a tie vote the policy fails")."""
    s = proposing("Grocer", gold=2)
    s.proposers = [1]
    set_stock(s, 1, gold=1)
    propose(s, 1, PROTECT, tile("W4"))
    assert s.voters == [1, 2, 0]
    s = GAME.apply(GAME.apply(s, 1, Vote(True)), 2, Vote(True))
    assert greedy(s) == Vote(False)
    s = GAME.apply(s, 0, Vote(False))
    while 0 not in GAME.to_act(s):
        s = GAME.apply(s, min(GAME.to_act(s)), DONE)
    assert greedy(s) == BuyVotes(1)


def test_a_seat_buys_votes_for_the_city_its_objective_needs():
    """Buying votes the other way: a Mayor (Development) proposes the city; Blue and
    Yellow vote against; the Mayor votes for it and buys the two votes that carry it
    ("more than half of the total votes": 3 of 5)."""
    s = proposing("Mayor", gold=3)
    s.city = -1
    propose(s, 0, CITY, tile("E1"))
    s = GAME.apply(GAME.apply(s, 1, Vote(False)), 2, Vote(False))
    assert greedy(s) == Vote(True)
    s = GAME.apply(s, 0, Vote(True))
    while 0 not in GAME.to_act(s):
        s = GAME.apply(s, min(GAME.to_act(s)), DONE)
    assert greedy(s) == BuyVotes(2)
