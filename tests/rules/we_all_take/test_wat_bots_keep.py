"""A computer seat never throws away a win: in the game's last season it gives away
nothing its own objectives hold (there is no time left to get it back), one test per
objective, for the greedy bot and for the moves the search levels weigh."""

from __future__ import annotations

from random import Random

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import ACCEPT, DECLINE, DONE, Contribute, Dredge, Exchange, Harvest, Offer, Propose
from river_tui.rules.we_all_take.bots import table_mate_moves
from river_tui.rules.we_all_take.components import BOAT, MILL, ROLES, ROW_RIVER
from river_tui.rules.we_all_take.keeping import gives_up
from river_tui.rules.we_all_take.season_end import start_contributions
from river_tui.rules.we_all_take.seasons import end_season, start_proposals
from river_tui.rules.we_all_take.state import PendingOffer

from support.wat_helpers import at_turn, clear_map, dealt, fill, new_table, put, set_stock, slots_of, tile

ROLE = {r.name: r.id for r in ROLES}
FISH1, TREE1, GRAVEL1, GOLD1, NONE = (1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (0, 0, 1, 0, 0), (0, 0, 0, 0, 1), (0, 0, 0, 0, 0)


def last_season_end(role: str, last: bool = True, **stock: int):
    """The season's exchange (the game's last by default), seat 0 dealt ``role`` and
    holding ``stock``, the others holding nothing; a construction site on E3."""
    s = dealt(role, last, **stock)
    s.city = tile("E3")
    end_season(s)
    return s


def greedy(s, seat=0):
    return GAME.bots()["greedy"].choose(GAME, GAME.view(s, seat), seat, Random(1))


def offered(s, offer: PendingOffer):
    s = s.clone()
    s.offers = (offer,)
    return s


def test_agriculture_one_fish_short_keeps_its_fish_from_the_site_and_takes_the_fifteenth():
    """The Grocer of the issue: fourteen fish in the last season, the city none of its
    objectives. It adds no fish to the construction site, turns down a trade that costs
    a fish, and takes the one that makes fifteen."""
    s = last_season_end("Grocer", fish=14, tree=2)
    start_contributions(s)
    assert Contribute("fish") in GAME.legal_actions(s, 0)
    assert Contribute("fish") not in table_mate_moves(GAME.view(s, 0), 0)
    assert greedy(s) != Contribute("fish")
    set_stock(s, 1, fish=3, tree=3)
    costs_a_fish = offered(s, PendingOffer(1, 0, (0, 2, 0, 0, 0), FISH1))  # two trees for one fish
    assert greedy(costs_a_fish) == DECLINE and table_mate_moves(GAME.view(costs_a_fish, 0), 0) == [DECLINE]
    fifteenth = offered(s, PendingOffer(1, 0, FISH1, TREE1))
    assert greedy(fifteenth) == ACCEPT


def test_agriculture_spends_its_fish_with_seasons_to_come_or_fifteen_out_of_reach():
    """With seasons to come, fish spent can be caught again; in the last season, a seat
    far from fifteen gives its fish where they count (a Settler's to its city)."""
    s = last_season_end("Grocer", last=False, fish=14)
    assert not gives_up(s, 0, Exchange("fish", "fish"))
    assert gives_up(last_season_end("Grocer", fish=14), 0, Exchange("fish", "fish"))
    far = last_season_end("Settler", fish=5)
    far.site = [0, 5, 5]
    start_contributions(far)
    assert not gives_up(far, 0, Contribute("fish")) and greedy(far) == Contribute("fish")


def test_capital_keeps_its_lead_in_gold():
    """A Philanthropist one gold ahead proposes no policy (the gold it costs would tie
    the lead) and turns down fish for a gold."""
    s = last_season_end("Philanthropist", gold=3, fish=1)
    set_stock(s, 1, gold=2, fish=4)
    start_proposals(s)
    s.proposers = [0]
    assert Propose("city", tile("E3")) not in GAME.legal_actions(s, 0)  # the city stands already
    s.city = -1
    assert any(isinstance(m, Propose) for m in GAME.legal_actions(s, 0))
    assert not isinstance(greedy(s), Propose)
    assert not any(isinstance(m, Propose) for m in table_mate_moves(GAME.view(s, 0), 0))
    for_gold = offered(s, PendingOffer(1, 0, (3, 0, 0, 0, 0), GOLD1))
    assert greedy(for_gold) == DECLINE


def test_conservation_adds_no_pollution_to_the_map_in_the_last_season():
    """A Guide's boat may dredge a gravel and its lumber mill harvest two trees, each
    for a pollution in the river: on the last season's clean map it does neither."""
    s = new_table([("W1", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    s.season = s.last_season
    s.roles[0] = ROLE["Guide"]
    clear_map(s)
    mill = put(s, 0, MILL, tile("W1"))
    boat = put(s, 0, BOAT, ROW_RIVER[0])
    for slot in slots_of("W1", "tree"):
        fill(s, slot, "tree")
    s = at_turn(s, 0, 0)
    weighed = table_mate_moves(GAME.view(s, 0), 0)
    assert Dredge(boat) in GAME.legal_actions(s, 0) and Dredge(boat) not in weighed
    two_trees = [m for m in GAME.legal_actions(s, 0) if isinstance(m, Harvest) and m.structure == mill and len(m.slots) == 2]
    assert two_trees and not set(two_trees) & set(weighed)
    assert not isinstance(greedy(s), Dredge) and greedy(s) not in two_trees


def test_development_keeps_what_the_city_still_needs():
    """A Tycoon whose gravel is the last the site lacks neither sells it for gold (it
    is no Capital lead at stake: the others hold as much) nor trades it away."""
    s = last_season_end("Tycoon", gravel=1, fish=1)
    s.site = [5, 5, 4]
    weighed = table_mate_moves(GAME.view(s, 0), 0)
    assert Exchange("fish", "gravel") in GAME.legal_actions(s, 0) and Exchange("fish", "gravel") not in weighed
    set_stock(s, 1, fish=4, tree=4)
    generous = offered(s, PendingOffer(1, 0, (3, 3, 0, 0, 0), GRAVEL1))  # six tokens for the gravel
    assert greedy(generous) == DECLINE
    start_contributions(s)
    assert greedy(s) == Contribute("gravel")


def test_charity_breaks_no_other_seats_fifteen_fish():
    """A Cook one fish short of its own fifteen does not ask a fish of a seat that holds
    exactly fifteen (likely its Agriculture met, and Charity needs every other seat to
    have met one); it still asks the seat with fish to spare."""
    s = last_season_end("Cook", fish=14, tree=2)
    set_stock(s, 1, fish=15)
    assert gives_up(s, 0, Offer(1, TREE1, FISH1))
    assert not isinstance(greedy(s), Offer) or greedy(s).to != 1
    set_stock(s, 2, fish=16)
    assert not gives_up(s, 0, Offer(2, TREE1, FISH1))


def test_no_seat_takes_away_a_third_seats_lead_in_gold_in_the_last_trades():
    """In the last trading window a seat that is done is not asked again when two others
    trade (only the two are): the richest seat, its Capital met, said done, and a trade
    that brings another seat level with it would leave it without its win and no say.
    A Gardener (no Capital: the gold does nothing for it) turns down a tree for the gold
    that would do that, and makes no such offer; one gold short of the tie it trades."""
    s = last_season_end("Gardener", gold=2, tree=3)
    set_stock(s, 1, gold=1, fish=2)
    set_stock(s, 2, gold=3)
    start_contributions(s)
    s.ready = {2}  # the richest seat has said it is done
    tie = PendingOffer(1, 0, GOLD1, TREE1)  # a gold for a tree: 3 gold, as many as seat 2
    # It turns the gold down: it counters with the tree for Blue's fish (Agriculture's).
    assert greedy(offered(s, tie)) == Offer(1, TREE1, FISH1)
    assert ACCEPT not in table_mate_moves(GAME.view(offered(s, tie), 0), 0)
    assert gives_up(s, 0, Offer(1, TREE1, GOLD1))
    set_stock(s, 0, gold=1, tree=3)
    assert not gives_up(s, 0, Offer(1, TREE1, GOLD1))  # 2 gold: seat 2 still leads
    assert greedy(offered(s, tie)) == ACCEPT
