"""Search hints for Riverside.

Seats share the dice but each fills its own sheet ("Multiple players can utilize
the same dice"); they meet only in the final comparison. So the search plays
solitaire: the tree holds the searching seat's choices, the others move by the
playout policy, and a seat's reward is what its sheet gains.

Playouts finish the seat's round the greedy way; its sheet is judged when its
excursions are over (before the next roll: the judgement carries no chance), by the points it would score now, captain points included,
plus the greedy bot's valuation of what is still to come (excursions its tickets
will pay for, rows on their way, unused powers and fire) and the "+1" symbols
left.
"""

from __future__ import annotations

import math

from ...riverside.bots import choose_greedy, sheet_value
from ...riverside.components import CAPTAIN_REWARD
from ...riverside.determinize import determinize
from ...riverside.scoring import captain_points
from ...riverside.state import CHOOSE_DICE, RiversideState, Sheet
from ..hints import SearchHints, Thinking

PLUS_ONE = (2.0, 10.0)
"""A "+1" symbol left is worth this much, plus the second figure times the share
of the voyage still ahead (the greedy bot's own costs)."""
CAPTAIN_SPREAD = 10.0
"""Captain points by which a lead makes the +15 nearly sure."""


def current_sheet(state: RiversideState, seat: int) -> Sheet:
    draft = state.drafts[seat] if state.drafts else None
    return state.sheets[seat] if draft is None else draft.sheet


def evaluate(state: RiversideState) -> list[float]:
    """Each seat's sheet as it stands, its captain points against the others'
    settled sheets (what they do this phase is unknown: no guessing on it)."""
    progress = state.ship / state.board.anchor
    settled = [captain_points(sheet) for sheet in state.sheets]
    out = []
    for seat in range(state.seats):
        sheet = current_sheet(state, seat)
        captain = captain_points(sheet)
        scored = sum(sum(boat) for boat in sheet.excursions) + captain
        later = sheet_value(state, sheet, progress) + sheet.plus_ones_left * (PLUS_ONE[0] + PLUS_ONE[1] * (1 - progress))
        if state.seats > 1:
            lead = captain - max(c for other, c in enumerate(settled) if other != seat)
            scored += CAPTAIN_REWARD * math.tanh(lead / CAPTAIN_SPREAD)
        out.append(scored + later)
    return out


def random_move(game, state: RiversideState, seat: int, rng):
    """The other seats' playouts: their sheets hardly matter to this one's."""
    return rng.choice(game.legal_actions(state, seat))


def round_done(state: RiversideState, seat: int) -> bool:
    """Judge a seat's sheet once its excursions of the round are over, before
    the next roll (a new round reached otherwise, or the end, counts too)."""
    return (state.phase == 3 and state.committed[seat]) or state.drafts[seat].turn.stage == CHOOSE_DICE


HINTS = SearchHints(
    determinize=determinize,
    evaluate=evaluate,
    playout=choose_greedy,
    others_playout=random_move,
    playout_depth=1,
    judge_at=round_done,
    victory=20.0,
    others_in_tree=False,
    solitaire=True,
    best_line=True,
    thinking=Thinking(normal=0.05, hard=0.2),
)
