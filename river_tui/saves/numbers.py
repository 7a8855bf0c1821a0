"""The one reader of numbers written in text from outside.

A number in a file, a key of a map or a word someone typed is read here and
nowhere else: ASCII digits only (``str.isdigit`` also passes "²" and "٣", which
``int`` then refuses or reads as 3), written the one way (no sign but a leading
minus where negatives are allowed, no leading zeros, no spaces or underscores),
at most `MAX_DIGITS` digits (``int`` refuses text past 4,300 digits, and takes
time near it), and within the range its reader allows.

JSON files are read with `loads_json`, whose numbers go through the same rules:
whole numbers by `whole_number`, fractions at most `MAX_FRACTION_CHARS`
characters and finite; NaN and Infinity, which Python's json takes, are no
numbers JSON allows.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

MAX_DIGITS = 20
"""Digits of the longest whole number read (every 64-bit number has at most 20);
a range asks for no more digits than its ends have."""
MAX_WHOLE = 2**63 - 1
"""The largest whole number a JSON file may hold, either side of zero."""
MAX_FRACTION_CHARS = 32
"""Characters of the longest fraction read (Python writes any float in at most 24)."""


def whole_number(text: object, low: int, high: int) -> int | None:
    """The whole number ``text`` spells, if it is spelled as above and lies in
    ``low``..``high``; None otherwise."""
    if not isinstance(text, str):
        return None
    digits = text[1:] if text.startswith("-") and low < 0 else text
    most = min(MAX_DIGITS, len(str(max(abs(low), abs(high)))))
    if not 0 < len(digits) <= most or not (digits.isascii() and digits.isdigit()):
        return None
    if digits.startswith("0") and digits != "0":
        return None
    value = int(text)
    return value if low <= value <= high else None


@dataclass(frozen=True)
class OddNumber:
    """A number of a JSON file that is none River TUI reads, as written (``text``):
    what `loads_json` puts in its place when asked to keep going. It is neither an
    int nor a float, so every check of a number refuses it."""

    text: str


def loads_json(raw: bytes | str, keep_odd: bool = False) -> Any:
    """The JSON value in ``raw``, its numbers read as above. An odd number raises
    ValueError, whose words say which, or with ``keep_odd`` becomes an `OddNumber`
    (for a reader that refuses one entry and keeps the rest). Also raises what
    ``json.loads`` raises (ValueError, RecursionError)."""
    return decoder(keep_odd).decode(_text(raw))


def decoder(keep_odd: bool = False) -> json.JSONDecoder:
    """A JSON decoder whose numbers are read as above (``raw_decode`` reads a value
    at a place in a text)."""
    odd = OddNumber if keep_odd else _refuse
    return json.JSONDecoder(
        parse_int=lambda text: _whole(text, odd),
        parse_float=lambda text: _fraction(text, odd),
        parse_constant=odd,
    )


def _text(raw: bytes | str) -> str:
    if isinstance(raw, str):
        return raw
    return raw.decode(json.detect_encoding(raw), "surrogatepass")  # as json.loads reads bytes


def _whole(text: str, odd: Any) -> Any:
    value = whole_number(text, -MAX_WHOLE, MAX_WHOLE)
    return odd(text) if value is None else value


def _fraction(text: str, odd: Any) -> Any:
    if len(text) > MAX_FRACTION_CHARS:
        return odd(text)
    value = float(text)
    return value if math.isfinite(value) else odd(text)


def _refuse(text: str) -> Any:
    if len(text) > MAX_FRACTION_CHARS:
        raise ValueError(f"a number written in {len(text)} characters is longer than River TUI reads")
    raise ValueError(f"{text} is not a number JSON allows" if text.lstrip("-") in ("NaN", "Infinity")
                     else f"{text} is not a number River TUI reads")
