"""The printed components: what the rulebook says, and what we chose to fit it."""

from __future__ import annotations

from river_tui.rules.glassworks.components import (
    COLOURS,
    COLUMN_VP,
    COLUMNS,
    RARITY_CHART,
    RIVER_TILES,
    ROW_VP,
    ROWS,
    SHAPES,
)
from river_tui.rules.glassworks.pieces import full_bag


def test_132_glass_pieces_22_white_22_purple_17_17_blue_12_12_12_green_and_black_9_9_yellow_orange():
    counts = {c.name: c.count for c in COLOURS}
    assert counts == {
        "white": 22,
        "purple": 22,
        "light blue": 17,
        "dark blue": 17,
        "light green": 12,
        "dark green": 12,
        "black": 12,
        "yellow": 9,
        "orange": 9,
    }
    assert len(full_bag(5)) == 132


def test_every_colour_comes_in_an_assortment_of_the_six_shapes():
    assert len(SHAPES) == 6 and {"heart", "triangle"} <= {s.name for s in SHAPES}
    for colour in COLOURS:
        assert len(colour.assortment) == 6 and min(colour.assortment) >= 1
    per_shape = [sum(c.assortment[s] for c in COLOURS if not c.five_players_only) for s in range(6)]
    assert per_shape == [20] * 6


def test_pieces_show_a_letter_as_well_as_a_colour():
    assert len({c.letter for c in COLOURS}) == len(COLOURS)
    assert len({s.glyph for s in SHAPES}) == len(SHAPES)


def test_6_river_tiles_one_per_shape_each_with_1_or_2_stones():
    assert sorted(shape for shape, _ in RIVER_TILES) == list(range(6))
    assert {stones for _, stones in RIVER_TILES} == {1, 2}


def test_the_grid_has_7_columns_and_vp_tables_for_every_row_and_space():
    assert COLUMNS == 7
    assert len(ROW_VP) == COLUMNS + 1 and ROW_VP[0] == 0
    assert len(COLUMN_VP) == COLUMNS and all(len(c) == ROWS for c in COLUMN_VP)


def test_row_vp_rise_with_filled_spaces_and_column_vp_rise_up_and_to_the_right():
    assert all(a < b for a, b in zip(ROW_VP, ROW_VP[1:]))
    for column in COLUMN_VP:
        assert all(a < b for a, b in zip(column, column[1:]))
    for left, right in zip(COLUMN_VP, COLUMN_VP[1:]):
        assert all(a < b for a, b in zip(left, right))


def test_the_rarity_chart_shows_every_colour_from_most_to_least_common():
    charted = [name for _, names in RARITY_CHART for name in names]
    assert sorted(charted) == sorted(c.name for c in COLOURS)
    count = {c.name: c.count for c in COLOURS}
    tiers = [{count[n] for n in names} for _, names in RARITY_CHART]
    assert all(len(t) == 1 for t in tiers)
    assert [t.pop() for t in tiers] == [22, 17, 12, 9]
