"""The figures `river-tui simulate` gathers from games of We All Take (`Game.tallies`)."""

from __future__ import annotations

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import DECLINE, DONE, Offer, Propose, Vote
from river_tui.rules.we_all_take.components import ROLES, SUBSIDY
from river_tui.rules.we_all_take.seasons import advance, end_season
from river_tui.rules.we_all_take.state import CONTRIBUTE

from support.wat_helpers import at_turn, new_table, set_stock, tile

FISH1, TREE1 = (1, 0, 0, 0, 0), (0, 1, 0, 0, 0)
ROLE = {r.name: r.id for r in ROLES}


def last_season_end(**gold):
    """The last season's end, the Grocer (seat 1) holding fifteen fish and Blue a tree;
    nothing to exchange (single tokens but the fish, and the Grocer is done)."""
    s = new_table([("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    s.season = s.last_season
    s = at_turn(s, 4, 0)
    s.roles = [ROLE["Grocer"], ROLE["Tycoon"], ROLE["Mayor"]]
    for seat in range(3):
        set_stock(s, seat, gold=gold.get(f"seat{seat}", 0))
    set_stock(s, 0, fish=15, gold=gold.get("seat0", 0))
    set_stock(s, 1, tree=1)
    end_season(s)
    advance(s)
    return s


def played(s, *moves):
    """``moves`` applied, each kept as (position before, seat, action) as simulate keeps them."""
    kept = []
    for seat, action in moves:
        kept.append((s, seat, action))
        s = GAME.apply(s, seat, action)
    return kept, s


def test_declined_offers_made_again_unchanged_and_policies_proposed_are_counted():
    s = last_season_end(seat0=2)
    moves, s = played(s, (0, DONE), (0, Propose(SUBSIDY)), (1, Vote(False)), (2, Vote(False)), (0, Vote(False)))
    assert s.phase == CONTRIBUTE
    more, s = played(
        s, (1, Offer(0, TREE1, FISH1)), (0, DECLINE),
        (1, Offer(0, TREE1, FISH1)), (0, DECLINE),  # again, the Grocer holding the same: a repeat
        (0, DONE), (1, DONE), (2, DONE),
    )
    figures = GAME.tallies(moves + more, s)
    assert figures["policies proposed"] == 1
    assert figures["declined offers made again unchanged"] == 1


def test_a_seat_that_met_every_objective_at_its_last_decision_but_not_at_the_end_is_counted():
    """The Grocer is done with fifteen fish and the most gold; the figure counts it only
    if the end finds it without them (here, its gold lead gone)."""
    s = last_season_end(seat0=1)
    moves, end = played(s, (0, DONE), (0, DONE), (1, DONE), (2, DONE))
    figures = GAME.tallies(moves, end)
    assert figures["seats that met every objective at their last decision but not at the end"] == 0
    assert figures["every seat met an objective"] == 0 and figures["city built"] == 0
    robbed = end.clone()
    set_stock(robbed, 2, gold=1)
    assert GAME.tallies(moves, robbed)["seats that met every objective at their last decision but not at the end"] == 1
    built = end.clone()
    built.city, built.city_complete = tile("E3"), True
    assert GAME.tallies(moves, built)["city built"] == 1
