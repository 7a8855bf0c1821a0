"""What a real table meets and the rulebook does not say; our rulings
(docs/components.md, "River Valley Glassworks: rulings")."""

from __future__ import annotations

import pytest

from river_tui.rules.core import IllegalAction
from river_tui.rules.glassworks import GAME
from river_tui.rules.glassworks.actions import Draw, Gather, Pass, Place
from river_tui.rules.glassworks.state import BY_EMPTY_BAG, BY_INVENTORY, TURN

from support.glassworks_helpers import CIRCLE, DIAMOND, HEART, SQUARE, STAR, TRIANGLE, board, play, ps, table

RIVER = (HEART, TRIANGLE, CIRCLE, SQUARE, DIAMOND, STAR)
TILES = (ps("W♥"), ps("W▲"), ps("W●"), ps("W■"), ps("Y◆"), ps("P★"))


def test_a_bag_that_runs_out_refilling_the_river_triggers_the_end():
    s = table(bag=ps("O♥"), river=RIVER, tiles=TILES, satchels=(ps("W★"), ()))
    before = play(s, Place(ps("W★"), STAR))
    s = play(before, Gather(DIAMOND))
    # The heart tile, next in the river, has 1 stone: the bag's last piece is enough.
    assert s.tiles[DIAMOND] == ps("O♥") and s.turns_left is None
    s = table(bag=(), river=RIVER, tiles=TILES, satchels=(ps("W★"), ()))
    before = play(s, Place(ps("W★"), STAR))
    s = play(before, Gather(DIAMOND))
    assert s.tiles[DIAMOND] == ()
    assert s.end_cause == BY_EMPTY_BAG and s.end_seat == 0
    assert s.turns_left == 3, "seat 1 finishes the round, then 1 final turn each"
    assert any("The bag ran out" in line for line in GAME.events(before, s))


def test_a_bag_that_runs_out_refilling_the_lake_triggers_the_end_and_the_lake_stays_short():
    s = table(bag=ps("O♥"), lake=ps("W♥", "P▲", "C●", "B■", "Y◆"), satchels=((), ()))
    s = play(s, Draw(ps("W♥", "P▲", "C●", "B■")))
    assert s.lake == ps("O♥", "Y◆")
    assert s.end_cause == BY_EMPTY_BAG and s.bag == ()


def test_an_empty_bag_gives_the_end_trigger_top_up_only_what_it_has():
    tiles = (ps("W♥"), ps("W▲"), ps("W●"), ps("W■"), ps("B◆"), ps("P★"))
    s = table(
        bag=ps("O♥", "O♥", "O♥"),
        river=RIVER,
        tiles=tiles,
        satchels=(ps("W★"), ()),
        boards=(board("WWWWW", "PPPPP", "CCCCC", "B"), board()),
    )
    s = play(s, Place(ps("W★"), STAR), Gather(DIAMOND))
    assert s.end_cause == BY_INVENTORY
    # The heart tile's 1 stone took one piece; 2 were left for the satchels.
    assert len(s.satchels[0]) + len(s.satchels[1]) == 2 and s.bag == ()


def test_a_satchel_with_no_pieces_has_no_placement_and_must_draw():
    s = table(satchels=((), ps("W♥")))
    assert {type(a) for a in GAME.legal_actions(s, 0)} == {Draw}


def test_with_an_empty_satchel_and_an_empty_lake_the_player_passes():
    s = table(bag=(), lake=(), satchels=((), ps("W♥")))
    assert GAME.legal_actions(s, 0) == [Pass()]
    after = play(s, Pass())
    assert after.current == 1 and after.phase == TURN
    assert GAME.describe(s, 0, Pass()) == "Seat 1 can neither place nor draw, and passes"
    with pytest.raises(IllegalAction, match="only pass"):
        play(table(satchels=((), ())), Pass())


def test_a_lake_with_fewer_than_4_pieces_gives_all_it_has():
    s = table(bag=(), lake=ps("W♥", "P▲"), satchels=((), ()))
    assert GAME.legal_actions(s, 0) == [Draw(ps("W♥", "P▲"))]
    s = play(s, Draw(ps("W♥", "P▲")))
    assert s.satchels[0] == ps("W♥", "P▲") and s.lake == ()


def test_an_empty_adjacent_tile_may_be_gathered_the_river_still_flows():
    tiles = TILES[:4] + ((), TILES[5])
    s = table(bag=(), river=RIVER, tiles=tiles, satchels=(ps("W★"), ()))
    s = play(s, Place(ps("W★"), STAR))
    assert GAME.legal_actions(s, 0) == [Gather(DIAMOND)]
    s = play(s, Gather(DIAMOND))
    assert s.boards[0].inventory == 0 and s.river[0] == DIAMOND and s.current == 1


def test_any_piece_in_a_satchel_always_has_a_placement():
    for shape in range(6):
        for river in (RIVER, RIVER[::-1]):
            s = table(river=river, satchels=(tuple(sorted({shape, 8 + shape})), ()))
            s = play(s, Place((shape,), shape))
            assert GAME.legal_actions(s, 0)
