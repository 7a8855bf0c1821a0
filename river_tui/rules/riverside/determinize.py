"""What a Riverside seat cannot see, filled in for the search bots.

The score sheets as the phase began are open; what another seat has crossed and
scored so far in this simultaneous phase is hidden until everyone commits, and
the dice still to roll are the RNG's. A determinization restarts every other seat
that has not committed at the start of the phase, plays the phase through with
uniformly random choices for each seat that has committed (anything it could
have done is consistent with what was seen), and gives the state a fresh RNG.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..rng import Rng
from .game import RiversideGame
from .state import PHASE_2_START, PHASE_3_START, Draft, RiversideState

PHASE_START = {2: PHASE_2_START, 3: PHASE_3_START}
RULES = RiversideGame()


def determinize(view: RiversideState, seat: int, rng: random.Random) -> RiversideState:
    state = replace(view, rng=Rng(rng.getrandbits(64)))
    if view.over:
        return state
    start = PHASE_START[view.phase]
    drafts = tuple(draft if other == seat else Draft(view.sheets[other], start) for other, draft in enumerate(view.drafts))
    state = replace(state, drafts=drafts, committed=(False,) * view.seats)
    for other, done in enumerate(view.committed):
        if done and other != seat:
            state = play_phase(state, other, rng)
    return state


def play_phase(state: RiversideState, seat: int, rng: random.Random) -> RiversideState:
    """``seat`` goes through the current phase with random choices until it commits."""
    while not state.committed[seat]:
        state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    return state
