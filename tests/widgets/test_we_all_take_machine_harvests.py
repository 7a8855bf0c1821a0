"""We All Take at 80 columns: a lumber mill's or an excavator's harvest reads in one
line of the list, two hexes' slots too ("Cut ♣♣ W1#1 W2#1 +×"), naming each hex once
(it took two lines: "Harvest ♣♣ W1, W2 W1#1 W2#1 +×")."""

from __future__ import annotations

import pytest
from rich.console import Console

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take import actions as A
from river_tui.widgets.we_all_take.choice_list import fitting
from river_tui.widgets.we_all_take.choices import choices

from rules.we_all_take.test_wat_structures import acting

WORDS = 19
"""The list's words at 80x24: the side is 25 columns, less its border, padding and indent."""


@pytest.mark.parametrize("kind, camps, row, at", [
    ("lumber mill", [("W2", "Orange"), ("E5", "Blue")], 1, "W2"),
    ("excavator", [("W3", "Red"), ("E5", "Blue")], 2, "W3"),
])
def test_a_machines_harvest_reads_in_one_line_at_80_columns_naming_each_hex_once(kind, camps, row, at):
    s, _ = acting(camps, row, extra=[(0, kind, at)])
    harvests = [c for c in choices(s, 0, GAME.legal_actions(s, 0)) if kind in c.group and isinstance(c.action, A.Harvest)]
    assert any(len(c.tiles) > 1 for c in harvests)
    for choice in harvests:
        words = fitting(choice, WORDS)
        assert len(words.wrap(Console(width=200), WORDS)) == 1, words.plain
        codes = [w.split("#")[0].rstrip(",") for w in words.plain.split()[2:] if w[0] in "WERwe"]
        assert len(codes) == len(set(codes)), words.plain
