"""Every printed component of Riverside, as data: the score sheet, the dice, the
river tiles and the ship's track.

The rulebook names the components but does not print their numbers; each number
here was chosen to fit every sentence of the rulebook and its worked examples.
docs/components.md (section "Riverside") gives the sentence each one rests on.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- colours and excursions ---------------------------------------------------------

COLOURS: tuple[str, ...] = ("white", "yellow", "brown", "blue", "pink")
"""The five guide boats and base dice, in the order the score sheet prints them."""

WHITE, YELLOW, BROWN, BLUE, PINK = range(5)

CHURCH = "church"
"""The stave church, which scores on the stave church boat instead of a guide boat."""

LETTERS: dict[str, str] = {
    "white": "W",
    "yellow": "Y",
    "brown": "B",
    "blue": "U",
    "pink": "P",
    CHURCH: "S",
    "green": "G",
}
"""One letter per colour, so no colour is ever shown by colour alone."""

EXCURSIONS: dict[str, str] = {
    "white": "Northern lights",
    "yellow": "Polar bear safari",
    "brown": "Mountain climbing",
    "blue": "Reindeer trip",
    "pink": "Ice fishing",
    CHURCH: "Local brew house",
}

# --- dice ------------------------------------------------------------------------------

DIE_FACES = 6

# --- the score sheet -----------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One row of seats on a guide boat, its ticket and its bonus."""

    seats: int
    ticket: int
    bonus_seats: int
    bonus_boat: int


@dataclass(frozen=True)
class Boat:
    """A guide boat: four rows, two royal seats (row, seat) and its royal power."""

    colour: str
    rows: tuple[Row, Row, Row, Row]
    royal_seats: tuple[tuple[int, int], tuple[int, int]]
    power: str


ROW_KINDS: dict[str, tuple[int, int, int]] = {
    "short": (3, 3, 1),
    "medium": (4, 4, 1),
    "long": (5, 6, 2),
    "longest": (6, 8, 2),
}
"""(seats, ticket points, bonus seats) of each kind of row: short rows carry low
ticket points and a 1-seat bonus, long rows high ticket points and a 2-seat bonus."""


def _row(kind: str, bonus_boat: int) -> Row:
    seats, ticket, bonus_seats = ROW_KINDS[kind]
    return Row(seats, ticket, bonus_seats, bonus_boat)


EARLY_BIRDS = "early_birds"
FAN_BASE = "fan_base"
PRIZE_TICKET = "prize_ticket"
WARM_NIGHT = "warm_night"
SPEED_BOAT = "speed_boat"

BOATS: tuple[Boat, ...] = (
    Boat(
        "white",
        (_row("long", WHITE), _row("short", PINK), _row("medium", BROWN), _row("longest", YELLOW)),
        royal_seats=((1, 1), (2, 3)),
        power=PRIZE_TICKET,
    ),
    Boat(
        "yellow",
        (_row("short", BLUE), _row("long", BROWN), _row("medium", PINK), _row("longest", WHITE)),
        royal_seats=((1, 2), (2, 1)),
        power=EARLY_BIRDS,
    ),
    Boat(
        "brown",
        (_row("medium", YELLOW), _row("longest", BLUE), _row("short", WHITE), _row("long", PINK)),
        royal_seats=((0, 2), (2, 1)),
        power=FAN_BASE,
    ),
    Boat(
        "blue",
        (_row("short", BROWN), _row("medium", YELLOW), _row("longest", PINK), _row("long", BLUE)),
        royal_seats=((1, 2), (2, 4)),
        power=WARM_NIGHT,
    ),
    Boat(
        "pink",
        (_row("medium", WHITE), _row("short", BLUE), _row("long", BROWN), _row("longest", YELLOW)),
        royal_seats=((0, 1), (1, 2)),
        power=SPEED_BOAT,
    ),
)
"""The five guide boats, top row first. Every boat receives 6 bonus seats in all."""

ROWS_PER_BOAT = 4

POWERS: tuple[str, ...] = tuple(boat.power for boat in BOATS)
"""Royal power ids, indexed like the boats whose royal seats activate them."""

POWER_NAMES: dict[str, str] = {
    EARLY_BIRDS: "Early birds",
    FAN_BASE: "Fan base",
    PRIZE_TICKET: "Prize ticket",
    WARM_NIGHT: "Warm night",
    SPEED_BOAT: "Speed boat",
}

POWER_PHASE: dict[str, int] = {
    EARLY_BIRDS: 3,
    FAN_BASE: 2,
    PRIZE_TICKET: 3,
    WARM_NIGHT: 2,
    SPEED_BOAT: 3,
}
"""The phase in which each royal power is used."""

POWER_TEXT: dict[str, str] = {
    EARLY_BIRDS: "In phase 3, go on excursions in 2 different villages this round.",
    FAN_BASE: "In phase 2, add 3 to your dice value this round (no fire for it).",
    PRIZE_TICKET: "In phase 3, add 1 ticket to one colour (or stave church) you score this round.",
    WARM_NIGHT: "In phase 2, cross no fire symbols for the green die this round.",
    SPEED_BOAT: "In phase 3, your range is 6 instead of 3 this round.",
}

FIRE_SYMBOLS = 25
PLUS_ONE_SYMBOLS = 3
EXCURSION_BOXES = 4
"""Excursion scoring boxes on each guide boat."""
CHURCH_BOXES = 4
"""Scoring boxes on the stave church boat."""

BASE_RANGE = 3
SPEED_BOAT_RANGE = 6
FAN_BASE_BONUS = 3

# --- final scoring ------------------------------------------------------------------

CAPTAIN_REWARD = 15
SOLO_CAPTAIN_TARGET = 50
SOLO_VICTORY = 300
EXTENSION_ACHIEVEMENT_OFFSET = 25

ACHIEVEMENTS: tuple[tuple[int, str], ...] = (
    (0, "You must explain yourself to the captain."),
    (200, "The captain treats you as a trainee."),
    (225, "Decent. The captain believes in you."),
    (250, "Good. Wear your uniform with pride."),
    (275, "Very good! You get a pay raise."),
    (300, "Impressive! You get a seat at the captain's table."),
    (325, "Fantastic! The captain honors you during dinner."),
    (350, "Excellent! You get national attention!"),
    (375, "Nominated for the best tour guide!"),
    (400, "You are the attraction! The tour is just a bonus."),
)
"""(lowest score, achievement), lowest first."""

# --- the river ---------------------------------------------------------------------


@dataclass(frozen=True)
class RiverTile:
    """A river tile: its ship spaces, the one village on it, and its passage.

    ``village`` lists (colour or "church", value) pairs: one pair for most
    villages, two or three for villages of several colours. ``pier`` and
    ``passage`` are indices of the tile's spaces in the ship's direction of travel
    (the tile is turned for the south row, so that order is the same in both rows).
    """

    id: str
    village: tuple[tuple[str, int], ...]
    pier: int
    passage: int | None


SPACES_PER_TILE = 3
EAST_TILE_SPACES = 2
"""Spaces on the east tile, where the ship turns from the north row to the south row."""
PASSAGE_LENGTH = 2
"""Spaces counted through a north/south passage between the two tiles of a column."""

RIVER_TILES: tuple[RiverTile, ...] = (
    RiverTile("R1", (("white", 11),), pier=0, passage=1),
    RiverTile("R2", (("yellow", 11),), pier=2, passage=1),
    RiverTile("R3", (("brown", 10),), pier=1, passage=1),
    RiverTile("R4", (("blue", 10),), pier=0, passage=1),
    RiverTile("R5", (("pink", 10),), pier=2, passage=1),
    RiverTile("R6", (("pink", 6), ("yellow", 5)), pier=1, passage=1),
    RiverTile("R7", (("yellow", 4), ("blue", 7)), pier=0, passage=1),
    RiverTile("R8", (("white", 9), ("blue", 4)), pier=2, passage=1),
    RiverTile("R9", (("brown", 7), ("pink", 5)), pier=1, passage=1),
    RiverTile("R10", ((CHURCH, 2),), pier=0, passage=1),
)
"""The 10 river tiles of the standard game."""

EXTENSION_TILES: tuple[RiverTile, ...] = (
    RiverTile("X1", (("pink", 5), ("blue", 4), ("brown", 5)), pier=1, passage=1),
    RiverTile("X2", (("white", 12),), pier=2, passage=None),
)
"""The 2 extension tiles: a village of three colours, and a tile without a passage."""

TILES: dict[str, RiverTile] = {tile.id: tile for tile in RIVER_TILES + EXTENSION_TILES}
