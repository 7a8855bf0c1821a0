"""Search hints for Riverside.

Seats share the dice but each fills its own sheet ("Multiple players can utilize
the same dice"); they meet only in the final comparison. So the search plays
solitaire: the tree holds the searching seat's choices, the others move by the
playout policy, and a seat's reward is the points its sheet gains.
A sheet is judged by its points so far (excursions and the stave church) plus
the greedy bot's valuation of its tickets, rows on their way, powers and fire.
"""

from __future__ import annotations

from ...riverside.bots import choose_greedy, sheet_value
from ...riverside.determinize import determinize
from ...riverside.state import CHOOSE_DICE, RiversideState
from ..hints import SearchHints


def evaluate(state: RiversideState) -> list[float]:
    progress = state.ship / state.board.anchor
    out = []
    for seat, sheet in enumerate(state.sheets):
        draft = state.drafts[seat] if state.drafts else None
        if draft is not None:
            sheet = draft.sheet
        scored = sum(sum(boat) for boat in sheet.excursions) + sum(sheet.church)
        out.append(scored + sheet_value(state, sheet, progress))
    return out


def playout(game, state: RiversideState, seat: int, rng):
    """The greedy bot's choices, but any die: its dice choice plays every option out."""
    if state.drafts[seat].turn.stage == CHOOSE_DICE:
        return rng.choice(game.legal_actions(state, seat))
    return choose_greedy(game, state, seat, rng)


HINTS = SearchHints(
    determinize=determinize,
    evaluate=evaluate,
    playout=playout,
    playout_depth=0,
    scale=15.0,
    margin_weight=1.0,
    others_in_tree=False,
    solitaire=True,
)
