"""A turn, one player's choice at a time: each function checks its action against
the rulebook (raising `IllegalAction` with the reason) and carries it out on the
working copy ``s``.

"On your turn, you must do one of these two actions": Place & Gather, or Draw.
"""

from __future__ import annotations

from ..core import IllegalAction
from .actions import Draw, Gather, NewColumn, Overflow, Pass, Place
from .components import LAKE_DRAW, SHAPES
from .game_end import check_inventory_trigger, end_turn
from .grid import add_pieces, of_colour, order_matters, split_new_colours
from .lake import draw_from_lake, send_to_overflow
from .pieces import contains, piece_name
from .river import adjacent_tiles, gather_from_river, place_in_river
from .state import GATHER, ORDER, OVER, OVERFLOW, TURN, GlassState, Glassworks

_WHAT_NOW = {
    TURN: "Place glass in the river or draw from the lake first.",
    GATHER: "Gather from a river tile next to the {tile} tile first.",
    ORDER: "Choose which new colour takes the next empty column first.",
    OVERFLOW: "Your satchel holds more than 5: choose a piece to send to overflow first.",
    OVER: "The game is over.",
}


def expect_phase(s: GlassState, phase: str) -> None:
    if s.phase != phase:
        tile = SHAPES[s.placed].name if s.placed is not None else ""
        raise IllegalAction(_WHAT_NOW[s.phase].format(tile=tile))


def place(s: GlassState, action: Place) -> None:
    expect_phase(s, TURN)
    pieces, tile = action.pieces, action.tile
    if not 0 <= tile < len(SHAPES):
        raise IllegalAction("There is no such river tile.")
    if len(pieces) not in (1, 2):
        raise IllegalAction("Place 1 piece, or 2 pieces of the same shape.")
    if not contains(s.satchels[s.current], pieces):
        raise IllegalAction("Those pieces are not in your satchel.")
    if len(pieces) == 1 and pieces[0] & 7 != tile:
        # "place it on the river tile with the matching shape in the corners"
        raise IllegalAction(
            f"A single {piece_name(pieces[0])} goes on the {SHAPES[pieces[0] & 7].name} tile;"
            " only 2 pieces of one shape may go on any tile."
        )
    if len(pieces) == 2 and pieces[0] & 7 != pieces[1] & 7:
        raise IllegalAction("Two pieces placed together must have the same shape.")
    place_in_river(s, tuple(sorted(pieces)), tile)


def gather(s: GlassState, action: Gather) -> None:
    expect_phase(s, GATHER)
    shape = SHAPES[s.placed].name
    if action.tile == s.placed:
        raise IllegalAction(f"You placed on the {shape} tile: gather from a river tile next to it.")
    if action.tile not in adjacent_tiles(s.river, s.placed):
        # "The lake isn't considered a river tile."
        lake = "; the lake isn't a river tile" if s.river[-1] == s.placed else ""
        raise IllegalAction(f"Gather from a river tile next to the {shape} tile{lake}.")
    add_to_glassworks(s, gather_from_river(s, action.tile))


def add_to_glassworks(s: GlassState, gathered: tuple[int, ...]) -> None:
    """"Add all pieces you gathered to your glassworks": known colours go to their
    columns; several new colours wait for the player to order them."""
    board = s.boards[s.current]
    known, new = split_new_colours(board, gathered)
    board = add_pieces(board, known)
    if order_matters(board, new):
        set_board(s, board)
        s.pending = tuple(sorted(new))
        s.phase = ORDER
        return
    set_board(s, add_pieces(board, new))
    finish_gathering(s)


def new_column(s: GlassState, action: NewColumn) -> None:
    """"If you gathered more than one new color, you choose the order to place them." """
    expect_phase(s, ORDER)
    chosen, rest = of_colour(s.pending, action.colour)
    if not chosen:
        raise IllegalAction("You did not gather a new piece of that colour.")
    board = add_pieces(s.boards[s.current], chosen)
    if order_matters(board, rest):
        set_board(s, board)
        s.pending = tuple(rest)
        return
    set_board(s, add_pieces(board, rest))
    s.pending = ()
    finish_gathering(s)


def finish_gathering(s: GlassState) -> None:
    """"Update your inventory track to show how many total pieces are in your
    glassworks (not including overflow)." — and see whether it reached 17."""
    check_inventory_trigger(s)
    end_turn(s)


def draw(s: GlassState, action: Draw) -> None:
    expect_phase(s, TURN)
    if not s.lake:
        raise IllegalAction("The lake is empty.")
    wanted = min(LAKE_DRAW, len(s.lake))
    if len(action.pieces) != wanted:
        raise IllegalAction(f"Choose {wanted} pieces from the lake.")
    if not contains(s.lake, action.pieces):
        raise IllegalAction("Those pieces are not in the lake.")
    draw_from_lake(s, tuple(action.pieces))


def overflow(s: GlassState, action: Overflow) -> None:
    expect_phase(s, OVERFLOW)
    if action.piece not in s.satchels[s.current]:
        raise IllegalAction("That piece is not in your satchel.")
    send_to_overflow(s, action.piece)


def pass_turn(s: GlassState, action: Pass) -> None:
    """Our ruling: with an empty satchel and an empty lake (only once the bag has
    run out) neither action is possible, so the player passes."""
    expect_phase(s, TURN)
    if s.satchels[s.current] or s.lake:
        raise IllegalAction("You may only pass when you can neither place nor draw.")
    end_turn(s)


def set_board(s: GlassState, board: Glassworks) -> None:
    boards = list(s.boards)
    boards[s.current] = board
    s.boards = tuple(boards)


STEPS = {Place: place, Gather: gather, NewColumn: new_column, Draw: draw, Overflow: overflow, Pass: pass_turn}
