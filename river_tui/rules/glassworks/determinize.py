"""What a Glassworks seat cannot see, filled in for the search bots.

Everything on the table is open, and what is left in the bag follows from what
is out of it (the view keeps it). The only secret is the order the bag will give
its pieces, that is the RNG: a determinization is the view with a fresh one.
"""

from __future__ import annotations

import random

from ..rng import Rng
from .state import GlassState


def determinize(view: GlassState, seat: int, rng: random.Random) -> GlassState:
    state = view.copy()
    state.rng = Rng(rng.getrandbits(64))
    return state
