"""The one reader of numbers from outside text (river_tui/saves/numbers.py)."""

from __future__ import annotations

import pytest

from river_tui.saves.numbers import OddNumber, loads_json, whole_number


@pytest.mark.parametrize(
    "text, low, high, read",
    [("0", 0, 9, 0), ("7", 0, 9, 7), ("-3", -5, 5, -3), ("9" * 19, 0, 10**19, int("9" * 19)),
     ("²", 0, 9, None), ("٣", 0, 9, None), ("３", 0, 9, None), ("07", 0, 9, None), ("+7", 0, 9, None),
     (" 7", 0, 9, None), ("7_0", 0, 99, None), ("", 0, 9, None), ("-", -5, 5, None), ("-3", 0, 5, None),
     ("10", 0, 9, None), ("1" * 21, 0, 10**30, None), ("0" * 3 + "7", 0, 9999, None), ("1" * 5000, 0, 10**30, None), (7, 0, 9, None)],
)
def test_a_whole_number_is_ascii_digits_written_one_way_within_its_range(text, low, high, read):
    assert whole_number(text, low, high) == read


@pytest.mark.parametrize(
    "raw, words",
    [("NaN", "NaN is not a number JSON allows"), ("[-Infinity]", "-Infinity is not a number JSON allows"),
     ("1e999", "1e999 is not a number River TUI reads"), ("12345678901234567890", "12345678901234567890 is not a number River TUI reads"),
     ("9" * 5000, "a number written in 5000 characters is longer than River TUI reads")],
)
def test_json_with_a_number_river_tui_does_not_read_is_refused_saying_which(raw, words):
    with pytest.raises(ValueError, match=f"^{words}$"):
        loads_json(raw)


def test_json_read_to_keep_going_holds_each_odd_number_as_written():
    raw = '{"a": NaN, "b": ' + "9" * 5000 + ', "c": 1.5, "d": -2}'
    assert loads_json(raw, keep_odd=True) == {"a": OddNumber("NaN"), "b": OddNumber("9" * 5000), "c": 1.5, "d": -2}
