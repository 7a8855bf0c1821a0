"""Why a computer seat declined an offer: one short sentence drawn from the seat's own
weighing (what it needs of what was asked, what it gains from what was given), naming
no role; and asking why changes nothing the seats decide."""

from __future__ import annotations

import pytest

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take import actions as A
from river_tui.rules.we_all_take.bargaining import answer
from river_tui.rules.we_all_take.bots import table_mate_moves
from river_tui.rules.we_all_take.components import ALL_ROLES, OBJECTIVES
from river_tui.rules.we_all_take.refusals import why_declined

from support.wat_helpers import new_table, play, set_stock

NOTHING, FISH, TREE = (0, 0, 0, 0, 0), (1, 0, 0, 0, 0), (0, 1, 0, 0, 0)


def offered(give, get):
    """Two seats holding a fish, a tree and a gravel each; seat 0's offer waits for seat 1."""
    s = new_table([("W1", "Red"), ("E3", "Orange")], seed=4)
    for seat in (0, 1):
        set_stock(s, seat, fish=1, tree=1, gravel=1)
    s = play(s, (0, A.Offer(1, give, get)))
    return GAME.view(s, 1), s.offers[0]


@pytest.mark.parametrize("give, get, words", [
    (NOTHING, FISH, "it gives nothing away for nothing, and it needs the 1 fish you asked for"),
    (FISH, TREE, "it needs the 1 tree you asked for more than the 1 fish you offer"),
])
def test_the_reason_says_what_the_seat_needs_or_does_not_gain(give, get, words):
    view, offer = offered(give, get)
    assert answer(view, 1) is not A.ACCEPT  # the seat does decline (or counter) it
    assert why_declined(view, 1, offer) == words


def test_the_reason_names_no_role_nor_objective():
    for give, get in ((NOTHING, FISH), (FISH, TREE), (TREE, FISH), (FISH, NOTHING)):
        view, offer = offered(give, get)
        words = why_declined(view, 1, offer).lower()
        assert not any(name.lower() in words for name in OBJECTIVES + tuple(r.name for r in ALL_ROLES)), words


def test_asking_why_changes_nothing_the_seats_decide():
    for give, get in ((NOTHING, FISH), (FISH, TREE), (TREE, FISH)):
        view, offer = offered(give, get)
        before = (answer(view, 1), table_mate_moves(view, 1), view.stock, view.offers, view.answered)
        why_declined(view, 1, offer)
        assert (answer(view, 1), table_mate_moves(view, 1), view.stock, view.offers, view.answered) == before


def test_an_offer_not_waiting_for_the_seat_has_no_reason():
    """(A screen that saw the position too late says nothing rather than a wrong reason.)"""
    view, offer = offered(FISH, TREE)
    assert why_declined(view, 0, offer) is None  # seat 0 made it: it waits for seat 1
