"""Final Scoring, and the rulebook's scoring example."""

from __future__ import annotations

from river_tui.rules.core import ScoreLine
from river_tui.rules.glassworks import GAME
from river_tui.rules.glassworks.scoring import breakdown, column_points, explain, row_points, score, tallest_columns
from river_tui.rules.glassworks.state import OVER

from support.glassworks_helpers import board, table

# Column heights 3,3,2,4,4,1,5 in seven colours, and 2 pieces in overflow.
EXAMPLE = board("WWW", "PPP", "CC", "BBBB", "LLLL", "G", "YYYYY", overflow="OO")


def test_the_scoring_example_all_rows_35_tallest_2_columns_26_overflow_minus_6_total_55():
    assert breakdown(EXAMPLE) == (
        ScoreLine("All Rows", 35),
        ScoreLine("Tallest 2 Columns", 26),
        ScoreLine("Overflow", -6),
    )
    assert score(EXAMPLE) == 55
    assert explain(EXAMPLE) == (
        "All Rows: 35 VP (0 + 0 + 2 + 11 + 22) · Tallest 2 Columns: 26 VP (10 + 16) · "
        "Overflow: -6 VP (2 * (-3)) · Total: 55 VP"
    )


def test_score_each_row_by_how_many_spaces_you_filled_from_left_to_right_without_any_gaps():
    # Bottom row: 4 spaces filled (7 VP); second row: the first column, then a gap.
    assert row_points(board("WW", "P", "CC", "B")) == (7, 1, 0, 0, 0)
    assert row_points(board("WW", "P", "CC")) == (4, 1, 0, 0, 0)


def test_if_the_first_space_in_a_row_is_empty_it_scores_0_vp():
    assert row_points(board("W", "PPPPP", "CCCCC")) == (4, 0, 0, 0, 0)
    assert row_points(board()) == (0, 0, 0, 0, 0)


def test_score_only_the_2_tallest_filled_columns():
    assert tallest_columns(board("W", "PPP", "CC", "BBBB")) == (1, 3)
    assert tallest_columns(board("WW")) == (0,)
    assert tallest_columns(board()) == ()


def test_if_there_are_any_ties_score_the_leftmost_tied_columns_first():
    assert tallest_columns(board("WW", "PP", "CC", "BB")) == (0, 1)
    assert tallest_columns(board("W", "PP", "CCC", "BB", "LLL")) == (2, 4)
    assert tallest_columns(board("W", "PP", "CCC", "BB", "LL")) == (1, 2)


def test_each_column_scores_the_vp_on_its_highest_filled_space():
    assert column_points(board("WWWWW", "PPPP")) == (10, 8)
    assert column_points(board("W", "P", "C", "B", "L", "G", "YYYYY")) == (1, 16)


def test_lose_3_vp_for_each_piece_in_your_overflow():
    assert score(board(overflow="WWWP")) == -12


def test_if_players_tie_they_share_victory():
    s = table(3, phase=OVER, boards=(EXAMPLE, board("W"), EXAMPLE))
    result = GAME.result(s)
    assert result.scores == (55, 2, 55)
    assert result.winners == frozenset({0, 2}) and result.tie
    assert result.summary.splitlines()[0] == "Seat 1 and Seat 3 share the victory with 55 VP."
    # One white piece: a row of one piece, one column of one, nothing in overflow.
    assert result.summary.splitlines()[2] == (
        "Seat 2: All Rows: 1 VP (0 + 0 + 0 + 0 + 1) · Tallest 2 Columns: 1 VP (1) · "
        "Overflow: 0 VP (0 * (-3)) · Total: 2 VP"
    )
    assert [sum(line.points for line in lines) for lines in result.breakdown] == list(result.scores)


def test_most_victory_points_wins():
    result = GAME.result(table(2, phase=OVER, boards=(board("W"), EXAMPLE)))
    assert result.winners == frozenset({1}) and result.summary.startswith("Seat 2 wins with 55 VP.\n")
