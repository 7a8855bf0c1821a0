"""Undo's refusal speaks Glassworks' language: it has a bag, not dice."""

import pytest

from river_tui.play.table import Seat, Table, UndoRefused


def test_undo_refused_after_a_bag_draw_names_the_bag():
    table = Table.create("glassworks", [Seat("Ann")], {}, seed=3)
    for _ in range(12):  # play until a move refills the river from the bag
        table.apply(0, table.game.legal_actions(table.state, 0)[0])
        try:
            table.undo()
        except UndoRefused as refusal:
            assert str(refusal) == "That move cannot be taken back: it revealed a draw from the bag."
            assert "roll" not in str(refusal)
            return
        table.apply(0, table.game.legal_actions(table.state, 0)[0])
    pytest.fail("twelve moves never drew from the bag")
