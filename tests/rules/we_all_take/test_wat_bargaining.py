"""How a computer seat bargains, tested where its offer rules act (`bargaining`): what it
may offer (never pollution, never what its objectives hold), the offers the table
already answered (not made again this season; a declined one not again until what it
is worth to its receiver changed), fair one-for-one answers, counters and Charity's
gifts."""

from __future__ import annotations

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import ACCEPT, DECLINE, Offer
from river_tui.rules.we_all_take.bargaining import answer, may_offer, trade
from river_tui.rules.we_all_take.seasons import end_season
from river_tui.rules.we_all_take.state import PendingOffer

from support.wat_helpers import dealt, set_stock, tile

FISH1, TREE1, GRAVEL1, POLLUTION1, GOLD1 = (
    (1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (0, 0, 1, 0, 0), (0, 0, 0, 1, 0), (0, 0, 0, 0, 1),
)
NOTHING = (0, 0, 0, 0, 0)


def exchange(role: str, last: bool = False, **stock: int):
    """A season's exchange (the game's last with ``last``), seat 0 dealt ``role`` and
    holding ``stock``; seat 1 holds plenty of fish and trees, seat 2 nothing."""
    s = dealt(role, last, **stock)
    set_stock(s, 1, fish=6, tree=6, gravel=2)
    end_season(s)
    return s


def offered(s, by: int, give, get):
    s = s.clone()
    s.offers = (PendingOffer(by, 0, give, get),)
    return s


def test_a_computer_seat_never_hands_anyone_pollution():
    """Pollution for a fish would help a Grocer holding nothing else; it offers nothing."""
    s = exchange("Grocer", pollution=3)
    assert GAME.apply(s, 0, Offer(1, POLLUTION1, GRAVEL1))  # the rules allow it
    assert not may_offer(s, 0, 1, POLLUTION1, GRAVEL1)
    assert trade(GAME.view(s, 0), 0) is None
    set_stock(s, 0, gold=3)
    assert may_offer(s, 0, 1, GOLD1, GRAVEL1)


def test_an_offer_the_table_answered_this_season_is_not_made_again_this_season():
    s = exchange("Gardener", gold=3)
    set_stock(s, 1, fish=6, tree=6, gravel=2, gold=2)
    first = trade(GAME.view(s, 0), 0)
    assert first == Offer(1, GOLD1, TREE1)
    s = GAME.apply(GAME.apply(s, 0, first), 1, DECLINE)
    s.deals = [0, 0, 0]  # a new step of the season: it may offer again
    set_stock(s, 1, fish=6, tree=6, gravel=2, gold=1)  # a gold is worth more to them now...
    assert not may_offer(s, 0, 1, GOLD1, TREE1)  # ...but this season it is answered
    assert trade(GAME.view(s, 0), 0) != first
    s.season += 1
    assert trade(GAME.view(s, 0), 0) == first  # a new season


def test_a_declined_offer_is_not_made_again_until_it_is_worth_more_to_its_receiver():
    """Gold for a tree, declined: not asked again while Blue holds as much gold, however
    many trees it gathers (fish change nothing about it either); asked again once Blue
    has spent gold, and a gold is worth more to it."""
    s = exchange("Gardener", gold=3)
    first = trade(GAME.view(s, 0), 0)
    s = GAME.apply(GAME.apply(s, 0, first), 1, DECLINE)
    for later, trees in ((2, 6), (3, 9), (4, 5)):
        s.season, s.deals = later, [0, 0, 0]
        set_stock(s, 1, fish=later, tree=trees, gravel=2)
        assert trade(GAME.view(s, 0), 0) != first
    set_stock(s, 1, fish=6, tree=6, gravel=2, gold=1)
    declined_again = GAME.apply(GAME.apply(s, 0, first), 1, DECLINE)  # holding a gold
    declined_again.season, declined_again.deals = 5, [0, 0, 0]
    assert trade(GAME.view(declined_again, 0), 0) != first
    set_stock(declined_again, 1, fish=6, tree=6, gravel=2)  # the gold spent
    assert trade(GAME.view(declined_again, 0), 0) == first


def test_a_fair_one_for_one_where_both_gain_is_accepted():
    """A Gardener (no farms: no use for gravel) gives a spare gravel for the tree its
    next boat needs."""
    s = exchange("Gardener", gravel=3, fish=2)
    assert answer(GAME.view(offered(s, 1, TREE1, GRAVEL1), 0), 0) == ACCEPT


def test_an_offer_that_asks_too_much_is_countered_with_one_for_one():
    """Two fish (Agriculture's) for a tree is too dear: the Gardener offers back a spare
    gravel for the tree instead of only declining."""
    s = exchange("Gardener", gravel=3, fish=2)
    dear = offered(s, 1, TREE1, (2, 0, 0, 0, 0))
    back = answer(GAME.view(dear, 0), 0)
    assert back == Offer(1, GRAVEL1, TREE1)
    after = GAME.apply(dear, 0, back)  # a counter declines the first
    assert after.offers == (PendingOffer(0, 1, GRAVEL1, TREE1),) and after.answered[-1].accepted is False


def test_charity_gives_a_fish_to_a_seat_a_fish_short_of_fifteen_near_the_end():
    """A Mayor needs every other seat to complete an objective: in the last season it
    gives a fish to the seat holding fourteen, not earlier, and not once the city
    (its Development) needs that fish."""
    s = exchange("Mayor", last=True, fish=3)
    set_stock(s, 1, fish=14)
    assert trade(GAME.view(s, 0), 0) == Offer(1, FISH1, NOTHING)
    early = exchange("Mayor", fish=3)
    set_stock(early, 1, fish=14)
    assert trade(GAME.view(early, 0), 0) is None
    s.city, s.site = tile("E3"), [2, 5, 5]
    assert trade(GAME.view(s, 0), 0) is None


def test_an_offer_of_what_it_does_not_need_is_countered_with_what_it_does():
    """Blue offers a fish for one of an Architect's trees late in the game; the city's
    site has its fish and trees and lacks gravel, which Blue holds: the Architect offers
    the tree Blue wants for a gravel instead of only declining (before, it countered
    only with the kinds offered, fish, and so declined)."""
    s = exchange("Architect", fish=2, tree=3)
    s.season = 8
    s.city, s.site = tile("E3"), [5, 5, 2]
    asked = offered(s, 1, FISH1, TREE1)
    assert answer(GAME.view(asked, 0), 0) == Offer(1, TREE1, GRAVEL1)


def test_computer_seats_offer_on_the_map_to_any_seat_once_a_turn_at_most():
    """Bargaining on the map, not only at the season's exchange: in seeded games of
    three greedy seats, seats make offers during the turns, to each other seat
    (seat 0, a person's at a real table, among them), each at most once a turn, and no
    seat is ever asked to answer two at once."""
    import random

    from river_tui.rules.we_all_take.state import ACTIONS
    from river_tui.rules.we_all_take.trading import offer_to

    bot = GAME.bots()["greedy"]
    to = {0: 0, 1: 0, 2: 0}
    for seed in range(1, 9):
        s = GAME.new(3, {"variant": GAME.default_variant(3)}, seed)
        rng = random.Random(seed)
        made: set[tuple] = set()
        while GAME.to_act(s):
            seat = min(GAME.to_act(s))
            action = bot.choose(GAME, GAME.view(s, seat), seat, rng)
            if isinstance(action, Offer) and s.phase == ACTIONS and offer_to(s, seat) is None:  # (not a counter)
                when = (seat, s.season, s.turn)
                assert when not in made, f"a second offer in a turn: {when}"
                made.add(when)
                to[action.to] += 1
            s = GAME.apply(s, seat, action)
            assert len({offer.to for offer in s.offers}) == len(s.offers)
    assert all(to.values()), to
