"""What the player to act may do now, one list per phase of the turn.

Actions are interned (the same action is the same object) and the lists for a
given satchel or lake are remembered, which keeps them cheap for bots and
benchmarks.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations

from .actions import Draw, Gather, NewColumn, Overflow, Pass, Place
from .components import LAKE_DRAW, SHAPES
from .river import adjacent_tiles
from .state import GATHER, ORDER, OVERFLOW, TURN, GlassState

_place = cache(Place)
_gather = cache(Gather)
_new_column = cache(NewColumn)
_draw = cache(Draw)
_overflow = cache(Overflow)
PASS = Pass()


def legal_actions(s: GlassState, seat: int) -> list:
    if seat != s.current:
        return []
    phase = s.phase
    if phase == TURN:
        actions = [*placements(s.satchels[seat]), *draws(s.lake)]
        return actions or [PASS]
    if phase == GATHER:
        return [_gather(t) for t in adjacent_tiles(s.river, s.placed)]
    if phase == ORDER:
        return [_new_column(c) for c in sorted({p >> 3 for p in s.pending})]
    if phase == OVERFLOW:
        return [_overflow(p) for p in sorted(set(s.satchels[seat]))]
    return []


@lru_cache(maxsize=8192)
def placements(satchel: tuple[int, ...]) -> tuple:
    """One piece on its shape's tile; two pieces of one shape on any tile.
    The satchel is sorted, so equal pieces sit side by side."""
    distinct = sorted(set(satchel))
    out = [_place((p,), p & 7) for p in distinct]
    for i, p in enumerate(distinct):
        if satchel.count(p) > 1:
            out.extend(_place((p, p), t) for t in range(len(SHAPES)))
        for q in distinct[i + 1 :]:
            if q & 7 == p & 7:
                out.extend(_place((p, q), t) for t in range(len(SHAPES)))
    return tuple(out)


@lru_cache(maxsize=8192)
def draws(lake: tuple[int, ...]) -> tuple:
    """Every different choice of 4 lake pieces (all of them if fewer remain)."""
    if not lake:
        return ()
    return tuple(_draw(c) for c in sorted(set(combinations(lake, min(LAKE_DRAW, len(lake))))))
