"""What ``records.json`` may hold, and the one check of its shape at the boundary.

The file is read by `players.load` and passes `parse` before anything else sees
it: every count a whole number in range (never a bool, a float or a string),
every map a map and every list a list, names and keys strings of bounded length,
and no more games, names, achievements or counted games than `players` ever
writes. Anything else is `RecordsDamaged`, whose text says what is wrong in a
few words, to end a sentence naming the file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..safe_text import plain
from .json_file import json_body

VERSION = 1
MAX_FILE_BYTES = 8 << 20
MAX_GAMES = 64
MAX_NAMES = 10_000
"""Seat names per game; a new name beyond it is not added (`players.record_game`)."""
MAX_ACHIEVEMENTS = 64
MAX_COUNTED = 50_000
"""Games remembered as counted; the oldest are forgotten beyond it."""
MAX_KEY = 512
"""Characters of a game id, a name, an achievement or a counted game's key."""
MAX_GAMES_PLAYED = 10**9
MAX_SCORE = 10**6
"""The largest score, either side of zero, a game may give."""


class RecordsDamaged(ValueError):
    """``records.json`` is not what River TUI writes; ``str()`` says how, in a few words."""


Tallies = dict[str, dict[str, dict[str, Any]]]
"""Game id -> seat name (or computer level) -> tally fields."""


def parse(raw: bytes) -> tuple[Tallies, list[str], Tallies]:
    """The people's games, the counted keys and the computers' games (by level,
    kept apart so a person never shares a record with a computer) in ``raw``;
    RecordsDamaged if any of it is not the shape River TUI writes."""
    top = _mapping(json_body(raw, MAX_FILE_BYTES, RecordsDamaged), "the file", 16)
    version = top.get("version")
    if not _whole(version) or version < 1:
        raise RecordsDamaged("its version is not a whole number from 1")
    if version > VERSION:
        raise RecordsDamaged("it was written by a newer River TUI")
    if "games" not in top or "counted" not in top:
        raise RecordsDamaged("its games or its list of counted games are missing")
    games = {
        _key(game_id, "a game id"): _seats(seats, game_id)
        for game_id, seats in _mapping(top["games"], "its games", MAX_GAMES).items()
    }
    counted = _sequence(top["counted"], "its list of counted games", MAX_COUNTED)
    computers = {  # absent from files written before computers had records of their own
        _key(game_id, "a game id"): _seats(levels, game_id)
        for game_id, levels in _mapping(top.get("computers", {}), "its computers' games", MAX_GAMES).items()
    }
    return games, [_key(key, "a counted game") for key in counted], computers


def _seats(seats: Any, game_id: str) -> dict[str, dict[str, Any]]:
    where = f"the players of {_quoted(game_id)}"
    return {
        _key(name, f"a name in {where}"): _tally(tally, _Words(lambda name=name: f"{_quoted(name)} in {_quoted(game_id)}"))
        for name, tally in _mapping(seats, where, MAX_NAMES).items()
    }


class _Words:
    """Words naming a place in the file, worked out only if a problem is told there
    (a file of 100,000 names would spend seconds quoting names that are fine)."""

    def __init__(self, make: Callable[[], str]) -> None:
        self.make = make

    def __str__(self) -> str:
        return self.make()


def _quoted(name: str) -> str:
    """A game id or a name from the file, in quotes: whatever it holds (".", "a. b",
    nothing at all), the sentence naming it stays one clear sentence; quotes inside
    it become straight ones, so the name's own quotes never close it."""
    return "“" + plain(name, 40).replace("“", '"').replace("”", '"') + "”"


def _tally(tally: Any, who: _Words) -> dict[str, Any]:
    fields = _mapping(tally, _Words(lambda: f"the record of {who}"), 16)
    played = _count(fields.get("played", 0), _Words(lambda: f"the number of games played by {who}"), MAX_GAMES_PLAYED)
    won = _count(fields.get("won", 0), _Words(lambda: f"the number of games won by {who}"), played)
    total = fields.get("total", 0)
    if not _whole(total) or abs(total) > MAX_SCORE * max(played, 1):
        raise RecordsDamaged(f"the total score of {who} is not a whole number in range")
    best = fields.get("best")
    if best is not None and not (_whole(best) and abs(best) <= MAX_SCORE):
        raise RecordsDamaged(f"the best score of {who} is not a whole number in range")
    reached = _mapping(fields.get("achievements", {}), _Words(lambda: f"the achievements of {who}"), MAX_ACHIEVEMENTS)
    achievements = {
        _key(words, _Words(lambda: f"an achievement of {who}")):
            _count(times, _Words(lambda: f"an achievement count of {who}"), played)
        for words, times in reached.items()
    }  # fmt: skip
    stood_in = _count(fields.get("stood_in", 0), _Words(lambda: f"the number of games a computer played in for {who}"),
                      played)
    return {"played": played, "won": won, "best": best, "total": total, "achievements": achievements,
            "stood_in": stood_in}  # fmt: skip


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(value: Any, what: str | _Words, most: int) -> int:
    if not _whole(value) or not 0 <= value <= most:
        raise RecordsDamaged(f"{what} is not a whole number from 0 to {most}")
    return value


def _mapping(value: Any, what: str | _Words, most: int) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordsDamaged(f"{what} is not a map")
    if len(value) > most:
        raise RecordsDamaged(f"{what} has more than {most} entries")
    return value


def _sequence(value: Any, what: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise RecordsDamaged(f"{what} is not a list")
    if len(value) > most:
        raise RecordsDamaged(f"{what} has more than {most} entries")
    return value


def _key(value: Any, what: str | _Words) -> str:
    if not isinstance(value, str) or len(value) > MAX_KEY:
        raise RecordsDamaged(f"{what} is not a text of at most {MAX_KEY} characters")
    return value
