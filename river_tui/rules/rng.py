"""The seeded random number generator every game carries in its state.

All randomness in a game (dice, shuffles, bag draws) comes from the `Rng` in its
state, so the same seed and the same actions always give the same game. The
generator is a tiny SplitMix64: its whole state is one integer, so it copies,
compares and serialises trivially. Views replace it with ``None`` so no seat can
predict the next roll.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_new = object.__new__


class Rng:
    """A copyable, deterministic random source whose state is one 64-bit integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def __repr__(self) -> str:
        return f"Rng({self.state})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def copy(self) -> Rng:
        new = _new(Rng)  # the state is masked already (every state copies its RNG: no __init__)
        new.state = self.state
        return new

    def next64(self) -> int:
        """The next 64 random bits (SplitMix64)."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # Rejection sampling keeps the draw unbiased.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``, like a die from low to high."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def draw(self, items: MutableSequence[T]) -> T:
        """Remove and return a uniformly chosen item, like drawing from a bag."""
        i = self.below(len(items))
        items[i], items[-1] = items[-1], items[i]
        return items.pop()
