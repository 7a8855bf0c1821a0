"""What a move changed on the board of Flow, as one seat's view shows it: the tile
placed (its face, which way it is turned, where), a reservation, the territories
it closed, and the turns skipped by seats that could place nothing."""

from __future__ import annotations

from collections.abc import Callable

from ..changes import Changes
from ..voice import ADVICE, Voice
from .actions import PlaceReservation, PlaceTile
from .board import DISTINCT_ROTATIONS, FACE_INDEX, FACES, LAIR_FACE_IDS, square_name
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


def describe(
    state: FlowState, seat: int, action: PlaceTile | PlaceReservation, turned: bool = False, voice: Voice | None = None
) -> str:
    """"Seat 2 (Otter) placed a bend on D3." (``turned``: "placed a bend on D3,
    turned 90°", for a tile whose turns look different); in the `ADVICE` voice,
    what to do: "Place a bend on D3."."""
    v = voice or Voice(seat_and_species(seat))
    if isinstance(action, PlaceReservation):
        return f"{v.did('reserved', 'reserve')} {square_name(action.square)}."
    where = square_name(action.square)
    if state.reservations[seat] == action.square:
        where += f" ({v.their} reserved square)"
    turn = f", turned {action.rotation * 90}°," if turned and len(DISTINCT_ROTATIONS[action.tile]) > 1 else ""
    face = FACES[FACE_INDEX[action.tile]]
    if action.tile in LAIR_FACE_IDS:
        return (
            f"{v.did('placed', 'place')} the lair tile {face.name} on {where}{turn}"
            f" and {v.also('put', 'put')} a lair token on it."
        )
    return f"{v.did('placed', 'place')} a {face.name} on {where}{turn.rstrip(',')}."


def describe_in_full(state: FlowState, seat: int, action: PlaceTile | PlaceReservation) -> str:
    """The move with how its tile is turned: the analysis and the hints name two
    placements of one tile on one square side by side, and they must read apart."""
    return describe(state, seat, action, turned=True)


def describe_as_advice(state: FlowState, seat: int, action: PlaceTile | PlaceReservation) -> str:
    return describe(state, seat, action, turned=True, voice=ADVICE)


def events(before: FlowState, after: FlowState) -> list[str]:
    """The log's lines for what followed a move: territories closed, a tile drawn,
    reservations lifted, turns skipped, the end."""
    lines = [territory_line(t) for t in after.territories[len(before.territories):]]
    if after.pile_size < before.pile_size:
        lines.append(f"{seat_name(before.turn_seat)} drew a river tile.")
    for seat, (old, new) in enumerate(zip(before.reservations, after.reservations)):
        if old >= 0 and new < 0 and after.tiles[old] < 0:
            lines.append(
                f"{seat_name(seat)} holds no more tiles: the reservation on "
                f"{square_name(old)} goes back to the box."
            )
    for turn in range(before.turn + 1, after.turn):
        lines.append(f"{seat_name(turn % after.seats)} cannot place anything and skips the turn.")
    if after.over and not before.over:
        lines.append("The board is full: the game is over.")
    return lines


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
