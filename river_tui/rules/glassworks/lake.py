"""Drawing from the Lake: take 4, overflow what the satchel cannot hold, refill.

"Glass from the lake always goes to your satchel."
"""

from __future__ import annotations

from .components import LAKE_SIZE, SATCHEL_LIMIT
from .game_end import draw_or_trigger, end_turn
from .pieces import without
from .state import OVERFLOW, GlassState, Glassworks


def draw_from_lake(s: GlassState, pieces: tuple[int, ...]) -> None:
    """"Choose 4 pieces and add them to your satchel (not your glassworks)." """
    s.lake = without(s.lake, pieces)
    satchels = list(s.satchels)
    satchels[s.current] = tuple(sorted(satchels[s.current] + pieces))
    s.satchels = tuple(satchels)
    if len(satchels[s.current]) > SATCHEL_LIMIT:
        s.phase = OVERFLOW
    else:
        finish_drawing(s)


def send_to_overflow(s: GlassState, piece: int) -> None:
    """"Your satchel can only hold 5 pieces. If you go over, place pieces of your
    choice in overflow." One piece at a time, until it holds 5."""
    seat = s.current
    satchels = list(s.satchels)
    satchels[seat] = without(satchels[seat], (piece,))
    s.satchels = tuple(satchels)
    boards = list(s.boards)
    board = boards[seat]
    boards[seat] = Glassworks(board.columns, board.overflow + (piece,))
    s.boards = tuple(boards)
    if len(satchels[seat]) <= SATCHEL_LIMIT:
        finish_drawing(s)


def finish_drawing(s: GlassState) -> None:
    refill_lake(s)
    end_turn(s)


def refill_lake(s: GlassState) -> None:
    """"Refill the lake back up to 5 pieces from the bag." """
    s.lake = tuple(sorted(s.lake + draw_or_trigger(s, LAKE_SIZE - len(s.lake))))
