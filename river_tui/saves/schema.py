"""What a save holds, and the one check of its shape at the boundary.

Everything decoded from a save file passes `header` and `log` before anything
else sees it: every field of the right type, strings and lists within their
limits, numbers finite and in range, actions nested no deeper than
`encode_action` makes them. Anything else is a `SaveError` whose text is one
sentence naming the file and what is wrong. The game's own checks (seat count,
variant, computer kinds, whether the moves are legal) come after, in
`Table.load`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..rules.registry import is_known
from ..safe_text import plain

MAX_SEATS = 8
MAX_NAME = 100
"""Characters of a seat's name (the setup screen takes no more)."""
MAX_KIND = 40
MAX_SHORT = 200
"""Characters of the other short strings: game id, version, dates, where the game stands."""
MAX_OPTIONS = 32
MAX_ACTION_DEPTH = 8
"""Lists within an action: `encode_action` nests two or three deep."""
MAX_ACTION_ITEMS = 256
MAX_MOVES = 100_000
"""Moves in one save: the longest games take a few thousand."""
INT_RANGE = (-(2**63), 2**63 - 1)
SEED_RANGE = (0, 2**64 - 1)


class SaveError(Exception):
    """A save that cannot be read; ``str()`` is one sentence for the player."""


@dataclass
class SeatRecord:
    name: str
    kind: str  # "human" or the name of a computer seat ("greedy", "random", ...)


@dataclass
class SaveHeader:
    """What a list of saves shows, without the moves."""

    game: str
    app_version: str
    created: str
    updated: str
    seats: list[SeatRecord]
    options: dict[str, Any]
    seed: int
    turn: str = ""
    finished: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class SaveData(SaveHeader):
    """A whole save: the header, the moves, and a digest of where they lead."""

    log: list[tuple[int, list[Any]]] = field(default_factory=list)  # (seat, encoded action)
    digest: str = ""


HEADER_FIELDS = ("game", "app_version", "created", "updated", "seats", "options", "seed", "turn", "finished", "extra")
BODY_FIELDS = ("log", "digest")


class _Wrong(Exception):
    """What is wrong, as the end of the sentence "The file X is damaged (...)"."""


def header(value: Any, name: str) -> SaveHeader:
    """The header of a save, checked; SaveError if anything is wrong."""
    try:
        fields = _map(value, "its header", 64)
        game = _text(fields.get("game"), "its game", MAX_SHORT, least=1)
        if not is_known(game):
            raise SaveError(f"{name} is a save of a game this River TUI does not have ({plain(game, 40)}).")
        return SaveHeader(
            game=game,
            app_version=_text(fields.get("app_version"), "its version", MAX_SHORT),
            created=_date(fields.get("created"), "its start date"),
            updated=_date(fields.get("updated"), "its last date"),
            seats=_seats(fields.get("seats")),
            options=_options(fields.get("options")),
            seed=_int(fields.get("seed"), "its seed", SEED_RANGE),
            turn=_text(fields.get("turn", ""), "where it stands", MAX_SHORT),
            finished=_bool(fields.get("finished", False), "whether it is finished"),
            extra=_extra(fields.get("extra", {})),
        )
    except _Wrong as wrong:
        raise SaveError(f"{name} is damaged ({wrong}).") from None


def body(value: Any, seats: int, name: str) -> tuple[list[tuple[int, list[Any]]], str]:
    """The moves and the final digest, checked against the number of seats."""
    try:
        fields = _map(value, "its moves", 64)
        return _log(fields.get("log"), seats), _text(fields.get("digest"), "its digest", MAX_SHORT)
    except _Wrong as wrong:
        raise SaveError(f"{name} is damaged ({wrong}).") from None


def whole(head: SaveHeader, log: list[tuple[int, list[Any]]], digest: str) -> SaveData:
    return SaveData(**{f: getattr(head, f) for f in HEADER_FIELDS}, log=log, digest=digest)


# --- the parts ------------------------------------------------------------------


def _seats(value: Any) -> list[SeatRecord]:
    seats = _list(value, "its seats", MAX_SEATS)
    if not seats:
        raise _Wrong("it has no seats")
    out = []
    for number, seat in enumerate(seats, start=1):
        pair = _list(seat, f"seat {number}", 2)
        if len(pair) != 2:
            raise _Wrong(f"seat {number} is not a name and a kind")
        out.append(SeatRecord(_text(pair[0], f"the name of seat {number}", MAX_NAME),
                              _text(pair[1], f"the kind of seat {number}", MAX_KIND, least=1)))
    return out


def _options(value: Any) -> dict[str, Any]:
    options = _map(value, "its options", MAX_OPTIONS)
    for key, option in options.items():
        _scalar(option, f"its option {plain(key, 30)!r}")
    if options.get("variant") is not None:
        _text(options["variant"], "its variant", MAX_SHORT)
    return options


def _extra(value: Any) -> dict[str, Any]:
    extra = _map(value, "its extra details", MAX_OPTIONS)
    for key, item in extra.items():
        _scalar(item, f"its detail {plain(key, 30)!r}")
    if "rules" in extra:
        _int(extra["rules"], "its rules version", (0, 1_000_000))
    if "hinted" in extra:  # the seats that asked for hints, one bit each
        _int(extra["hinted"], "its record of who asked for hints", (0, 2**MAX_SEATS - 1))
    return extra


def _log(value: Any, seats: int) -> list[tuple[int, list[Any]]]:
    moves = _list(value, "its moves", MAX_MOVES)
    out = []
    for number, move in enumerate(moves, start=1):
        pair = _list(move, f"move {number}", 2)
        if len(pair) != 2:
            raise _Wrong(f"move {number} is not a seat and an action")
        seat = _int(pair[0], f"the seat of move {number}", (0, seats - 1))
        action = _list(pair[1], f"the action of move {number}", MAX_ACTION_ITEMS)
        if not action or not isinstance(action[0], str) or len(action[0]) > MAX_SHORT:
            raise _Wrong(f"the action of move {number} has no name")
        _action_values(action, f"the action of move {number}", 1)
        out.append((seat, action))
    return out


def _action_values(values: list[Any], what: str, depth: int) -> None:
    if depth > MAX_ACTION_DEPTH:
        raise _Wrong(f"{what} is nested too deep")
    for value in values:
        if isinstance(value, list):
            _list(value, what, MAX_ACTION_ITEMS)
            _action_values(value, what, depth + 1)
        else:
            _scalar(value, what)


# --- the kinds of value -------------------------------------------------------------


def _text(value: Any, what: str, limit: int, least: int = 0) -> str:
    if not isinstance(value, str):
        raise _Wrong(f"{what} is not text")
    if not least <= len(value) <= limit:
        raise _Wrong(f"{what} is {'empty' if len(value) < least else 'too long'}")
    return value


def _int(value: Any, what: str, bounds: tuple[int, int]) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Wrong(f"{what} is not a whole number")
    low, high = bounds
    if not low <= value <= high:
        raise _Wrong(f"{what} is out of range")
    return value


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise _Wrong(f"{what} is not yes or no")
    return value


def _list(value: Any, what: str, limit: int) -> list[Any]:
    if not isinstance(value, list):
        raise _Wrong(f"{what} is not a list")
    if len(value) > limit:
        raise _Wrong(f"{what} has too many entries")
    return value


def _map(value: Any, what: str, limit: int) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(key, str) and len(key) <= MAX_SHORT for key in value):
        raise _Wrong(f"{what} is not a table of named values")
    if len(value) > limit:
        raise _Wrong(f"{what} has too many entries")
    return value


def _scalar(value: Any, what: str) -> None:
    """A plain value: nothing, yes/no, a whole number in 64 bits, a finite number, short text."""
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, int):
        _int(value, what, INT_RANGE)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise _Wrong(f"{what} holds a number that is not finite")
    elif isinstance(value, str):
        _text(value, what, MAX_SHORT)
    else:
        raise _Wrong(f"{what} holds a value of a kind no save has")


def _date(value: Any, what: str) -> str:
    text = _text(value, what, MAX_SHORT, least=1)
    try:
        datetime.fromisoformat(text).astimezone()
    except (ValueError, OverflowError, OSError):
        raise _Wrong(f"{what} is not a date") from None
    return text
