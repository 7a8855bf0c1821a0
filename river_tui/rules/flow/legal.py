"""What a seat may do now: place a tile from its hand (in any of its distinct
rotations) on a free square or its own reserved one, or place its Reservation Tile."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import PLACE, LegalMoves
from .board import DISTINCT_ROTATIONS, FIRST_ROUND_SQUARES, PLAYABLE, SQUARES
from .state import HIDDEN, RESERVATION_IN_HAND, FlowState

ALL_SQUARES = range(SQUARES)


def free_squares(state: FlowState) -> list[int]:
    """Empty squares nobody has reserved that a tile may go on now."""
    tiles = state.tiles
    playable = PLAYABLE[state.locked_open]
    reserved = {sq for sq in state.reservations if sq >= 0}
    return [sq for sq in _reachable(state) if tiles[sq] < 0 and playable[sq] and sq not in reserved]


def _reachable(state: FlowState) -> Sequence[int]:
    """The squares the round allows: the inner two rings in the first round."""
    return FIRST_ROUND_SQUARES if state.first_round else ALL_SQUARES


def can_act(state: FlowState, seat: int) -> bool:
    """"If you cannot take a turn due to all the free space being taken up by
    Reservation Tiles (which do not belong to you), you skip the turn." A seat with
    no tile left in hand cannot act either."""
    if not state.hands[seat]:
        return False
    if state.reservations[seat] >= 0:
        return True
    tiles, playable, reservations = state.tiles, PLAYABLE[state.locked_open], state.reservations
    return any(tiles[sq] < 0 and playable[sq] and sq not in reservations for sq in _reachable(state))


def legal_actions(state: FlowState, seat: int) -> LegalMoves:
    if state.over or seat != state.turn_seat:
        return NO_MOVES
    hand = state.hands[seat]
    if not hand or hand[0] == HIDDEN:  # a view shows only its own seat's moves
        return NO_MOVES
    free = free_squares(state)
    own = state.reservations[seat]
    targets = free + [own] if own >= 0 else free
    rows = [PLACE[tile, rotation] for tile in sorted(set(hand)) for rotation in DISTINCT_ROTATIONS[tile]]
    return LegalMoves(rows, targets, free if own == RESERVATION_IN_HAND else ())


NO_MOVES = LegalMoves()
