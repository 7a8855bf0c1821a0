"""Building Flow positions for the rule tests: tiles laid straight onto a board,
hands chosen, the turn set, so each test shows one rule at work."""

from __future__ import annotations

from collections.abc import Iterable

from river_tui.rules.flow import GAME
from river_tui.rules.flow.actions import PlaceReservation, PlaceTile
from river_tui.rules.flow.board import PLAYABLE, SQUARES, code
from river_tui.rules.flow.state import FlowState

COLUMNS = "ABCDEFG"


def sq(name: str) -> int:
    """The square index of a name like "D4" (column letter, row from the north)."""
    return (int(name[1:]) - 1) * 7 + COLUMNS.index(name[0])


def position(
    seats: int = 2,
    variant: str = "basic",
    *,
    tiles: Iterable[tuple[str, str, int]] = (),
    lairs: dict[str, int] | None = None,
    hands: dict[int, tuple[str, ...]] | None = None,
    turn: int | None = None,
    seed: int = 1,
) -> FlowState:
    """A game after its first round (unless ``turn`` says otherwise) with ``tiles``
    (square, face id, rotation) laid, ``lairs`` (square -> owner) marked and the
    given hands."""
    state = GAME.new(seats, {"variant": variant}, seed)
    board = list(state.tiles)
    for name, face, rotation in tiles:
        board[sq(name)] = code(face, rotation)
    owners = list(state.lair_owner)
    for name, owner in (lairs or {}).items():
        owners[sq(name)] = owner
    state.tiles = tuple(board)
    state.lair_owner = tuple(owners)
    playable = PLAYABLE[state.locked_open]
    state.empty_squares = sum(1 for s in range(SQUARES) if playable[s] and board[s] < 0)
    if hands:
        state.hands = tuple(tuple(sorted(hands.get(seat, state.hands[seat]))) for seat in range(seats))
    state.turn = seats if turn is None else turn
    return state


def place(state: FlowState, seat: int, tile: str, rotation: int, square: str) -> FlowState:
    return GAME.apply(state, seat, PlaceTile(tile, rotation, sq(square)))


def reserve(state: FlowState, seat: int, square: str) -> FlowState:
    return GAME.apply(state, seat, PlaceReservation(sq(square)))


def fill_all_but(state: FlowState, keep: Iterable[str], face: str = "crossing") -> FlowState:
    """Lay ``face`` on every empty playable square except those named in ``keep``."""
    kept = {sq(name) for name in keep}
    playable = PLAYABLE[state.locked_open]
    board = list(state.tiles)
    for square in range(SQUARES):
        if playable[square] and board[square] < 0 and square not in kept:
            board[square] = code(face, 0)
    state.tiles = tuple(board)
    state.empty_squares = sum(1 for s in range(SQUARES) if playable[s] and board[s] < 0)
    return state
