"""The last trading window: "Players may trade with each other at any time", so before
the game is scored every seat is asked once more, to offer, answer, give and add to the
city's site, each saying when it is done (a rules step: local and server tables alike)."""

from __future__ import annotations

from random import Random

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import ACCEPT, DONE, Contribute, Offer
from river_tui.rules.we_all_take.components import ROLES
from river_tui.rules.we_all_take.seasons import advance, end_season
from river_tui.rules.we_all_take.state import CONTRIBUTE, OVER

from support.wat_helpers import at_turn, new_table, set_stock, tile

FISH1, GRAVEL1 = (1, 0, 0, 0, 0), (0, 0, 1, 0, 0)


def last_season_end(**stocks):
    """The game's last exchange, every seat holding nothing but ``stocks`` (seatN=...)."""
    s = new_table([("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    s.season = s.last_season
    s = at_turn(s, 4, 0)
    for seat in range(3):
        set_stock(s, seat, **stocks.get(f"seat{seat}", {}))
    end_season(s)
    advance(s)
    return s


def test_every_seat_is_asked_once_more_before_the_scores_even_with_nothing_to_add():
    s = last_season_end()  # nothing to exchange, no gold, no city
    assert s.phase == CONTRIBUTE and GAME.to_act(s) == {0, 1, 2}
    assert GAME.round_label(s) == f"Season {s.last_season} of {s.last_season}, the last trades before the scores"
    assert GAME.describe(s, 1, DONE) == "Seat 2 is done trading: no more offers before the scores"
    for seat in (0, 1):
        s = GAME.apply(s, seat, DONE)
        assert s.phase == CONTRIBUTE
    s = GAME.apply(s, 2, DONE)
    assert s.phase == OVER and GAME.result(s) is not None


def test_a_seat_one_gravel_short_trades_for_it_and_completes_the_city():
    """The issue's table: the city one gravel short, the player holding none. In the
    last window Red offers a fish for Blue's gravel; Blue, done already, is asked again
    once it holds the fish, and Red adds the gravel: the city is built before the end."""
    s = last_season_end(seat0=dict(fish=2), seat1=dict(gravel=1))
    s.city, s.site = tile("E3"), [5, 5, 4]
    s = GAME.apply(s, 0, DONE)  # Red is done exchanging; nobody holds gold to propose
    assert s.phase == CONTRIBUTE
    s = GAME.apply(s, 1, DONE)
    assert GAME.to_act(s) == {0, 2}
    s = GAME.apply(s, 0, Offer(1, FISH1, GRAVEL1))
    s = GAME.apply(s, 1, ACCEPT)
    assert {0, 1} <= GAME.to_act(s)  # both hold something new
    assert Contribute("gravel") in GAME.legal_actions(s, 0)
    s = GAME.apply(s, 0, Contribute("gravel"))
    assert s.city_complete
    for seat in sorted(GAME.to_act(s)):
        s = GAME.apply(s, seat, DONE)
    assert s.phase == OVER


def test_computer_seats_trade_in_the_last_window_for_what_their_objectives_lack():
    """A Grocer one fish short asks a seat holding fish for one, for its tree, and gets
    it (the seat, an Agriculture seat's table-mate, gives a fish it cannot use for the
    tree it can)."""
    s = last_season_end()
    assert s.phase == CONTRIBUTE
    set_stock(s, 0, fish=14, tree=1, gold=3)
    set_stock(s, 1, fish=2, gold=1)
    s.roles[0] = next(r.id for r in ROLES if r.name == "Grocer")
    greedy = GAME.bots()["greedy"]
    rng = Random(1)
    while s.phase != OVER:
        seat = min(GAME.to_act(s))
        s = GAME.apply(s, seat, greedy.choose(GAME, GAME.view(s, seat), seat, rng))
    assert s.stock[0][0] >= 15
