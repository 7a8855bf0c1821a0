"""Computer seats. "greedy" scores every choice on the score preview of its own
glassworks and looks one turn ahead along the river: what its remaining satchel
could gather next turn from the river as this move leaves it."""

from __future__ import annotations

from ..core import RANDOM_BOT, Bot
from .actions import Draw, NewColumn, Overflow, Place
from .components import SATCHEL_LIMIT
from .grid import add_pieces, of_colour
from .pieces import without
from .river import adjacent_tiles
from .scoring import best_addition, score
from .state import GATHER, ORDER, OVERFLOW, GlassState, Glassworks

# How much a gather possible on the next turn is worth now: other players move
# first and may take it, and the bag refills the river unseen.
LOOKAHEAD = 0.5


def gain(board: Glassworks, gathered) -> int:
    return score(best_addition(board, gathered)) - score(board)


def reachable_tiles(satchel: tuple[int, ...], river: tuple[int, ...]) -> set[int]:
    """The tiles a satchel could gather from: next to its pieces' own tiles, or
    next to any tile with a pair of one shape."""
    shapes = [p & 7 for p in satchel]
    if len(set(shapes)) < len(shapes):
        return set(river)
    return {g for shape in set(shapes) for g in adjacent_tiles(river, shape)}


def next_turn_gain(board: Glassworks, satchel, river, tiles) -> int:
    """The best gather ``satchel`` could make from this river (refills unseen)."""
    return max((gain(board, tiles[g]) for g in reachable_tiles(satchel, river)), default=0)


def after_move(s: GlassState, tile: int, pieces, gathered_tile: int):
    """River and tiles after placing ``pieces`` on ``tile`` and gathering
    ``gathered_tile`` (the refill is unknown, so that tile is left empty)."""
    tiles = list(s.tiles)
    tiles[tile] = tiles[tile] + tuple(pieces)
    tiles[gathered_tile] = ()
    river = (gathered_tile,) + tuple(t for t in s.river if t != gathered_tile)
    return river, tiles


def lookahead_weight(s: GlassState) -> float:
    """No next turn to prepare once this is the seat's last."""
    return 0.0 if s.turns_left is not None and s.turns_left <= s.seats else LOOKAHEAD


def place_value(s: GlassState, seat: int, place: Place, gathered_tile: int, weight: float) -> float:
    board = s.boards[seat]
    after = best_addition(board, s.tiles[gathered_tile])
    value = score(after) - score(board)
    if weight:
        satchel = without(s.satchels[seat], place.pieces)
        river, tiles = after_move(s, place.tile, place.pieces, gathered_tile)
        value += weight * next_turn_gain(after, satchel, river, tiles)
    return value


def draw_value(s: GlassState, seat: int, draw: Draw, weight: float) -> float:
    satchel = s.satchels[seat] + draw.pieces
    extra = max(0, len(satchel) - SATCHEL_LIMIT)
    board = s.boards[seat]
    kept = keep_best(board, satchel, s.river, s.tiles, extra)
    return weight * next_turn_gain(board, kept, s.river, s.tiles) - 3 * extra


def keep_best(board, satchel, river, tiles, extra: int):
    """The satchel after overflowing ``extra`` pieces, one by one, each time the
    piece whose loss costs least."""
    for _ in range(extra):
        satchel = max(
            (without(satchel, (p,)) for p in set(satchel)),
            key=lambda rest: (next_turn_gain(board, rest, river, tiles), len({q & 7 for q in rest})),
        )
    return satchel


def choose_greedy(game, view: GlassState, seat: int, rng):
    actions = game.legal_actions(view, seat)
    if len(actions) == 1:
        return actions[0]
    phase = view.phase
    if phase == GATHER:
        board = view.boards[seat]
        return max(actions, key=lambda a: (gain(board, view.tiles[a.tile]), rng.random()))
    if phase == ORDER:
        return max(actions, key=lambda a: (order_value(view, seat, a), rng.random()))
    if phase == OVERFLOW:
        board = view.boards[seat]
        kept = keep_best(board, view.satchels[seat], view.river, view.tiles, 1)
        (dropped,) = without(view.satchels[seat], kept)
        return Overflow(dropped)
    return best_turn(view, seat, actions, rng)


def order_value(s: GlassState, seat: int, action: NewColumn) -> int:
    chosen, rest = of_colour(s.pending, action.colour)
    return score(best_addition(add_pieces(s.boards[seat], chosen), rest))


def best_turn(s: GlassState, seat: int, actions, rng):
    weight = lookahead_weight(s)
    best, best_value = None, None
    for action in actions:
        if isinstance(action, Place):
            value = max(place_value(s, seat, action, g, weight) for g in adjacent_tiles(s.river, action.tile))
            # Spending a pair costs a piece the satchel could use later.
            value -= 0.25 * (len(action.pieces) - 1)
        else:
            value = draw_value(s, seat, action, weight) if isinstance(action, Draw) else 0.0
        value += rng.random() * 1e-6
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best


GREEDY_BOT = Bot("greedy", choose_greedy)

BOTS = {"greedy": GREEDY_BOT, "random": RANDOM_BOT}
