"""Riverside's game state: the table (dice, ship, board), each player's score sheet,
and each seat's progress through the current simultaneous phase.

States are immutable: every rule step builds new objects and shares the rest.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, make_dataclass
from typing import TypeVar

from ..rng import Rng
from .board import Board, board_for
from .components import (
    BOATS,
    CHURCH_BOXES,
    EXCURSION_BOXES,
    FIRE_SYMBOLS,
    PLUS_ONE_SYMBOLS,
    POWERS,
    ROWS_PER_BOAT,
)

STANDARD = "standard"
EXTENSION = "extension"
"""The variants: 10 river tiles, or 12 with the two extension tiles."""

T = TypeVar("T")


def evolve(obj: T, **changes: object) -> T:
    """A copy of a frozen state object with some fields changed: `dataclasses.replace`
    without its checks, which the engine calls on almost every step (its fields read
    in one call of an `operator.attrgetter`: twice as fast as one `getattr` each)."""
    cls = type(obj)
    read, place, build = _fields(cls)
    values = list(read(obj))
    for name, value in changes.items():
        if name not in place:
            raise TypeError(f"{cls.__name__} has no field {name!r}")
        values[place[name]] = value
    return build(*values)


_FIELDS: dict[type, tuple[Callable[[object], tuple], dict[str, int], Callable[..., object]]] = {}


def _fields(cls: type) -> tuple[Callable[[object], tuple], dict[str, int], Callable[..., object]]:
    """A getter of every field of ``cls`` in order, each field's place, and the
    quickest way to build one from every field in order."""
    found = _FIELDS.get(cls)
    if found is None:
        names = cls.__match_args__
        read = operator.attrgetter(*names)
        if len(names) == 1:  # a getter of one name gives the value, not a tuple of it
            read = lambda obj, one=read: (one(obj),)  # noqa: E731
        build = _BUILDERS.get(cls, cls)
        found = _FIELDS[cls] = (read, {name: i for i, name in enumerate(names)}, build)
    return found


def quick_builder(cls: type[T]) -> Callable[..., T]:
    """Build a ``cls``, a frozen slotted dataclass, from every field in order, at the
    cost of a plain one. A frozen dataclass's own ``__init__`` sets each field through
    `object.__setattr__`, some 100 ns a field against 15 for an ordinary store: a
    quarter of an action's time in Riverside. This fills a plain twin with the same
    slots, then makes it a ``cls`` (the same slots in the same order allow it): as
    frozen, equal and hashable as one built by ``cls(...)``."""
    twin = make_dataclass(f"Building{cls.__name__}", cls.__match_args__, slots=True, eq=False, repr=False)

    def build(*values: object) -> T:
        obj = twin(*values)
        obj.__class__ = cls
        return obj

    return build


ROW_SEATS: tuple[int, ...] = tuple(row.seats for boat in BOATS for row in boat.rows)
"""Seats of every row, indexed ``boat * 4 + row``."""

BOAT_SEATS: tuple[int, ...] = tuple(sum(row.seats for row in boat.rows) for boat in BOATS)

ROW_TICKETS: tuple[int, ...] = tuple(row.ticket for boat in BOATS for row in boat.rows)


@dataclass(frozen=True, slots=True)
class Sheet:
    """One player's score sheet.

    Seats are crossed from left to right in a row, so a row is the number of its
    crossed seats (``filled``, indexed ``boat * 4 + row``); a row is complete when
    all its seats are crossed, and then its ticket is crossed too.
    ``activated``/``used`` give the round each royal power (indexed like the boats)
    was activated/used, 0 for not yet.
    """

    filled: tuple[int, ...]
    fire: int
    plus_ones: int
    excursions: tuple[tuple[int, ...], ...]
    church: tuple[int, ...]
    activated: tuple[int, ...]
    used: tuple[int, ...]

    @classmethod
    def blank(cls) -> Sheet:
        return cls((0,) * len(ROW_SEATS), 0, 0, ((),) * len(BOATS), (), (0,) * len(POWERS), (0,) * len(POWERS))

    @property
    def fire_left(self) -> int:
        return FIRE_SYMBOLS - self.fire

    @property
    def plus_ones_left(self) -> int:
        return PLUS_ONE_SYMBOLS - self.plus_ones

    def seats(self, boat: int, row: int) -> int:
        return self.filled[boat * ROWS_PER_BOAT + row]

    def row_complete(self, boat: int, row: int) -> bool:
        i = boat * ROWS_PER_BOAT + row
        return self.filled[i] == ROW_SEATS[i]

    def open_rows(self, boat: int) -> tuple[int, ...]:
        """Rows of a boat that still have a vacant seat."""
        base = boat * ROWS_PER_BOAT
        return tuple(r for r in range(ROWS_PER_BOAT) if self.filled[base + r] < ROW_SEATS[base + r])

    def has_vacant_seat(self, boat: int) -> bool:
        base = boat * ROWS_PER_BOAT
        return sum(self.filled[base : base + ROWS_PER_BOAT]) < BOAT_SEATS[boat]

    def tickets(self, boat: int) -> int:
        base = boat * ROWS_PER_BOAT
        return sum(1 for i in range(base, base + ROWS_PER_BOAT) if self.filled[i] == ROW_SEATS[i])

    def all_tickets(self) -> int:
        return sum(1 for have, need in zip(self.filled, ROW_SEATS) if have == need)

    def ticket_points(self, boat: int) -> int:
        base = boat * ROWS_PER_BOAT
        return sum(ROW_TICKETS[i] for i in range(base, base + ROWS_PER_BOAT) if self.filled[i] == ROW_SEATS[i])

    def royal_seats_crossed(self, boat: int) -> int:
        return sum(1 for row, seat in BOATS[boat].royal_seats if self.seats(boat, row) > seat)

    def last_score(self, boat: int | None) -> int | None:
        """The latest excursion score on a guide boat (None: the stave church boat)."""
        boxes = self.church if boat is None else self.excursions[boat]
        return boxes[-1] if boxes else None

    def boxes_left(self, boat: int | None) -> int:
        if boat is None:
            return CHURCH_BOXES - len(self.church)
        return EXCURSION_BOXES - len(self.excursions[boat])


# Stages of a seat's work in a phase.
CHOOSE_DICE = 0
FILL_SEATS = 1
CHOOSE_BONUS = 2
FILL_BONUS = 3
PLAN_EXCURSION = 4
IN_VILLAGE = 5
DONE = 6


@dataclass(frozen=True, slots=True)
class DiceTurn:
    """A seat's progress through this round's phase 2: the chosen dice, the boat
    being filled and the crosses still to place there, completed rows whose bonus
    waits (the player orders them), and crosses lost to full boats."""

    stage: int
    die: int = -1
    green: bool = False
    value: int = 0
    boat: int = -1
    left: int = 0
    pending: tuple[tuple[int, int], ...] = ()
    lost: int = 0

    def crossed(self, pending: tuple[tuple[int, int], ...]) -> DiceTurn:
        """One cross placed (the hot path of every game, hence no `evolve`)."""
        return _build_dice_turn(self.stage, self.die, self.green, self.value, self.boat, self.left - 1, pending, self.lost)

    def at(self, stage: int, boat: int, left: int, pending: tuple[tuple[int, int], ...], lost: int) -> DiceTurn:
        """The same dice, at another stage of filling seats."""
        return _build_dice_turn(stage, self.die, self.green, self.value, boat, left, pending, lost)


@dataclass(frozen=True, slots=True)
class ExcursionTurn:
    """A seat's progress through this round's phase 3: "+1" symbols crossed this
    round, villages still allowed and those visited, the village being scored and
    the colours already scored there."""

    stage: int
    plus: int = 0
    visits: int = 1
    visited: tuple[int, ...] = ()
    village: int = -1
    scored: tuple[str, ...] = ()


PHASE_2_START = DiceTurn(CHOOSE_DICE)
PHASE_3_START = ExcursionTurn(PLAN_EXCURSION)


@dataclass(frozen=True, slots=True)
class Draft:
    """A seat's sheet while it works through a simultaneous phase, and its progress."""

    sheet: Sheet
    turn: DiceTurn | ExcursionTurn


GAME_OVER = 0


@dataclass(frozen=True, slots=True)
class RiversideState:
    """The whole table.

    ``sheets`` are the score sheets as the phase began; each seat works on its own
    ``drafts[seat]`` and commits; when every seat has committed the phase resolves
    and the drafts become the sheets. A view hides other seats' drafts (None).
    ``dice`` holds the green die then the base dice in colour order.
    """

    seats: int
    variant: str
    north: tuple[str, ...]
    south: tuple[str, ...]
    round: int
    phase: int
    dice: tuple[int, ...]
    temperature: int
    ship: int
    sheets: tuple[Sheet, ...]
    drafts: tuple[Draft | None, ...]
    committed: tuple[bool, ...]
    rng: Rng | None

    def with_work(self, drafts: tuple[Draft | None, ...], committed: tuple[bool, ...]) -> RiversideState:
        """The same table after a seat's step (the hot path, hence no `replace`)."""
        return _build_state(
            self.seats, self.variant, self.north, self.south, self.round, self.phase,
            self.dice, self.temperature, self.ship, self.sheets, drafts, committed, self.rng,
        )  # fmt: skip

    @property
    def board(self) -> Board:
        return board_for(self.north, self.south)

    @property
    def green(self) -> int:
        return self.dice[0]

    @property
    def base(self) -> tuple[int, ...]:
        return self.dice[1:]

    def in_heating_area(self, die: int) -> bool:
        """Whether base die ``die`` sits in the heating area (above the temperature)."""
        return self.dice[1 + die] > self.temperature

    @property
    def over(self) -> bool:
        return self.phase == GAME_OVER


_build_state = quick_builder(RiversideState)
_build_dice_turn = quick_builder(DiceTurn)
build_sheet = quick_builder(Sheet)
"""A sheet from all its fields in order, quickly (`quick_builder`)."""
_BUILDERS: dict[type, Callable[..., object]] = {
    RiversideState: _build_state, DiceTurn: _build_dice_turn, Sheet: build_sheet,
    ExcursionTurn: quick_builder(ExcursionTurn),
}
"""The classes built on almost every step, and their quick builders (`evolve` uses them)."""
