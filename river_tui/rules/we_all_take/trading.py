"""Trading and gifts: "Players may trade with each other at any time, so long as all
parties involved agree to the trade. Players may also give tokens to each other for
free. Fish, trees, gravel, pollution, and gold are all tokens that may be traded."

An offer is an action of the seat making it; the other seat accepts or declines. A
gift (an offer asking nothing) waits for the receiver's answer too: "so long as all
parties involved agree" (nobody is handed pollution, or anything, unasked).
"""

from __future__ import annotations

from .components import KINDS, MAX_DEALS
from .state import PendingOffer, WeState


def offer_problem(s: WeState, seat: int, to: int, give: tuple[int, ...], get: tuple[int, ...]) -> str | None:
    """Why this offer may not be made now (None: it may)."""
    if s.offer is not None:
        return "Another offer is waiting for an answer."
    if not 0 <= to < s.seats or to == seat:
        return "Offers are made to another seat at the table."
    if len(give) != len(KINDS) or len(get) != len(KINDS) or min(give + get) < 0 or not any(give + get):
        return "An offer names how many of each token changes hands."
    if s.deals[seat] >= MAX_DEALS:
        return f"You have made {MAX_DEALS} offers already; wait for your next turn or the next step of the season."
    if any(have < want for have, want in zip(s.stock[seat], give)):
        return "You do not hold the tokens you offer."
    if any(have < want for have, want in zip(s.stock[to], get)):
        return "They do not hold the tokens you ask for."
    return None


def unit_offers(s: WeState, seat: int) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """The offers `legal_actions` lists: one token as a gift, or one token for one token
    of another kind. Larger bundles are legal too (checked by `offer_problem`)."""
    if s.offer is not None or s.deals[seat] >= MAX_DEALS:
        return []
    mine = s.stock[seat]
    out = []
    for to in range(s.seats):
        if to == seat:
            continue
        theirs = s.stock[to]
        for k, have in enumerate(mine):
            if not have:
                continue
            give = _UNIT[k]
            out.append((to, give, _NOTHING))
            out += [(to, give, _UNIT[j]) for j, held in enumerate(theirs) if held and j != k]
    return out


_NOTHING = (0,) * len(KINDS)
_UNIT = tuple(tuple(int(k == kind) for k in range(len(KINDS))) for kind in range(len(KINDS)))


def make_offer(s: WeState, seat: int, to: int, give: tuple[int, ...], get: tuple[int, ...]) -> None:
    s.deals[seat] += 1
    s.offer = PendingOffer(seat, to, give, get)


def transfer(s: WeState, giver: int, taker: int, counts: tuple[int, ...]) -> None:
    for k, n in enumerate(counts):
        s.stock[giver][k] -= n
        s.stock[taker][k] += n


def accept(s: WeState) -> None:
    """Both sides still hold what they promised (nothing else moves while an offer waits)."""
    offer = s.offer
    transfer(s, offer.by, offer.to, offer.give)
    transfer(s, offer.to, offer.by, offer.get)
    s.answered.append((offer, True))
    s.offer = None


def decline(s: WeState) -> None:
    s.answered.append((s.offer, False))
    s.offer = None


def answered_this_season(s: WeState, by: int, to: int, give: tuple[int, ...], get: tuple[int, ...]) -> bool:
    """Whether the same two seats already settled these two bundles this season, either
    way round: the same offer, the one back, or its reverse (undoing an accepted trade)."""
    pair, bundles = {by, to}, {give, get}
    return any({o.by, o.to} == pair and {o.give, o.get} == bundles for o, _ in s.answered)
