"""Drawing from the bag: the game's only randomness."""

from __future__ import annotations

from .state import GlassState


def draw_from_bag(s: GlassState, n: int) -> tuple[int, ...]:
    """Draw up to ``n`` random pieces from the bag of the working state ``s``.

    Fewer come out when the bag runs out; the caller decides what that means.
    """
    bag = s.bag
    rng = s.rng
    drawn = []
    for _ in range(min(n, len(bag))):
        i = rng.below(len(bag))
        drawn.append(bag[i])
        bag = bag[:i] + bag[i + 1 :]
    s.bag = bag
    return tuple(drawn)
