"""Ratings per game, by openskill (Plackett-Luce: ranks and scores of up to six
seats at once), kept in ``ratings.json`` beside ``records.json``.

Every finished game that `players.record_game` counts updates the ratings of its
game's ladder (each game apart): people by name, computer seats by level
("easy", "normal", "hard", "random"). Each seat is a team of one, placed by its
final score. Left out of a game's rating (docs/decisions/0026): a seat that
asked for hints, a person's seat a computer played some of (a stand-in or a
turn whose time ran out), a name that sits twice; the others are rated among
themselves, if at least two remain. A level seated twice or more is rated as
each of its seats, and its rating moves by their mean change. A game that never
ends is never rated.

The file is untrusted like records.json (decision 0011): a regular file of at
most `MAX_FILE_BYTES`, its numbers through `saves.numbers`, its shape checked
in `parse`; one that cannot be used is set aside (``ratings.json.damaged``) when
the next game is rated, and the ratings begin again.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..saves.files import write_atomically
from ..saves.locations import data_dir
from .json_file import json_body, read_or_problem

FILE_NAME = "ratings.json"
VERSION = 1
MAX_FILE_BYTES = 8 << 20
MAX_GAMES = 64
MAX_NAMES = 10_000
"""Rated names per game; a new name beyond it is not rated."""
MAX_KEY = 512
TREND = 10
"""Ratings kept after each of the last games, for the trend."""
MAX_FIGURE = 1e4
"""The largest mu or sigma the file may hold (openskill's start: 25 and 8.33)."""

START_MU, START_SIGMA = 25.0, 25.0 / 3
"""A newcomer's rating: openskill's own start."""
COMPUTER_LEVEL = {"greedy": "easy"}
"""How a computer seat's kind reads as a level."""


@dataclass
class Rating:
    """One name's (or level's) rating in one game: openskill's mu and sigma, the
    games rated, and its shown rating after each of the last `TREND` of them."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0
    trend: list[float] = field(default_factory=list)

    @property
    def shown(self) -> float:
        """The rating shown: openskill's ordinal, mu - 3 sigma (0 for a newcomer),
        a figure the player is almost surely above."""
        return self.mu - 3 * self.sigma

    def change(self) -> float | None:
        """How the shown rating moved over the kept games (None before two)."""
        return self.trend[-1] - self.trend[0] if len(self.trend) >= 2 else None


@dataclass
class Ladder:
    """One game's ratings: people by name, computers by level."""

    people: dict[str, Rating] = field(default_factory=dict)
    computers: dict[str, Rating] = field(default_factory=dict)

    def ranked(self) -> list[tuple[str, bool, Rating]]:
        """(name or level, is a computer, rating), the highest shown rating first."""
        rows = [(n, False, r) for n, r in self.people.items()] + [(n, True, r) for n, r in self.computers.items()]
        return sorted(rows, key=lambda row: (-row[2].shown, row[1], row[0]))

    def rank_of(self, name: str) -> tuple[int, int] | None:
        """A person's place on the ladder (1 is the top) and the ladder's length."""
        rows = self.ranked()
        for place, (who, computer, _) in enumerate(rows, start=1):
            if who == name and not computer:
                return place, len(rows)
        return None


@dataclass
class Ratings:
    ladders: dict[str, Ladder] = field(default_factory=dict)
    problem: str | None = None
    """Why the file on disk cannot be used, in a few words."""


class RatingsDamaged(ValueError):
    """``ratings.json`` is not what River TUI writes; ``str()`` says how."""


def ratings_path() -> Path:
    return data_dir() / FILE_NAME


def level_of(kind: str) -> str:
    return COMPUTER_LEVEL.get(kind, kind)


# --- rating a game ------------------------------------------------------------------
@dataclass(frozen=True)
class RatedSeat:
    """A seat of a finished game as the ratings see it."""

    name: str
    computer: str | None
    """The computer player's kind (None: a person)."""
    score: float
    left_out: bool = False
    """Asked for hints, or a computer stood in for its person."""


def rate_game(ratings: Ratings, game_id: str, seats: list[RatedSeat]) -> None:
    """Update ``game_id``'s ladder in ``ratings`` by one finished game."""
    ladder = ratings.ladders.setdefault(game_id, Ladder())
    names = [s.name for s in seats if s.computer is None]
    rated = [s for s in seats if not s.left_out and (s.computer is not None or names.count(s.name) == 1)]
    rated = [s for s in rated if _room(ladder, s)]
    if len(rated) < 2:
        return
    from openskill.models import PlackettLuce  # only when a game is rated: records and screens load without it

    model = PlackettLuce()
    entries = [_entry(ladder, s) for s in rated]
    teams = [[model.rating(mu=e.mu, sigma=e.sigma)] for e in entries]
    new = model.rate(teams, scores=[s.score for s in rated])
    changes: dict[int, list[tuple[float, float]]] = {}
    for entry, before, [after] in zip(entries, teams, new):
        changes.setdefault(id(entry), []).append((after.mu - before[0].mu, after.sigma - before[0].sigma))
    for entry in {id(e): e for e in entries}.values():
        moved = changes[id(entry)]
        entry.mu += sum(m for m, _ in moved) / len(moved)
        entry.sigma += sum(s for _, s in moved) / len(moved)
        entry.games += 1
        entry.trend = [*entry.trend, round(entry.shown, 3)][-TREND:]


def _entry(ladder: Ladder, seat: RatedSeat) -> Rating:
    if seat.computer is None:
        return ladder.people.setdefault(seat.name, Rating())
    return ladder.computers.setdefault(level_of(seat.computer), Rating())


def _room(ladder: Ladder, seat: RatedSeat) -> bool:
    """Whether the seat's rating is kept (a new name past `MAX_NAMES` is not)."""
    if seat.computer is None:
        return seat.name in ladder.people or len(ladder.people) < MAX_NAMES
    return level_of(seat.computer) in ladder.computers or len(ladder.computers) < MAX_NAMES


# --- the file ---------------------------------------------------------------------------
def load() -> Ratings:
    """The ratings on disk; empty, with ``problem`` set, when the file cannot be used."""
    raw, problem = read_or_problem(ratings_path(), MAX_FILE_BYTES)
    if raw is None:
        return Ratings(problem=problem)
    try:
        return Ratings(parse(raw))
    except RatingsDamaged as err:
        return Ratings(problem=str(err))


def save(ratings: Ratings) -> None:
    body = {
        "version": VERSION,
        "games": {
            game_id: {"people": {n: vars(r) for n, r in ladder.people.items()},
                      "computers": {n: vars(r) for n, r in ladder.computers.items()}}
            for game_id, ladder in ratings.ladders.items()
        },
    }
    write_atomically(ratings_path(), json.dumps(body, indent=1, sort_keys=True).encode())


def parse(raw: bytes) -> dict[str, Ladder]:
    """The ladders in ``raw``; RatingsDamaged if it is not the shape River TUI writes."""
    body = json_body(raw, MAX_FILE_BYTES, RatingsDamaged)
    if not isinstance(body, dict) or type(body.get("version")) is not int or body["version"] < 1:
        raise RatingsDamaged("its version is not a whole number from 1")
    if body["version"] > VERSION:
        raise RatingsDamaged("it was written by a newer River TUI")
    games = _mapping(body.get("games"), "its games", MAX_GAMES)
    return {_key(game_id): _ladder(ladder) for game_id, ladder in games.items()}


def _ladder(value: Any) -> Ladder:
    ladder = _mapping(value, "a game's ladder", 2)
    return Ladder(
        {_key(n): _rating(r) for n, r in _mapping(ladder.get("people", {}), "a ladder's people", MAX_NAMES).items()},
        {_key(n): _rating(r) for n, r in _mapping(ladder.get("computers", {}), "a ladder's computers", MAX_NAMES).items()},
    )


def _rating(value: Any) -> Rating:
    rating = _mapping(value, "a rating", 4)
    if set(rating) != {"mu", "sigma", "games", "trend"}:
        raise RatingsDamaged("a rating is not of the shape River TUI writes")
    trend = rating["trend"]
    if not isinstance(trend, list) or len(trend) > TREND:
        raise RatingsDamaged("a rating's trend is not a short list")
    games = rating["games"]
    if type(games) is not int or not 0 <= games <= 10**9:
        raise RatingsDamaged("a rating's games are not a count")
    sigma = _figure(rating["sigma"])
    if sigma <= 0:
        raise RatingsDamaged("a rating's sigma is not above 0")
    return Rating(_figure(rating["mu"]), sigma, games, [_figure(t) for t in trend])


def _figure(value: Any) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or abs(value) > MAX_FIGURE:
        raise RatingsDamaged("a rating's figure is not a number in range")
    return float(value)


def _mapping(value: Any, what: str, most: int) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RatingsDamaged(f"{what}: not a map")
    if len(value) > most:
        raise RatingsDamaged(f"{what}: more than {most}")
    return value


def _key(value: str) -> str:
    if len(value) > MAX_KEY:  # JSON object keys are always strings
        raise RatingsDamaged(f"a name is longer than {MAX_KEY} characters")
    return value
