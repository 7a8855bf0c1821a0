"""Glass pieces as small integers: ``colour * 8 + shape``.

A piece is fully described by its colour and its shape, so identical pieces are
the same number; satchels, the lake and the bag are sorted tuples of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache

from .components import BLACK_SEATS, COLOURS, SHAPES


def piece(colour: int, shape: int) -> int:
    return colour << 3 | shape


def colour_of(p: int) -> int:
    return p >> 3


def piece_name(p: int) -> str:
    """"white heart"."""
    return f"{COLOURS[p >> 3].name} {SHAPES[p & 7].name}"


def names(pieces: Iterable[int]) -> str:
    """"2 white hearts, an orange star and a purple star", or "nothing"."""
    counts = Counter(pieces)
    if not counts:
        return "nothing"
    parts = [_one(piece_name(p)) if n == 1 else f"{n} {piece_name(p)}s" for p, n in sorted(counts.items())]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _one(name: str) -> str:
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


@cache
def full_bag(seats: int) -> tuple[int, ...]:
    """"Place all colored glass pieces (except black) in the bag. Only add black
    if you have 5 players." Sorted."""
    return tuple(
        piece(c, s)
        for c, colour in enumerate(COLOURS)
        if not colour.five_players_only or seats >= BLACK_SEATS
        for s, count in enumerate(colour.assortment)
        for _ in range(count)
    )


def without(pieces: tuple[int, ...], taken: Iterable[int]) -> tuple[int, ...]:
    """``pieces`` with one copy of each of ``taken`` removed (each must be there)."""
    rest = list(pieces)
    for p in taken:
        rest.remove(p)
    return tuple(rest)


def contains(pieces: tuple[int, ...], wanted: Iterable[int]) -> bool:
    """Whether ``pieces`` holds every one of ``wanted`` (counting repeats)."""
    rest = list(pieces)
    for p in wanted:
        if p not in rest:
            return False
        rest.remove(p)
    return True
