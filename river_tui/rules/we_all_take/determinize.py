"""What a seat of We All Take cannot see, filled in for the search bots.

The map, the stocks, the almanac and the discards are open. Hidden are the
other seats' role cards ("Players should only see their own role card") and the
order of the face-down weather deck; the dice are the RNG's. From three players
up the roles come from one shuffled deck, so the others hold roles drawn without
replacement from those that are not the seat's own; with one or two players
everyone is the Steward. A determinization deals those, shuffles the deck it
sees (sorted) and gives the state a fresh RNG.
"""

from __future__ import annotations

import random

from ..rng import Rng
from .components import ROLE_SEATS, ROLES, STEWARD
from .state import WeState


def determinize(view: WeState, seat: int, rng: random.Random) -> WeState:
    state = view.clone()
    state.events = list(view.events)
    state.rng = Rng(rng.getrandbits(64))
    state.deck = rng.sample(view.deck, len(view.deck))
    if None in view.roles:
        if view.seats >= ROLE_SEATS:
            unseen = rng.sample([r.id for r in ROLES if r.id != view.roles[seat]], view.seats)
        else:
            unseen = [STEWARD.id] * view.seats
        state.roles = [role if role is not None else unseen[other] for other, role in enumerate(view.roles)]
    return state
