"""The rules of play, one function per rulebook step: setup, placing a tile,
placing the Reservation Tile, drawing, and passing the turn on."""

from __future__ import annotations

from collections.abc import Sequence

from ..core import IllegalAction
from ..rng import Rng
from .actions import PLACE, LegalMoves, PlaceReservation, PlaceTile
from .board import (
    DISTINCT_ROTATIONS,
    FACE_INDEX,
    FIRST_ROUND_SQUARES,
    LAIR_FACE_IDS,
    PLAYABLE,
    RIVER_FACE_IDS,
    SQUARES,
    START_CODE,
    square_name,
)
from .components import (
    CENTRE,
    LAIR_TILES,
    RIVER_TILES,
    SPECIES,
    STARTING_LAIR_TILES,
    STARTING_RIVER_TILES,
)
from .state import HIDDEN, RESERVATION_IN_HAND, RESERVATION_SPENT, FlowState
from .territories import closed_by

STRATEGY, BASIC = "strategy", "basic"
ALL_SQUARES = range(SQUARES)


def setup(seats: int, variant: str, seed: int) -> FlowState:
    """"Shuffle all River Tiles and all Lair Tiles separately ... each of you takes
    3 Lair Tiles and 3 River Tiles from the prepared piles. After that the remaining
    Lair Tiles ... are placed back in the box." The start tile lies on the centre."""
    rng = Rng(seed)
    lair_pile = rng.shuffled([face.id for face in LAIR_TILES])
    pile = [count for _, count in RIVER_TILES]
    hands = []
    for _ in range(seats):
        hand = [lair_pile.pop() for _ in range(STARTING_LAIR_TILES)]
        hand += [draw_river_tile(pile, rng) for _ in range(STARTING_RIVER_TILES)]
        hands.append(tuple(sorted(hand)))
    # "If this more strategic variant is chosen with 4 or 5 players, the 4 locked
    # squares may also be occupied."
    locked_open = variant == STRATEGY and seats >= 4
    playable = PLAYABLE[locked_open]
    tiles = [-1] * SQUARES
    tiles[CENTRE] = START_CODE
    return FlowState(
        seats=seats,
        variant=variant,
        locked_open=locked_open,
        tiles=tuple(tiles),
        lair_owner=(-1,) * SQUARES,
        reservations=(RESERVATION_IN_HAND,) * seats,
        hands=tuple(hands),
        pile=tuple(pile),
        pile_size=sum(pile),
        actions_left=actions_per_turn(variant),
        turn=0,
        empty_squares=sum(playable),
        territories=(),
        rng=rng,
    )


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


# --- what a seat may do ----------------------------------------------------------------
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


# --- checking a move ---------------------------------------------------------------------
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


# --- doing a move ----------------------------------------------------------------------------
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
    if all(sq < 0 or new.hands[seat] for seat, sq in enumerate(new.reservations)):
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


# --- what a seat may see ---------------------------------------------------------------------
def view(state: FlowState, seat: int | None) -> FlowState:
    """Hands of other seats become hidden tiles; the pile shows only its size."""
    out = state.copy()
    out.rng = None
    out.pile = None
    out.hands = tuple(
        hand if index == seat else (HIDDEN,) * len(hand) for index, hand in enumerate(state.hands)
    )
    return out
