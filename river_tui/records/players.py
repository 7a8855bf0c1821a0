"""Each player's record: games played and won per game and seat name, best and
mean scores, and the achievements reached (in a game that has a table of them).

The record is one small JSON file in the data folder, rewritten atomically. A
finished game is counted once, however often it is saved or loaded again: the
record remembers which games (game id, start time and seed) it has counted.
A finished game comes as its plain figures (`FinishedGame`: names, scores,
winners, achievements), never as a table.
The file is untrusted: only a regular file is read, at most `MAX_FILE_BYTES`,
and its shape is checked in one place (`schema.parse`). Reading never changes
it. A file that cannot be used is set aside when the next game ends, as
``records.json.damaged`` (then ``.damaged-2``, ...), never overwritten, and the
records go on from ``records.json.bak`` (the file before the last write) if
that one can be used.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import NamedTuple

from ..safe_text import plain
from ..saves.files import write_atomically
from ..saves.locations import data_dir
from ..saves.lock import open_lock_file
from . import ratings
from .json_file import read_or_problem
from .schema import MAX_COUNTED, MAX_FILE_BYTES, MAX_NAMES, VERSION, RecordsDamaged, parse

FILE_NAME = "records.json"
MAX_DAMAGED_COPIES = 1000
_lock = threading.Lock()  # several SSH sessions may finish games in one process
LOCK_WAIT = 2.0
"""Seconds a finished game waits for another River TUI to write the records."""


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
    stood_in: int = 0
    """Games of these in which a computer played some of this person's moves (a
    computer standing in while they were gone, or a turn whose time ran out)."""

    @property
    def mean(self) -> float:
        return self.total / self.played if self.played else 0.0

    def add(self, score: int, won: bool, achievement: str | None, stood_in: bool = False) -> None:
        self.played += 1
        self.won += won
        self.stood_in += stood_in
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
    """Why the file on disk cannot be used, in a few words (it is then kept aside, not lost)."""
    computers: dict[str, dict[str, SeatTally]] = field(default_factory=dict)
    """The computer seats' tallies, by game id then seat name and level ("Computer 1
    (normal)", `computer_label`): apart from the people's, so a person called
    "Computer 1" keeps a record of their own. (Files written before kept one tally
    per level, "Computer (normal)", shown as they are.)"""

    def tally(self, game_id: str, name: str) -> SeatTally:
        return self.games.setdefault(game_id, {}).setdefault(name, SeatTally())

    def computer_tally(self, game_id: str, label: str) -> SeatTally:
        return self.computers.setdefault(game_id, {}).setdefault(label, SeatTally())


class FinishedSeat(NamedTuple):
    """One seat of a finished game, as the records count it."""

    name: str
    computer: str | None
    """The computer player that played the seat (None: a person)."""
    score: int
    won: bool
    achievement: str | None
    """The line of the game's achievements table reached (`Game.achievement`)."""
    hinted: bool = False
    """The seat asked for hints (its rating is left as it was: `ratings`)."""


@dataclass(frozen=True)
class FinishedGame:
    """A finished game's figures, what the records take of it."""

    game_id: str
    key: str
    """The game as the records tell it from others: its game id, start time and seed
    (`game_key`); each game counts once."""
    seats: tuple[FinishedSeat, ...]


def game_key(game_id: str, created: str, seed: int) -> str:
    return f"{game_id}|{created}|{seed}"


def computer_label(name: str, kind: str) -> str:
    """How the records name a computer seat: its name and its level, as the setup
    offers it ("Computer 2 (normal)"): each computer seat of a game is a row of its own."""
    return f"{name} ({'easy' if kind == 'greedy' else kind})"


def computer_labels(game: FinishedGame) -> dict[int, str]:
    """The records' label of each computer seat of ``game``; two seats of one name
    and level are told apart by their seat number."""
    labels = {seat: computer_label(who.name, who.computer) for seat, who in enumerate(game.seats) if who.computer is not None}
    shared = {label for label in labels.values() if list(labels.values()).count(label) > 1}
    return {seat: f"{label[:-1]}, seat {seat + 1})" if label in shared else label for seat, label in labels.items()}


def load() -> Records:
    """The records on disk; empty, with ``problem`` set, when the file cannot be used."""
    return _read(records_path())


def _read(path: Path) -> Records:
    raw, problem = read_or_problem(path, MAX_FILE_BYTES)
    if raw is None:
        return Records(problem=problem)
    try:
        games, counted, computers = parse(raw)
    except RecordsDamaged as err:
        return Records(problem=str(err))
    return Records(_tallies(games), counted, computers=_tallies(computers))


def _tallies(games: dict) -> dict[str, dict[str, SeatTally]]:
    return {game_id: {name: SeatTally(**tally) for name, tally in seats.items()} for game_id, seats in games.items()}


def save(records: Records) -> None:
    """Write the records atomically, within the limits `schema.parse` reads."""
    body = {
        "version": VERSION,
        "games": {g: {n: asdict(t) for n, t in seats.items()} for g, seats in records.games.items()},
        "computers": {g: {n: asdict(t) for n, t in levels.items()} for g, levels in records.computers.items()},
        "counted": records.counted[-MAX_COUNTED:],  # the oldest games are forgotten first
    }
    write_atomically(records_path(), json.dumps(body, indent=1, sort_keys=True).encode())


def best_achievement(tally: SeatTally, table: tuple[str, ...]) -> str | None:
    """The highest line of a game's achievements ``table`` (lowest first,
    `Game.achievements`) this seat name has reached."""
    return max((a for a in tally.achievements if a in table), key=table.index, default=None)


@dataclass(frozen=True)
class Recorded:
    """What `record_game` did: whether it added the game (the truth value), and one
    sentence for the players when the records could not be used or written."""

    added: bool
    notice: str | None = None

    def __bool__(self) -> bool:
        return self.added


def record_game(game: FinishedGame | None, stood_in: frozenset[int] = frozenset()) -> Recorded:
    """Add a finished game to the records, once (None: a game not finished, never
    recorded). A records file that cannot be used is set aside first; a write that
    fails leaves the game out and says so. ``stood_in``: the people's seats a
    computer played some moves of (a server's stand-ins and turn timers), marked so
    in those people's records."""
    if game is None:
        return Recorded(False)
    notice = None
    try:
        with _lock, _one_writer():
            records = load()
            if records.problem is not None:
                problem, kept = records.problem, set_aside(records_path())
                backup = _read(records_path().with_name(f"{FILE_NAME}.bak"))  # the file before the last write
                records = backup if backup.problem is None else Records()
                goes_on = ("your records go on from the copy kept before the last game" if records.counted
                           else "a new record begins with this game")  # fmt: skip
                notice = f"Your records file could not be used ({plain(problem, 200)}): it is kept as {kept.name} and {goes_on}."
            if game.key in records.counted:
                return Recorded(False, notice)
            labels = computer_labels(game)
            for seat, who in enumerate(game.seats):
                if who.computer is not None:
                    computers = records.computers.get(game.game_id, {})
                    if labels[seat] in computers or len(computers) < MAX_NAMES:
                        records.computer_tally(game.game_id, labels[seat]).add(who.score, who.won, who.achievement)
                    continue
                seats = records.games.get(game.game_id, {})
                if who.name in seats or len(seats) < MAX_NAMES:
                    records.tally(game.game_id, who.name).add(who.score, who.won, who.achievement, seat in stood_in)
            records.counted.append(game.key)
            save(records)
            notice = _rate(game, stood_in) or notice
    except OSError as err:
        return Recorded(False, f"This game could not be added to your records ({plain(err.strerror or err, 200)}).")
    return Recorded(True, notice)


def _rate(game: FinishedGame, stood_in: frozenset[int]) -> str | None:
    """Update the game's ladder in ratings.json by ``game`` (under the records'
    lock); a sentence when the file could not be used or written."""
    current = ratings.load()
    notice = None
    if current.problem is not None:
        kept = set_aside(ratings.ratings_path())
        notice = (f"Your ratings file could not be used ({plain(current.problem, 200)}): it is kept as {kept.name} "
                  "and the ratings begin again with this game.")
        current = ratings.Ratings()
    seats = [ratings.RatedSeat(s.name, s.computer, s.score, s.hinted or index in stood_in)
             for index, s in enumerate(game.seats)]
    ratings.rate_game(current, game.game_id, seats)
    try:
        ratings.save(current)
    except OSError as err:
        return f"The ratings could not be updated ({plain(err.strerror or err, 200)})."
    return notice


@contextmanager
def _one_writer() -> Iterator[None]:
    """Hold the records for one read-and-write, against other River TUI processes
    (an OS lock beside the file, dropped with its process). A lock that cannot be
    had in `LOCK_WAIT` seconds, or at all (a read-only folder), is gone without:
    a game is never held up longer than that."""
    path = records_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # then there is no lock, and the write says why it failed
    fd = open_lock_file(path.with_name(f".{FILE_NAME}.lock"))
    deadline = time.monotonic() + LOCK_WAIT
    while fd is not None and time.monotonic() < deadline:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            time.sleep(0.01)
        except OSError:
            break  # a file system without locks
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)  # drops the lock


def set_aside(path: Path) -> Path:
    """Keep a records file that cannot be used under the first free name of
    ``records.json.damaged``, ``.damaged-2``, ...; an earlier copy is never replaced."""
    for number in range(1, MAX_DAMAGED_COPIES + 1):
        kept = path.with_name(f"{path.name}.damaged" + (f"-{number}" if number > 1 else ""))
        try:
            os.link(path, kept, follow_symlinks=False)  # fails if `kept` exists: nothing is overwritten
        except FileExistsError:
            continue
        except OSError as err:
            if err.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EMLINK, errno.EXDEV):
                raise
            if os.path.lexists(kept):  # a folder, or a file system without hard links: rename it
                continue
            os.rename(path, kept)
            return kept
        os.unlink(path)
        return kept
    raise OSError(errno.EEXIST, f"{MAX_DAMAGED_COPIES} damaged copies of the records are kept already")
