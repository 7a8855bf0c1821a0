"""What a move changed on the board of Flow, as one seat's view shows it: the tile
placed (its face, which way it is turned, where), a reservation, the territories
it closed, and the turns skipped by seats that could place nothing."""

from __future__ import annotations

from collections.abc import Callable

from ..changes import Changes
from .board import FACES, LAIR_FACE_IDS, square_name
from .components import SPECIES
from .state import FlowState, Territory

PLACED, CLOSED = "Tiles placed", "Territories closed"
HEADINGS = (PLACED, CLOSED)


def seat_name(seat: int) -> str:
    """The table replaces "Seat N" with the seat's name."""
    return f"Seat {seat + 1}"


def seat_and_species(seat: int) -> str:
    """"Seat 2 (Otter)": the seat's name at the table, and the animal its tiles show."""
    return f"{seat_name(seat)} ({SPECIES[seat].short})"


def placed(who: str, code: int, square: int) -> str:
    """"Seat 2 placed Madeira (lair) on D3, turned 90°" for a placed tile's code."""
    face = FACES[code // 4]
    lair = " (lair)" if face.id in LAIR_FACE_IDS else ""
    return f"{who} placed {face.name}{lair} on {square_name(square)}, turned {code % 4 * 90}°"


def changes(before: FlowState, after: FlowState, actor: int) -> Changes:
    marks: set = set()
    lines: list[tuple[str, str]] = []
    who = seat_name(actor)
    for square, (old, new) in enumerate(zip(before.tiles, after.tiles)):
        if old != new and new >= 0:
            marks.add(("square", square))
            lines.append((PLACED, placed(who, new, square)))
    for seat, (old, new) in enumerate(zip(before.reservations, after.reservations)):
        if new >= 0 and old != new:
            marks.add(("square", new))
            lines.append((PLACED, f"{seat_name(seat)} reserved {square_name(new)}"))
    for territory in after.territories[len(before.territories):]:
        marks.update(("pass", square, river) for square, river in territory.steps)
        lines.append((CLOSED, territory_line(territory, seat_name).removesuffix(".")))
    for turn in range(before.turn + 1, after.turn):
        lines.append((PLACED, f"{seat_name(turn % after.seats)} could place nothing and skipped the turn"))
    return Changes(frozenset(marks), tuple(lines))


def territory_line(territory: Territory, name: Callable[[int], str] = seat_name) -> str:
    """"Seat 1 closed a single territory (L=6): Seat 2 +6" (seats called by ``name``)."""
    gains = ", ".join(f"{name(seat)} +{points}" for seat, points in territory.points().items())
    article = "an" if territory.title[0] in "aeiou" else "a"
    return f"{name(territory.placer)} closed {article} {territory.title} (L={territory.length}): {gains}."
