"""Adding to Your Glassworks."""

from __future__ import annotations

import pytest

from river_tui.rules.core import IllegalAction
from river_tui.rules.glassworks import GAME
from river_tui.rules.glassworks.actions import Gather, NewColumn, Place
from river_tui.rules.glassworks.components import COLOURS
from river_tui.rules.glassworks.state import ORDER, TURN

from support.glassworks_helpers import CIRCLE, DIAMOND, HEART, SQUARE, STAR, TRIANGLE, board, p, play, ps, table

RIVER = (HEART, TRIANGLE, CIRCLE, SQUARE, DIAMOND, STAR)
COLOUR = {c.letter: i for i, c in enumerate(COLOURS)}


def gather_diamond(gathered, glassworks=board(), **fields):
    """Seat 0 places a white star on the star tile and gathers the diamond tile,
    which holds ``gathered``."""
    tiles = [ps("W♥"), ps("W▲"), ps("W●"), ps("W■"), gathered, ps("P★")]
    s = table(river=RIVER, tiles=tuple(tiles), satchels=(ps("W★"), ()), boards=(glassworks, board()), **fields)
    return play(s, Place(ps("W★"), STAR), Gather(DIAMOND))


def letters(b):
    return ["".join(COLOURS[q >> 3].letter for q in column) for column in b.columns]


def test_only_colors_matter_when_adding_to_your_glassworks_not_shapes():
    s = gather_diamond(ps("Y◆", "Y♥"), board("W"))
    assert letters(s.boards[0]) == ["W", "YY"]


def test_a_new_color_goes_in_the_next_empty_column_going_left_to_right():
    s = gather_diamond(ps("O◆"), board("W", "P"))
    assert letters(s.boards[0]) == ["W", "P", "O"]


def test_a_color_you_already_have_fills_its_matching_column_from_bottom_to_top():
    s = gather_diamond(ps("P◆", "P◆"), board("W", "P"))
    assert letters(s.boards[0]) == ["W", "PPP"]
    assert s.boards[0].columns[1][0] == p("P♥")


def test_if_you_gathered_more_than_one_new_color_you_choose_the_order_to_place_them():
    s = gather_diamond(ps("Y◆", "O◆", "O◆", "W◆"), board("W"))
    assert s.phase == ORDER and s.current == 0
    assert set(GAME.legal_actions(s, 0)) == {NewColumn(COLOUR["Y"]), NewColumn(COLOUR["O"])}
    assert letters(s.boards[0]) == ["WW"]
    with pytest.raises(IllegalAction, match="did not gather"):
        play(s, NewColumn(COLOUR["B"]))
    done = play(s, NewColumn(COLOUR["O"]))
    assert letters(done.boards[0]) == ["WW", "OO", "Y"]
    assert done.phase == TURN and done.current == 1
    other = play(s, NewColumn(COLOUR["Y"]))
    assert letters(other.boards[0]) == ["WW", "Y", "OO"]


def test_three_new_colours_are_ordered_one_column_at_a_time():
    s = gather_diamond(ps("Y◆", "O◆", "B◆"))
    s = play(s, NewColumn(COLOUR["B"]))
    assert s.phase == ORDER and set(GAME.legal_actions(s, 0)) == {NewColumn(COLOUR["Y"]), NewColumn(COLOUR["O"])}
    s = play(s, NewColumn(COLOUR["O"]))
    assert letters(s.boards[0]) == ["B", "O", "Y"]


def test_a_single_new_color_needs_no_choice():
    s = gather_diamond(ps("Y◆", "Y◆"))
    assert s.phase == TURN and letters(s.boards[0]) == ["YY"]


def test_if_its_column_is_full_the_piece_goes_to_overflow():
    s = gather_diamond(ps("W◆", "W◆"), board("WWWW"))
    assert letters(s.boards[0]) == ["WWWWW"]
    assert s.boards[0].overflow == ps("W◆")


def test_if_you_already_have_7_other_colors_a_new_color_goes_to_overflow():
    s = gather_diamond(ps("O◆", "Y◆"), board("W", "P", "C", "B", "L", "G", "K"))
    assert s.phase == TURN
    assert sorted(s.boards[0].overflow) == sorted(ps("O◆", "Y◆"))


def test_with_one_column_left_the_chosen_new_color_takes_it_and_the_others_overflow():
    s = gather_diamond(ps("O◆", "Y◆"), board("W", "P", "C", "B", "L", "G"))
    assert s.phase == ORDER
    s = play(s, NewColumn(COLOUR["Y"]))
    assert letters(s.boards[0])[-1] == "Y"
    assert s.boards[0].overflow == ps("O◆")


def test_the_inventory_track_counts_the_pieces_in_your_glassworks_not_including_overflow():
    s = gather_diamond(ps("W◆", "W◆", "P◆"), board("WWWW"))
    assert s.boards[0].inventory == 6
    assert len(s.boards[0].overflow) == 1


def test_the_river_flows_and_refills_before_the_new_colors_are_added():
    # Step 2 (flow and refill) comes before step 3 (add to your glassworks).
    s = gather_diamond(ps("Y◆", "O◆"))
    assert s.river[0] == DIAMOND and s.tiles[DIAMOND]
    assert s.pending == ps("Y◆", "O◆")
