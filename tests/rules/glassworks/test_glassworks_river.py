"""Game Turns and Gathering from the River."""

from __future__ import annotations

import pytest

from river_tui.rules.core import IllegalAction
from river_tui.rules.glassworks import GAME
from river_tui.rules.glassworks.actions import Draw, Gather, Place
from river_tui.rules.glassworks.components import RIVER_TILES
from river_tui.rules.glassworks.state import GATHER, ORDER, TURN

from support.glassworks_helpers import CIRCLE, DIAMOND, HEART, SQUARE, STAR, TRIANGLE, p, play, ps, table

RIVER = (HEART, TRIANGLE, CIRCLE, SQUARE, DIAMOND, STAR)  # start ... lake


def river_table(**fields):
    fields.setdefault("river", RIVER)
    fields.setdefault("tiles", (ps("W♥"), ps("P▲", "C▲"), ps("B●"), ps("L■", "G■"), ps("Y◆"), ps("O★", "W★")))
    return table(**fields)


def test_players_take_turns_in_clockwise_order():
    s = river_table(seats=3, satchels=(ps("W♥", "Y♥"), ps("P♥"), ps("C♥")))
    seen = []
    for _ in range(4):
        seen.append(s.current)
        s = play(s, Place((s.satchels[s.current][0],), HEART), Gather(TRIANGLE))
        while s.phase == ORDER:
            s = play(s, GAME.legal_actions(s, s.current)[0])
    assert seen == [0, 1, 2, 0]
    assert GAME.round_label(s) == "Round 2"


def test_on_your_turn_you_must_do_one_of_these_two_actions_place_and_gather_or_draw():
    s = river_table(satchels=(ps("W♥", "P▲"), ()))
    kinds = {type(a) for a in GAME.legal_actions(s, 0)}
    assert kinds == {Place, Draw}
    assert GAME.legal_actions(s, 1) == []
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(s, 1, Draw(s.lake[:4]))


def test_choose_1_piece_from_your_satchel_and_place_it_on_the_river_tile_with_the_matching_shape():
    s = river_table(satchels=(ps("W♥", "P▲"), ()))
    singles = {(a.pieces, a.tile) for a in GAME.legal_actions(s, 0) if isinstance(a, Place)}
    assert singles == {(ps("W♥"), HEART), (ps("P▲"), TRIANGLE)}
    after = play(s, Place(ps("P▲"), TRIANGLE))
    assert sorted(after.tiles[TRIANGLE]) == sorted(ps("P▲", "C▲", "P▲"))
    assert after.satchels[0] == ps("W♥")
    with pytest.raises(IllegalAction, match="white heart goes on the heart tile"):
        play(s, Place(ps("W♥"), STAR))


def test_only_shapes_matter_when_placing_and_gathering_not_colors():
    s = river_table(satchels=(ps("Y♥", "O♥"), ()))
    assert Place(ps("Y♥"), HEART) in GAME.legal_actions(s, 0)
    assert Place(ps("O♥"), HEART) in GAME.legal_actions(s, 0)


def test_alternatively_place_2_pieces_with_the_same_shape_on_any_river_tile():
    s = river_table(satchels=(ps("W★", "P★", "C♥"), ()))
    pairs = {a.tile for a in GAME.legal_actions(s, 0) if isinstance(a, Place) and len(a.pieces) == 2}
    assert pairs == set(RIVER)
    after = play(s, Place(ps("W★", "P★"), CIRCLE))
    assert sorted(after.tiles[CIRCLE]) == sorted(ps("B●", "W★", "P★"))
    assert after.satchels[0] == ps("C♥")


def test_two_pieces_placed_together_must_have_the_same_shape():
    s = river_table(satchels=(ps("W★", "P♥"), ()))
    assert not [a for a in GAME.legal_actions(s, 0) if isinstance(a, Place) and len(a.pieces) == 2]
    with pytest.raises(IllegalAction, match="same shape"):
        play(s, Place(ps("W★", "P♥"), STAR))


def test_you_can_only_place_glass_from_your_satchel():
    s = river_table(satchels=(ps("W★"), ()))
    with pytest.raises(IllegalAction, match="not in your satchel"):
        play(s, Place(ps("W★", "W★"), STAR))


def test_choose_1_adjacent_river_tile_and_gather_all_glass_pieces_from_it():
    s = play(river_table(satchels=(ps("W■"), ())), Place(ps("W■"), SQUARE))
    assert s.phase == GATHER
    assert set(GAME.legal_actions(s, 0)) == {Gather(CIRCLE), Gather(DIAMOND)}
    with pytest.raises(IllegalAction, match="next to the square tile"):
        play(s, Gather(HEART))
    after = play(s, Gather(CIRCLE))
    assert after.boards[0].columns == ((p("B●"),),)


def test_the_lake_isnt_considered_a_river_tile():
    s = play(river_table(satchels=(ps("W★"), ())), Place(ps("W★"), STAR))
    assert GAME.legal_actions(s, 0) == [Gather(DIAMOND)]


def test_move_the_empty_river_tile_to_the_start_of_the_river_and_flow_the_river_forward():
    s = play(river_table(satchels=(ps("W■"), ())), Place(ps("W■"), SQUARE), Gather(DIAMOND))
    assert s.river == (DIAMOND, HEART, TRIANGLE, CIRCLE, SQUARE, STAR)
    assert sorted(s.tiles[SQUARE]) == sorted(ps("L■", "G■", "W■"))


def test_place_as_many_pieces_from_the_bag_on_the_empty_tile_as_stones_on_the_next_tile():
    stones = dict(RIVER_TILES)
    s = play(river_table(satchels=(ps("W■"), ())), Place(ps("W■"), SQUARE), Gather(DIAMOND))
    assert len(s.tiles[DIAMOND]) == stones[HEART]
    s = play(river_table(satchels=(ps("W▲"), ())), Place(ps("W▲"), TRIANGLE), Gather(HEART))
    assert s.river[:2] == (HEART, TRIANGLE)
    assert len(s.tiles[HEART]) == stones[TRIANGLE]


def test_glass_you_take_from_the_river_always_goes_to_your_glassworks():
    s = river_table(satchels=(ps("W★"), ()))
    after = play(s, Place(ps("W★"), STAR), Gather(DIAMOND))
    assert after.satchels[0] == ()
    assert after.boards[0].columns == ((p("Y◆"),),)
    assert after.phase == TURN and after.current == 1


def test_gathering_from_the_tile_just_placed_on_says_why_not():
    s = play(river_table(satchels=(ps("W■"), ())), Place(ps("W■"), SQUARE))
    with pytest.raises(IllegalAction, match="^You placed on the square tile: gather from a river tile next to it.$"):
        play(s, Gather(SQUARE))
