"""Flow: Untamed Rivers in text: the board row by row (each placed tile named as
the move notation names it, with the lair tokens and reservations), each seat
(your hand; how many tiles the others hold), the pile and the territories closed."""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.flow.board import FACE_INDEX, FACES, SQUARES, square_name
from ...rules.flow.components import BOARD_SIZE, LAIR_TOKENS_PER_SPECIES, POINT_TILES
from ...rules.flow.narration import territory_line
from ...rules.flow.outlook import in_the_last_rounds, open_lair_rivers
from ...rules.flow.scoring import scores as flow_scores
from ...rules.flow.state import LAKE, LOOP, RESERVATION_IN_HAND, RESERVATION_SPENT, FlowState
from . import Section


def tile_words(face_id: str) -> str:
    """"bend", or a lair with its name: "L02 (Várzea Hollow)"."""
    face = FACES[FACE_INDEX[face_id]]
    return face_id if face.name in (face_id, f"{face_id} tile") or not face_id.startswith("L") else f"{face_id} ({face.name})"


def square_words(view: FlowState, square: int, names: Sequence[str]) -> str | None:
    """"C3 bend 90 (lair of Ann)", "D2 reserved by Bob", or None for an empty square."""
    code = view.tiles[square]
    reserved = [names[s] for s, sq in enumerate(view.reservations) if sq == square]
    if code < 0:
        return f"{square_name(square)} reserved by {reserved[0]}" if reserved else None
    face = FACES[code // 4]
    owner = view.lair_owner[square]
    lair = f" (lair of {names[owner]})" if owner >= 0 else ""
    return f"{square_name(square)} {face.id} {code % 4 * 90}{lair}"


def track_words(view: FlowState, seat: int) -> str:
    """What the app's score track says of a seat: points so far, point tiles, Lairs placed."""
    tiles = sum(1 for t in view.territories if t.kind in (LAKE, LOOP) and t.placer == seat)
    lairs = sum(1 for owner in view.lair_owner if owner == seat)
    points = flow_scores(view)[seat]
    return (f"{points} point{'s' * (points != 1)} so far ({tiles} point tile{'s' * (tiles != 1)}); "
            f"{lairs} of {LAIR_TOKENS_PER_SPECIES} Lairs placed.")


def stake_lines(view: FlowState, names: Sequence[str]) -> list[str]:
    """In the last rounds, as the app's score track says: the Lairs that may still score."""
    if not in_the_last_rounds(view):
        return []
    lairs = [f"{names[lair.owner]}'s Lair on {square_name(lair.lair)} (L={lair.length} so far, open at "
             f"{square_name(lair.opening)})" for lair in open_lair_rivers(view)]
    return [f"The last rounds: still open: {'; '.join(lairs)}." if lairs
            else "The last rounds: no Lair can score any more."]


def sections(view: FlowState, seat: int | None, names: Sequence[str]) -> list[Section]:
    rows = []
    for row in range(BOARD_SIZE):
        squares = range(row * BOARD_SIZE, (row + 1) * BOARD_SIZE)
        placed = [words for sq in squares if (words := square_words(view, sq, names))]
        rows.append(f"row {row + 1}: {', '.join(placed) or 'empty'}.")
    out: list[Section] = [("board", rows)]
    for index, name in enumerate(names):
        hand = view.hands[index]
        if index == seat:
            words = f"{name}, your hand: {', '.join(tile_words(tile) for tile in hand) or 'empty'}."
        else:
            held = len(hand)
            words = f"{name} holds {held} tile{'s' if held != 1 else ''}."
        words += f" {track_words(view, index)}"
        reserved = view.reservations[index]
        words += {RESERVATION_IN_HAND: " Reservation Tile in hand.", RESERVATION_SPENT: " Reservation Tile used."}.get(
            reserved, f" Reservation Tile on {square_name(reserved)}." if reserved >= 0 else ""
        )
        out.append((name, [words]))
    taken = sum(1 for t in view.territories if t.kind in (LAKE, LOOP))
    out.append(("pile", [f"The pile holds {view.pile_size} tiles; {view.empty_squares} of {SQUARES} squares are empty; "
                         f"{max(POINT_TILES - taken, 0)} point tiles are left.", *stake_lines(view, names)]))
    closed = [territory_line(t, lambda s: names[s]) for t in view.territories]
    out.append(("territories", closed or ["No territory closed yet."]))
    return out


def scores(view: FlowState, names: Sequence[str]) -> list[str]:
    """The points of the territories closed so far."""
    return [f"{name}: {points} point{'s' * (points != 1)} so far" for name, points in zip(names, flow_scores(view))]
