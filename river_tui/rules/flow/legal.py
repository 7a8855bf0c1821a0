"""What a seat may do now: place a tile from its hand (in any of its distinct
rotations) on a free square or its own reserved one, or place its Reservation Tile."""

from __future__ import annotations

from .actions import PLACE, LegalMoves, PlaceTile
from .board import DISTINCT_ROTATIONS, FIRST_ROUND_SQUARES, PLAYABLE, SQUARES
from .state import HIDDEN, RESERVATION_IN_HAND, FlowState

OPEN_SQUARES = {
    (locked_open, first_round): tuple(
        sq for sq in (FIRST_ROUND_SQUARES if first_round else range(SQUARES)) if PLAYABLE[locked_open][sq]
    )
    for locked_open in (False, True)
    for first_round in (False, True)
}
"""The squares a tile may go on in a round, tiles or reservations aside: playable
(the locked squares only when opened), on the inner two rings in the first round.
Worked out once: every legal-move list and every turn's check starts from them."""


def free_squares(state: FlowState) -> list[int]:
    """Empty squares nobody has reserved that a tile may go on now."""
    tiles = state.tiles
    empty = [sq for sq in OPEN_SQUARES[state.locked_open, state.first_round] if tiles[sq] < 0]
    for sq in state.reservations:  # a few seats' reserved squares, taken out afterwards
        if sq >= 0 and sq in empty:
            empty.remove(sq)
    return empty


def can_act(state: FlowState, seat: int) -> bool:
    """"If you cannot take a turn due to all the free space being taken up by
    Reservation Tiles (which do not belong to you), you skip the turn." A seat with
    no tile left in hand cannot act either."""
    if not state.hands[seat]:
        return False
    if state.reservations[seat] >= 0:
        return True
    tiles, reservations = state.tiles, state.reservations
    return any(tiles[sq] < 0 and sq not in reservations for sq in OPEN_SQUARES[state.locked_open, state.first_round])


def placements(hand: tuple[str, ...]) -> list[tuple[PlaceTile, ...]]:
    """A `PLACE` row for every tile of the hand in each of its distinct rotations
    (a hand holds the same few tiles for many moves: worked out once per hand)."""
    rows = _PLACEMENTS.get(hand)
    if rows is None:
        rows = _PLACEMENTS[hand] = [
            PLACE[tile, rotation] for tile in sorted(set(hand)) for rotation in DISTINCT_ROTATIONS[tile]
        ]
    return rows


_PLACEMENTS: dict[tuple[str, ...], list[tuple[PlaceTile, ...]]] = {}


def legal_actions(state: FlowState, seat: int) -> LegalMoves:
    if state.over or seat != state.turn_seat:
        return NO_MOVES
    hand = state.hands[seat]
    if not hand or hand[0] == HIDDEN:  # a view shows only its own seat's moves
        return NO_MOVES
    free = free_squares(state)
    own = state.reservations[seat]
    targets = free + [own] if own >= 0 else free
    return LegalMoves(placements(hand), targets, free if own == RESERVATION_IN_HAND else ())


NO_MOVES = LegalMoves()
