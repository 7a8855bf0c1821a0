"""The drawings kept for positions shared by the seats' screens: one set per
position, and only the latest positions, however many tables are played."""

from __future__ import annotations

from river_tui.widgets.position_drawings import POSITIONS, drawings_of


class Position:
    """A stand-in for a watchers' view: any object is a position."""


def test_a_position_keeps_its_drawings_and_another_position_has_its_own():
    one, other = Position(), Position()
    drawings_of(one)["line 3"] = "drawn"
    assert drawings_of(one) == {"line 3": "drawn"}
    assert drawings_of(other) == {}


def test_only_the_latest_positions_are_kept():
    first = Position()
    drawings_of(first)["line 0"] = "drawn"
    kept = [Position() for _ in range(POSITIONS - 1)]
    for position in kept:
        drawings_of(position)["line 0"] = "drawn"
    drawings_of(first)  # used again: the oldest is now the first of the others
    drawings_of(Position())
    assert drawings_of(first) == {"line 0": "drawn"}
    assert drawings_of(kept[0]) == {}  # dropped, and drawn afresh if shown again
