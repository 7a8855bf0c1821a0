"""Following rivers across the board and finding the Territories they close.

"Any combination of Lairs, Rivers and River Ends that form a continuous, closed
shape without turning a corner is called a Territory." A river is followed from
tile to tile through the side they share, and inside a tile only along the river
drawn there: where two rivers cross, the river goes straight on, and a river never
jumps to another river of the same tile ("a Territory always follows the direction
of the river from start to end and never turns sharply around a corner").

A river stops at a Lair or a River End (a closed end), at an empty square (it may
still be continued), or for good at a dry side, the board's edge or a locked square
that stays shut (a dead end: it can never close).
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import CONNECTIONS, NEIGHBOURS
from .components import DRY, END, LAIR
from .state import DUAL, LAKE, LOOP, SINGLE, Territory

OPEN = 6  # the river runs into an empty square that may still take a tile
DEAD = 7  # the river runs into a dry side, the board's edge or a shut locked square
CIRCLE = 8  # the river came back to where it started

Step = tuple[int, int]


def follow(
    tiles: Sequence[int],
    playable: Sequence[bool],
    square: int,
    side: int,
    home: int = -1,
    home_side: int = -1,
) -> tuple[list[Step], int, int]:
    """Follow the river leaving ``square`` through ``side``.

    Returns the passes on the way (square, river key), how it stops (END, LAIR,
    OPEN, DEAD, or CIRCLE when it enters ``home`` through ``home_side``) and the
    square where it stops (-1 off the board).
    """
    steps: list[Step] = []
    while True:
        nxt = NEIGHBOURS[square][side]
        if nxt < 0:
            return steps, DEAD, -1
        tile = tiles[nxt]
        if tile < 0:
            return steps, (OPEN if playable[nxt] else DEAD), nxt
        enter = (side + 2) & 3
        if nxt == home and enter == home_side:
            return steps, CIRCLE, nxt
        held = CONNECTIONS[tile][enter]
        if held == DRY:
            return steps, DEAD, nxt
        if held >= END:
            steps.append((nxt, enter))
            return steps, held, nxt
        steps.append((nxt, enter if enter < held else held))
        square, side = nxt, held


def closed_by(
    tiles: Sequence[int],
    lair_owner: Sequence[int],
    playable: Sequence[bool],
    square: int,
    placer: int,
) -> list[Territory]:
    """The Territories that the tile on ``square`` closes ("After you have placed a
    River Tile or a Lair Tile on the board, always check to see if there are any new
    Territories"). Each one is listed once, even if its river passes the tile twice."""
    sides = CONNECTIONS[tiles[square]]
    seen: set[Step] = set()
    found: list[Territory] = []
    for side, held in enumerate(sides):
        if held == DRY or (held < END and held < side):
            continue
        own: Step = (square, side)
        if own in seen:
            continue
        if held >= END:
            steps, stop, where = follow(tiles, playable, square, side)
            if stop not in (END, LAIR):
                continue
            path = [own, *steps]
            ends = ((held, square), (stop, where))
        else:
            after, stop, where = follow(tiles, playable, square, held, square, side)
            if stop == CIRCLE:
                path = [own, *after]
                seen.update(path)
                found.append(Territory(LOOP, tuple(path), (), placer))
                continue
            if stop not in (END, LAIR):
                continue
            before, back_stop, back_where = follow(tiles, playable, square, side)
            if back_stop not in (END, LAIR):
                continue
            path = [*reversed(before), own, *after]
            ends = ((back_stop, back_where), (stop, where))
        seen.update(path)
        found.append(_territory(path, ends, lair_owner, placer))
    return found


def _territory(
    path: list[Step], ends: tuple[tuple[int, int], ...], lair_owner: Sequence[int], placer: int
) -> Territory:
    if ends[0][0] != LAIR and ends[1][0] == LAIR:  # a Single Territory reads from its Lair
        path.reverse()
        ends = ends[::-1]
    owners = tuple(lair_owner[where] for stop, where in ends if stop == LAIR)
    kind = (LAKE, SINGLE, DUAL)[len(owners)]
    return Territory(kind, tuple(path), owners, placer)


def open_lairs(
    tiles: Sequence[int], lair_owner: Sequence[int], playable: Sequence[bool]
) -> list[tuple[int, int, int, int]]:
    """Every Lair whose river still runs into an empty square, as
    (owner, lair square, tiles passed so far, the empty square it runs into)."""
    return [(owner, square, len(passes), where) for owner, square, passes, where in
            open_lair_passes(tiles, lair_owner, playable)]


def open_lair_passes(
    tiles: Sequence[int], lair_owner: Sequence[int], playable: Sequence[bool]
) -> list[tuple[int, int, tuple[Step, ...], int]]:
    """Every Lair whose river still runs into an empty square, as (owner, lair
    square, the river's passes from the Lair on, the empty square it runs into)."""
    out = []
    for square, owner in enumerate(lair_owner):
        if owner < 0:
            continue
        side = CONNECTIONS[tiles[square]].index(LAIR)
        steps, stop, where = follow(tiles, playable, square, side)
        if stop == OPEN:
            out.append((owner, square, ((square, side), *steps), where))
    return out
