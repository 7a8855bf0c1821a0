"""What a seat may do now: the steps of its phase open to its draft.

Phases 2 and 3 are simultaneous, so every seat that has not committed has moves;
each phase's module lists them (`dice_and_seats`, `excursions`).
"""

from __future__ import annotations

from . import dice_and_seats, excursions
from .state import RiversideState

PHASE_LEGAL = {2: dice_and_seats.legal_actions, 3: excursions.legal_actions}


def legal_actions(state: RiversideState, seat: int) -> list:
    if state.over or not 0 <= seat < state.seats or state.committed[seat]:
        return []
    draft = state.drafts[seat]
    return [] if draft is None else PHASE_LEGAL[state.phase](state, draft)
