"""Learn to play Flow: Untamed Rivers: the rules of a first game, each told in the
rulebook's words the first time it applies to the learner (see rules/guides.py),
and what a move does for a seat, in one line (the hint's reason)."""

from __future__ import annotations

from ..guides import Guide, LastMove, Lesson
from .actions import PlaceReservation, PlaceTile
from .board import FIRST_ROUND_SQUARES, LAIR_FACE_IDS
from .preview import preview_placement
from .state import RESERVATION_IN_HAND, FlowState

SEED = 4
"""The guided game's seed (two seats, strategy mode): with a greedy learner every
lesson but the last has come up by the learner's 7th action (of 23)."""


def _mine(view: FlowState, seat: int, last: LastMove, kind: type) -> bool:
    return last is not None and last[0] == seat and isinstance(last[1], kind)


def _first_turn(view: FlowState, seat: int, last: LastMove) -> bool:
    return view.turn_seat == seat and not view.over


def _inner_rings(view: FlowState, seat: int) -> frozenset:
    return frozenset(("square", square) for square in FIRST_ROUND_SQUARES if view.tiles[square] < 0)


def _placed_river_tile(view: FlowState, seat: int, last: LastMove) -> bool:
    return _mine(view, seat, last, PlaceTile) and last[1].tile not in LAIR_FACE_IDS


def _placed_lair(view: FlowState, seat: int, last: LastMove) -> bool:
    return _mine(view, seat, last, PlaceTile) and last[1].tile in LAIR_FACE_IDS


def _last_square(view: FlowState, seat: int) -> frozenset:
    return frozenset(("square", square) for square in range(len(view.tiles)) if view.lair_owner[square] == seat)


def _reserved(view: FlowState, seat: int, last: LastMove) -> bool:
    """A seat reserved a square; or the learner, still holding theirs, begins a turn in round 4."""
    thinking = view.turn_seat == seat and view.round >= 4 and view.reservations[seat] == RESERVATION_IN_HAND
    return any(square >= 0 for square in view.reservations) or thinking


def _reservations(view: FlowState, seat: int) -> frozenset:
    return frozenset(("square", square) for square in view.reservations if square >= 0)


def _territory_closed(view: FlowState, seat: int, last: LastMove) -> bool:
    return bool(view.territories)


def _territory(view: FlowState, seat: int) -> frozenset:
    return frozenset(("pass", square, river) for square, river in view.territories[0].steps) if view.territories else frozenset()


def _almost_full(view: FlowState, seat: int, last: LastMove) -> bool:
    return 0 < view.empty_squares <= 2 * view.seats * 2


LESSONS = (
    Lesson(
        "turn", "Your turn", "Gameplay (3-5 Players)",
        "Place 1 tile on any empty square of the board, or place your Reservation Tile. In the "
        "first round, players may only place their tiles on the inner two rings, not on the outer "
        "ring. With two players each turn is two actions (Strategy Mode / 2-Player Mode).",
        "Pick a tile (n or 1-6), r turns it, the arrows move it to a marked square, Enter places it.",
        _first_turn, _inner_rings,
    ),
    Lesson(
        "rotation", "Rivers and rotation", "Territories",
        "If you put down a River Tile, draw 1 new River Tile at random. A Territory always follows "
        "the direction of the river from start to end and never turns sharply around a corner: "
        "turn a tile (r) so its rivers run on from the rivers beside it.",
        "Your second action: r turns the tile until its rivers meet the rivers next to it.",
        _placed_river_tile,
    ),
    Lesson(
        "lair", "Lairs", "Gameplay (3-5 Players)",
        "If you put down a Lair Tile, put one of your Lair Tokens on top of the Lair to mark it as "
        "yours and do not draw a new tile. Every Lair Tile also features a River End.",
        "Your Lair is marked: lead a river from it to a River End or another Lair.",
        _placed_lair, _last_square,
    ),
    Lesson(
        "reservation", "The Reservation Tile", "Gameplay (3-5 Players)",
        "Place your Reservation Tile on any empty square of the board, reserving the square for "
        "yourself for the rest of the game. Placing a tile on your Reservation Tile counts as a "
        "turn. You may only place the Reservation Tile once per game.",
        "The marked square is reserved: only its owner may place a tile there. v reserves yours.",
        _reserved, _reservations,
    ),
    Lesson(
        "territory", "A Territory", "Territories",
        "A continuous, closed river is a Territory. A Lair connected to a River End gives its owner "
        "+L (L: the tiles the river passes, end to end); a Lair to a Lair gives each owner +L; a "
        "River End to a River End, or a loop, gives +1 to the player who placed the last tile.",
        "The marked river is closed; t lists every Territory. Close long ones from your Lairs.",
        _territory_closed, _territory,
    ),
    Lesson(
        "end", "The end is near", "End of Game",
        "The game ends when the whole board is filled with tiles. Every player counts their points "
        "for every Territory to which one of their Lair Tokens belongs, and adds their +1 points. "
        "In the case of a tie, the player with the single longest territory wins.",
        "A few squares are left: close what you can before the board is full.",
        _almost_full,
    ),
)


def why(view: FlowState, seat: int, action) -> str:
    """What ``action`` does for ``seat``, in one line of the game's words: what the
    hint's words for the move (`describe_as_advice`: the tile, the square, its turn)
    do not say already."""
    if isinstance(action, PlaceReservation):
        return "keeps the square for a tile of yours later"
    preview = preview_placement(view, seat, action)
    if preview.closes:
        kinds = ", ".join(f"{'an' if territory.title[0] in 'aeiou' else 'a'} {territory.title} (L={territory.length})"
                          for territory in preview.closes)
        return f"closes {kinds}, {preview.points[seat]:+d} for you"
    joins = f"joins {preview.joins} river{'s' if preview.joins != 1 else ''}" if preview.joins else "meets no river yet"
    dams = f", {preview.dams} river{'s' if preview.dams != 1 else ''} can never close" if preview.dams else ""
    return f"{joins}{dams}"


GUIDE = Guide(
    seed=SEED,
    seats=2,
    lessons=LESSONS,
    why=why,
    scoring={
        "Single territory": "Territories (i): a Lair connected to a River End gives its owner +L.",
        "Dual territory": "Territories (ii): a Lair connected to a Lair gives each owner +L.",
        "Point tile: oxbow lake": "Territories (iii): a River End connected to a River End, +1 to the player who closed it.",
        "Point tile: oxbow loop": "Territories (iv): river tiles closed in a loop, +1 to the player who closed it.",
    },
)
