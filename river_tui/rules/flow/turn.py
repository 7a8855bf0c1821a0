"""Gameplay, one function per step of a turn: "When it is your turn you can choose
between two actions": place a tile, or place your Reservation Tile. Each checks
its action against the rulebook (raising `IllegalAction` with the reason) and
returns the new state; then the turn passes on (Strategy mode: after two)."""

from __future__ import annotations

from ..core import IllegalAction
from ..rng import Rng
from .actions import PlaceReservation, PlaceTile
from .board import FACE_INDEX, FIRST_ROUND_SQUARES, LAIR_FACE_IDS, PLAYABLE, RIVER_FACE_IDS, SQUARES, square_name
from .components import CENTRE, SPECIES
from .legal import can_act
from .state import RESERVATION_IN_HAND, RESERVATION_SPENT, STRATEGY, FlowState
from .territories import closed_by


def actions_per_turn(variant: str) -> int:
    """Strategy mode: "each player can perform two actions on their turn (instead of one)"."""
    return 2 if variant == STRATEGY else 1


def draw_river_tile(pile: list[int], rng: Rng) -> str:
    """Take one river tile at random from the face-down pile (counts by face)."""
    pick = rng.below(sum(pile))
    for index, count in enumerate(pile):
        if pick < count:
            pile[index] -= 1
            return RIVER_FACE_IDS[index]
        pick -= count
    raise AssertionError("the pile count is out of step")


def check_square(state: FlowState, seat: int, square: int, for_reservation: bool) -> None:
    """Raise IllegalAction unless ``seat`` may put something on ``square`` now."""
    if not 0 <= square < SQUARES:
        raise IllegalAction("There is no such square on the board.")
    if square == CENTRE:
        raise IllegalAction("The central square holds the start tile.")
    if state.tiles[square] >= 0:
        raise IllegalAction(f"{square_name(square)} already holds a tile.")
    if not PLAYABLE[state.locked_open][square]:
        raise IllegalAction("The locked squares open only in strategy mode with 4 or 5 players.")
    holder = state.reservations.index(square) if square in state.reservations else -1
    if holder >= 0 and (holder != seat or for_reservation):
        if holder == seat:
            raise IllegalAction("You have already reserved that square.")
        raise IllegalAction(f"{square_name(square)} is reserved by the {SPECIES[holder].short}.")
    if state.first_round and square not in FIRST_ROUND_SQUARES:
        raise IllegalAction(
            "In the first round tiles go on the inner two rings only, not on the outer ring."
        )


def check_turn(state: FlowState, seat: int) -> None:
    if state.over:
        raise IllegalAction("The game is over: the board is full.")
    if seat != state.turn_seat:
        raise IllegalAction("It is not your turn.")


def check_place_tile(state: FlowState, seat: int, action: PlaceTile) -> None:
    check_turn(state, seat)
    if action.tile not in state.hands[seat]:
        raise IllegalAction("You do not hold that tile.")
    if action.rotation not in (0, 1, 2, 3):
        raise IllegalAction("A tile turns by quarter turns: rotation 0 to 3.")
    check_square(state, seat, action.square, for_reservation=False)


def check_place_reservation(state: FlowState, seat: int, action: PlaceReservation) -> None:
    check_turn(state, seat)
    if state.reservations[seat] != RESERVATION_IN_HAND:
        raise IllegalAction("You may only place the Reservation Tile once per game.")
    if not state.hands[seat]:
        raise IllegalAction("You hold no tile to place on a reserved square later.")
    check_square(state, seat, action.square, for_reservation=True)


def place_tile(state: FlowState, seat: int, action: PlaceTile) -> FlowState:
    """"Place 1 tile on any empty square of the board (or on your Reservation Tile).
    ... If you put down a River Tile, draw 1 new River Tile at random. If you put
    down a Lair Tile, put one of your Lair Tokens on top of the Lair ... and do not
    draw a new tile." Then look for new Territories."""
    check_place_tile(state, seat, action)
    new = state.copy()
    square = action.square
    tiles = list(state.tiles)
    tiles[square] = FACE_INDEX[action.tile] * 4 + action.rotation
    new.tiles = tuple(tiles)
    hand = list(state.hands[seat])
    hand.remove(action.tile)
    if action.tile in LAIR_FACE_IDS:
        owners = list(state.lair_owner)
        owners[square] = seat
        new.lair_owner = tuple(owners)
    elif state.pile_size:
        hand.append(draw_from(new))
        hand.sort()
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    new.hands = tuple(hands)
    if state.reservations[seat] == square:
        new.reservations = _with(state.reservations, seat, RESERVATION_SPENT)
    new.empty_squares = state.empty_squares - 1
    closed = closed_by(new.tiles, new.lair_owner, PLAYABLE[state.locked_open], square, seat)
    if closed:
        new.territories = state.territories + tuple(closed)
    return end_action(new)


def draw_from(new: FlowState) -> str:
    """Draw a river tile into a fresh copy of the RNG and pile of ``new``."""
    assert new.rng is not None and new.pile is not None, "only the true state draws tiles"
    new.rng = new.rng.copy()
    pile = list(new.pile)
    tile = draw_river_tile(pile, new.rng)
    new.pile = tuple(pile)
    new.pile_size -= 1
    return tile


def place_reservation(state: FlowState, seat: int, action: PlaceReservation) -> FlowState:
    """"Place your Reservation Tile on any empty square of the board, reserving the
    square for yourself for the rest of the game." """
    check_place_reservation(state, seat, action)
    new = state.copy()
    new.reservations = _with(state.reservations, seat, action.square)
    return end_action(new)


def end_action(new: FlowState) -> FlowState:
    """Count the action, lift reservations nobody can fill, pass the turn on."""
    new.actions_left -= 1
    lift_stranded_reservations(new)
    if new.over:
        new.actions_left = 0
        return new
    if new.actions_left > 0 and can_act(new, new.turn_seat):
        return new
    return next_turn(new)


def lift_stranded_reservations(new: FlowState) -> None:
    """A reserved square whose owner holds no tile and can draw none would stay empty
    for ever and the game could never end: its Reservation Tile goes back to the box."""
    reservations = new.reservations
    if max(reservations) < 0:  # no Reservation Tile on the board (most of the game)
        return
    if all(sq < 0 or new.hands[seat] for seat, sq in enumerate(reservations)):
        return
    new.reservations = tuple(
        RESERVATION_SPENT if sq >= 0 and not new.hands[seat] else sq
        for seat, sq in enumerate(new.reservations)
    )


def next_turn(new: FlowState) -> FlowState:
    """"After performing one of these two actions, it is then the next player's
    turn." Seats that cannot act skip their turn."""
    for _ in range(new.seats):
        new.turn += 1
        if can_act(new, new.turn_seat):
            new.actions_left = actions_per_turn(new.variant)
            return new
    raise AssertionError("nobody can act although squares are empty")


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    out = list(values)
    out[index] = value
    return tuple(out)
