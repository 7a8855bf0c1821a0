"""The state of a game of River Valley Glassworks.

Everything on the table is public (satchels are open tiles; what is left in the
bag follows from what is out of it), so a seat's view differs from the state only
in holding no RNG: nobody may know the order the bag will give its pieces.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass

from ..rng import Rng

# Phases of a turn. A turn starts in TURN (place or draw); placing leads to
# GATHER, gathering several new colours to ORDER; drawing past 5 leads to OVERFLOW.
TURN = "turn"
GATHER = "gather"
ORDER = "order"
OVERFLOW = "overflow"
OVER = "over"

# Why the end came: a seat reached 17, or the bag could not give a piece.
BY_INVENTORY = "inventory"
BY_EMPTY_BAG = "bag"


@dataclass(frozen=True, slots=True)
class Glassworks:
    """One player's glassworks board.

    ``columns`` holds the filled columns left to right (new colours always take
    the next empty column, so filled columns are a prefix), each the pieces from
    bottom to top, all one colour. ``overflow`` holds the pieces that did not fit.
    """

    columns: tuple[tuple[int, ...], ...] = ()
    overflow: tuple[int, ...] = ()

    @property
    def inventory(self) -> int:
        """"how many total pieces are in your glassworks (not including overflow)"."""
        return sum(len(c) for c in self.columns)

    @property
    def heights(self) -> tuple[int, ...]:
        return tuple(len(c) for c in self.columns)


@dataclass
class GlassState:
    """A game in progress.

    ``river`` lists the tile shapes from the start of the river (furthest from the
    lake) to its end beside the lake; ``tiles[shape]`` holds the pieces on the
    tile of that shape. ``placed`` is the tile placed on this turn (GATHER phase),
    ``pending`` the gathered pieces of new colours awaiting their order (ORDER).
    Once the end is triggered, ``turns_left`` counts the turns still to play,
    the current one included.

    Rules steps work on a `copy` and never change a state they were given.
    """

    seats: int
    bag: tuple[int, ...]
    river: tuple[int, ...]
    tiles: tuple[tuple[int, ...], ...]
    lake: tuple[int, ...]
    satchels: tuple[tuple[int, ...], ...]
    boards: tuple[Glassworks, ...]
    current: int
    phase: str
    round: int
    placed: int | None
    pending: tuple[int, ...]
    turns_left: int | None
    end_cause: str | None
    end_seat: int | None
    rng: Rng | None

    def copy(self) -> GlassState:
        """A copy whose RNG is its own (every other field is immutable), cheaper
        than ``dataclasses.replace``: the fields read in one call and passed to
        ``__init__`` (an instance filled through its ``__dict__`` instead reads its
        attributes at half the speed ever after)."""
        new = GlassState(*_EVERY_FIELD(self))
        if self.rng is not None:
            new.rng = self.rng.copy()
        return new


_EVERY_FIELD = operator.attrgetter(*GlassState.__match_args__)
"""Every field of a state, in order, read in one call."""
