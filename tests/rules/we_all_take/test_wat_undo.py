"""Undo at a We All Take table: an accepted trade is a commitment, so undo stops
before it (a player may not probe what a computer seat accepts and take the offer
back); a declined offer, or one still waiting, may be taken back."""

from __future__ import annotations

import pytest

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import ACCEPT, DECLINE, Offer, PlaceCamp
from river_tui.play.table import Seat, Table, UndoRefused

from support.wat_helpers import tile

FISH1, TREE1, NOTHING = (1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (0, 0, 0, 0, 0)


def table_in_play() -> Table:
    """You (seat 1) against two normal computers, every camp placed."""
    table = Table(GAME, [Seat("You", "human"), Seat("Computer 1", "normal"), Seat("Computer 2", "normal")], {}, 5)
    for seat, (code, colour) in enumerate([("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")]):
        table.apply(seat, PlaceCamp(tile(code), colour))
    return table


def test_undo_stops_before_a_trade_a_computer_seat_accepted():
    table = table_in_play()
    moves = len(table.log)
    table.apply(0, Offer(1, FISH1, TREE1))
    table.apply(1, ACCEPT)
    with pytest.raises(UndoRefused, match="cannot be taken back: Computer 1 accepted the trade"):
        table.undo(seat=0)
    assert len(table.log) == moves + 2 and table.state.stock[0][:2] == [0, 2]


def test_undo_stops_before_a_gift_a_seat_accepted_and_before_your_own_acceptance():
    table = table_in_play()
    table.apply(0, Offer(2, FISH1, NOTHING))
    table.apply(2, ACCEPT)
    with pytest.raises(UndoRefused, match="Computer 2 accepted the gift"):
        table.undo(seat=0)
    table.apply(1, Offer(0, TREE1, NOTHING))
    table.apply(0, ACCEPT)
    with pytest.raises(UndoRefused, match="You accepted the gift"):
        table.undo(seat=0)


def test_a_declined_offer_is_taken_back_with_its_answer():
    table = table_in_play()
    moves = len(table.log)
    table.apply(0, Offer(1, FISH1, TREE1))
    table.apply(1, DECLINE)
    assert table.undo(seat=0) == 2
    assert len(table.log) == moves and not table.state.answered
