"""Why a computer seat declined an offer, in one short sentence its maker reads.

Read-only: the seats decide in `bargaining` and the search, and nothing here is asked
by them. The sentence is drawn from what they weigh: what the seat keeps too late in
the game to win back (`keeping.gives_up`) and its own evaluation of the position
(`evaluation.evaluate`, which reads its own role), with the offer's two halves weighed
apart, so it can say whether it needs what was asked or gains nothing from what was
given. It names no role and no objective: those stay secret.
"""

from __future__ import annotations

from .actions import ACCEPT
from .bargaining import PASS_BIAS
from .evaluation import evaluate
from .keeping import gives_up
from .narration import counted
from .state import PendingOffer, WeState
from .trading import accept, offer_to, transfer


def why_declined(s: WeState, seat: int, offer: PendingOffer) -> str | None:
    """Why ``seat`` declined ``offer``, in ``s`` (the position it waited in, as that seat
    sees it): "it needs the 1 fish you asked for more than the 1 tree you offer"; None
    if the offer is not waiting for that seat in ``s`` (nothing to weigh)."""
    if offer_to(s, seat) != offer:
        return None
    if gives_up(s, seat, ACCEPT):
        return "this late in the game it keeps what it holds for its own ends"
    now = evaluate(s, seat)
    accepted = s.clone()
    accept(accepted, seat)
    if evaluate(accepted, seat) > now + PASS_BIAS:
        return "looking further ahead, it expects more from what it holds now"
    asked, given = counted(offer.get), counted(offer.give)
    loss = now - _worth_after(s, seat, seat, offer.by, offer.get)
    gain = _worth_after(s, seat, offer.by, seat, offer.give) - now
    if not any(offer.give):
        needs = f", and it needs the {asked} you asked for" if loss > PASS_BIAS else ""
        return f"it gives nothing away for nothing{needs}"
    if loss <= PASS_BIAS:
        return f"the {given} you offer gains it nothing"
    if gain <= PASS_BIAS:
        return f"it needs the {asked} you asked for, and the {given} you offer gains it nothing"
    return f"it needs the {asked} you asked for more than the {given} you offer"


def _worth_after(s: WeState, seat: int, giver: int, taker: int, counts: tuple[int, ...]) -> float:
    """``seat``'s evaluation of the position had ``giver`` handed ``counts`` to ``taker``
    (one half of an offer alone), worked out on a copy."""
    after = s.clone()
    transfer(after, giver, taker, counts)
    return evaluate(after, seat)
