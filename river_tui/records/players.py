"""Each player's record: games played and won per game and seat name, best and
mean scores, and the Riverside achievements reached.

The record is one small JSON file in the data folder, rewritten atomically. A
finished game is counted once, however often it is saved or loaded again: the
record remembers which games (game id, start time and seed) it has counted.
A damaged file is set aside, never silently overwritten.
"""

from __future__ import annotations

import json
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..rules.core import Result
from ..saves.locations import data_dir
from ..saves.store import write_atomically
from ..table import Table

FILE_NAME = "records.json"
VERSION = 1
_lock = threading.Lock()  # several SSH sessions may finish games in one process


def records_path() -> Path:
    return data_dir() / FILE_NAME


@dataclass
class SeatTally:
    """One seat name's record in one game."""

    played: int = 0
    won: int = 0  # a shared victory counts as won
    best: int | None = None
    total: int = 0
    achievements: dict[str, int] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.played if self.played else 0.0

    def add(self, score: int, won: bool, achievement: str | None) -> None:
        self.played += 1
        self.won += won
        self.total += score
        self.best = score if self.best is None else max(self.best, score)
        if achievement:
            self.achievements[achievement] = self.achievements.get(achievement, 0) + 1


@dataclass
class Records:
    """Every tally, by game id then seat name, and the games already counted."""

    games: dict[str, dict[str, SeatTally]] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)
    problem: str | None = None
    """Why the file on disk could not be read (it is then kept aside, not lost)."""

    def tally(self, game_id: str, name: str) -> SeatTally:
        return self.games.setdefault(game_id, {}).setdefault(name, SeatTally())


def game_key(table: Table) -> str:
    return f"{table.game.id}|{table.created}|{table.seed}"


def load() -> Records:
    """The records on disk; empty (with ``problem`` set) when the file is damaged."""
    path = records_path()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Records()
    except (OSError, ValueError) as err:
        return Records(problem=f"The records file {path.name} cannot be read ({err}).")
    try:
        if raw["version"] > VERSION:
            return Records(problem=f"The records file {path.name} was written by a newer River TUI.")
        games = {
            game_id: {name: SeatTally(**tally) for name, tally in seats.items()}
            for game_id, seats in raw["games"].items()
        }
        return Records(games, [str(key) for key in raw["counted"]])
    except (KeyError, TypeError, AttributeError):
        return Records(problem=f"The records file {path.name} is damaged.")


def save(records: Records) -> None:
    body = {
        "version": VERSION,
        "games": {g: {n: asdict(t) for n, t in seats.items()} for g, seats in records.games.items()},
        "counted": records.counted,
    }
    write_atomically(records_path(), json.dumps(body, indent=1, sort_keys=True).encode())


def riverside_achievement(note: str) -> str | None:
    """The line of Riverside's achievements table a seat's score note names."""
    from ..rules.riverside.components import ACHIEVEMENTS

    return next((words for _, words in reversed(ACHIEVEMENTS) if words in note), None)


def best_achievement(tally: SeatTally) -> str | None:
    """The highest line of Riverside's achievements table this seat name has reached."""
    from ..rules.riverside.components import ACHIEVEMENTS

    order = [words for _, words in ACHIEVEMENTS]
    return max((a for a in tally.achievements if a in order), key=order.index, default=None)


def achievements(game_id: str, result: Result, seats: int) -> list[str | None]:
    """Per seat, the achievement reached. Riverside's result carries one note per
    seat naming it ("You may use this table to check how well you performed,
    regardless of player count."); the other games have none."""
    if game_id != "riverside" or len(result.notes) != seats:
        return [None] * seats
    return [riverside_achievement(note) for note in result.notes]


def record_game(table: Table) -> bool:
    """Add a finished table to the records, once. Returns whether it was added."""
    result = table.result()
    if result is None:
        return False
    with _lock:
        records = load()
        if records.problem is not None:
            _set_aside(records_path())
            records = Records()
        key = game_key(table)
        if key in records.counted:
            return False
        reached = achievements(table.game.id, result, len(table.seats))
        for seat, (who, score) in enumerate(zip(table.seats, result.scores)):
            records.tally(table.game.id, who.name).add(score, seat in result.winners, reached[seat])
        records.counted.append(key)
        save(records)
    return True


def _set_aside(path: Path) -> None:
    """Keep a damaged records file beside the new one, so nothing is lost."""
    if path.exists():
        path.replace(path.with_name(path.name + ".damaged"))
