"""Drawing from the Lake."""

from __future__ import annotations

import pytest

from river_tui.rules.core import IllegalAction
from river_tui.rules.glassworks import GAME
from river_tui.rules.glassworks.actions import Draw, Overflow
from river_tui.rules.glassworks.state import OVERFLOW, TURN

from support.glassworks_helpers import p, play, ps, table

LAKE = ps("W♥", "P▲", "C●", "B■", "Y◆")


def test_choose_4_pieces_and_add_them_to_your_satchel_not_your_glassworks():
    s = table(lake=LAKE, satchels=((), ()))
    draws = GAME.legal_actions(s, 0)
    assert len(draws) == 5 and all(isinstance(a, Draw) and len(a.pieces) == 4 for a in draws)
    after = play(s, Draw(ps("W♥", "P▲", "C●", "B■")))
    assert after.satchels[0] == ps("W♥", "P▲", "C●", "B■")
    assert after.boards[0].inventory == 0
    with pytest.raises(IllegalAction, match="Choose 4 pieces"):
        play(s, Draw(ps("W♥", "P▲")))
    with pytest.raises(IllegalAction, match="not in the lake"):
        play(s, Draw(ps("W♥", "W♥", "C●", "B■")))


def test_identical_lake_pieces_give_one_choice_each():
    s = table(lake=ps("W♥", "W♥", "W♥", "W♥", "Y◆"), satchels=((), ()))
    assert set(GAME.legal_actions(s, 0)) == {Draw(ps("W♥", "W♥", "W♥", "W♥")), Draw(ps("W♥", "W♥", "W♥", "Y◆"))}


def test_refill_the_lake_back_up_to_5_pieces_from_the_bag():
    s = play(table(lake=LAKE, satchels=((), ())), Draw(ps("W♥", "P▲", "C●", "B■")))
    assert len(s.lake) == 5 and p("Y◆") in s.lake
    assert s.phase == TURN and s.current == 1


def test_your_satchel_can_only_hold_5_pieces_if_you_go_over_place_pieces_of_your_choice_in_overflow():
    s = table(lake=LAKE, satchels=(ps("O★", "O★", "O★"), ()))
    s = play(s, Draw(ps("W♥", "P▲", "C●", "B■")))
    assert s.phase == OVERFLOW and s.current == 0
    assert len(s.lake) == 1, "the lake refills only after the overflow"
    assert set(GAME.legal_actions(s, 0)) == {Overflow(q) for q in ps("O★", "W♥", "P▲", "C●", "B■")}
    s = play(s, Overflow(p("O★")))
    assert s.phase == OVERFLOW
    with pytest.raises(IllegalAction, match="not in your satchel"):
        play(s, Overflow(p("Y◆")))
    s = play(s, Overflow(p("O★")))
    assert s.phase == TURN and s.current == 1
    assert s.satchels[0] == ps("O★", "W♥", "P▲", "C●", "B■")
    assert s.boards[0].overflow == ps("O★", "O★")
    assert len(s.lake) == 5


def test_glass_from_the_lake_always_goes_to_your_satchel_even_a_full_one():
    s = table(lake=LAKE, satchels=(ps("O★", "O★", "O★", "O★", "O★"), ()))
    assert any(isinstance(a, Draw) for a in GAME.legal_actions(s, 0))
    s = play(s, Draw(ps("W♥", "P▲", "C●", "B■")))
    for _ in range(4):
        s = play(s, Overflow(p("O★")))
    assert s.satchels[0] == ps("O★", "W♥", "P▲", "C●", "B■") and s.current == 1


def test_while_overflowing_no_other_move_is_possible():
    s = play(table(lake=LAKE, satchels=(ps("O★", "O★", "O★"), ())), Draw(ps("W♥", "P▲", "C●", "B■")))
    with pytest.raises(IllegalAction, match="send to overflow"):
        play(s, Draw(ps("Y◆")))
