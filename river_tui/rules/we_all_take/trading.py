"""Trading and gifts: "Players may trade with each other at any time, so long as all
parties involved agree to the trade. Players may also give tokens to each other for
free. Fish, trees, gravel, pollution, and gold are all tokens that may be traded."

Any seat may make an offer to any other once the camps are placed until the game is
over, on its turn
or not; the offer waits for its receiver, who accepts, declines or counters (a
counter is an offer back, which declines the first), while play goes on around it.
A gift (an offer asking nothing) waits for the receiver's answer too: "so long as
all parties involved agree". One offer waits by each seat and one for each seat at
a time; an offer that play has made impossible (a token it names was spent) is
withdrawn, and the log says so.
"""

from __future__ import annotations

from functools import lru_cache
from operator import ge

from .components import KINDS, MAX_DEALS
from .season_end import reopen_after_trade
from .state import CAMPS, OVER, Answer, PendingOffer, WeState


def offer_to(s: WeState, seat: int) -> PendingOffer | None:
    """The offer waiting for ``seat``'s answer, if any."""
    for offer in s.offers:
        if offer.to == seat:
            return offer
    return None


def offer_by(s: WeState, seat: int) -> PendingOffer | None:
    """The offer ``seat`` made that waits for an answer, if any."""
    for offer in s.offers:
        if offer.by == seat:
            return offer
    return None


def is_counter(s: WeState, seat: int, to: int) -> bool:
    """An offer back to the seat whose offer waits for this one: a counter."""
    waiting = offer_to(s, seat)
    return waiting is not None and waiting.by == to


def offer_problem(s: WeState, seat: int, to: int, give: tuple[int, ...], get: tuple[int, ...]) -> str | None:
    """Why this offer may not be made now (None: it may)."""
    if s.phase == OVER:
        return "The game is over."
    if s.phase == CAMPS:
        return "Trading begins once every camp is placed."
    if not 0 <= to < s.seats or to == seat:
        return "Offers are made to another seat at the table."
    if len(give) != len(KINDS) or len(get) != len(KINDS) or min(give + get) < 0 or not any(give + get):
        return "An offer names how many of each token changes hands."
    if offer_by(s, seat) is not None:
        return "Your offer waits for an answer; make another once it is answered or withdrawn."
    if offer_to(s, to) is not None and not is_counter(s, seat, to):
        return "That player has an offer to answer first."
    if s.deals[seat] >= MAX_DEALS:
        return f"You have made {MAX_DEALS} offers already; wait for your next turn or the next step of the season."
    if not all(map(ge, s.stock[seat], give)):
        return "You do not hold the tokens you offer."
    if not all(map(ge, s.stock[to], get)):
        return "They do not hold the tokens you ask for."
    return None


def unit_offers(s: WeState, seat: int) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """The offers `legal_actions` lists: one token as a gift, or one token for one token
    of another kind. Larger bundles are legal too (checked by `offer_problem`)."""
    out: list = []
    mine = holds(s, seat)
    for to in offer_receivers(s, seat):
        out += unit_offers_between(to, mine, holds(s, to))
    return out


def offer_receivers(s: WeState, seat: int) -> list[int]:
    """The seats ``seat`` may make an offer to now."""
    if s.phase in (CAMPS, OVER) or s.deals[seat] >= MAX_DEALS or offer_by(s, seat) is not None:
        return []
    if not s.offers:
        return [to for to in range(s.seats) if to != seat]
    answering = offer_to(s, seat)
    counter = -1 if answering is None else answering.by  # a counter goes to a seat that waits
    waiting = {offer.to for offer in s.offers}
    return [to for to in range(s.seats) if to != seat and (to not in waiting or to == counter)]


def holds(s: WeState, seat: int) -> tuple[bool, ...]:
    """Which kinds of token the seat holds any of."""
    fish, tree, gravel, pollution, gold = s.stock[seat]
    return (fish > 0, tree > 0, gravel > 0, pollution > 0, gold > 0)


@lru_cache(maxsize=None)
def unit_offers_between(to: int, mine: tuple[bool, ...], theirs: tuple[bool, ...]) -> tuple:
    """The unit offers to ``to`` when the offering seat holds the kinds ``mine`` and the
    receiver ``theirs``: each of the few such patterns is worked out once a process."""
    out = []
    for k, have in enumerate(mine):
        if have:
            out.append((to, _UNIT[k], _NOTHING))
            out += [(to, _UNIT[k], _UNIT[j]) for j, held in enumerate(theirs) if held and j != k]
    return tuple(out)


_NOTHING = (0,) * len(KINDS)
_UNIT = tuple(tuple(int(k == kind) for k in range(len(KINDS))) for kind in range(len(KINDS)))


def make_offer(s: WeState, seat: int, to: int, give: tuple[int, ...], get: tuple[int, ...]) -> None:
    if is_counter(s, seat, to):
        decline(s, seat)
    s.deals = s.deals[:]  # shared with the state this one was copied from (`WeState.clone`)
    s.deals[seat] += 1
    s.offers += (PendingOffer(seat, to, give, get),)


def transfer(s: WeState, giver: int, taker: int, counts: tuple[int, ...]) -> None:
    for k, n in enumerate(counts):
        s.stock[giver][k] -= n
        s.stock[taker][k] += n


def _settle(s: WeState, offer: PendingOffer, accepted: bool) -> None:
    s.offers = tuple(o for o in s.offers if o is not offer)
    s.answered += (Answer(offer, accepted, s.season, tuple(s.stock[offer.to])),)


def accept(s: WeState, seat: int) -> None:
    """Both sides still hold what they promised (`withdraw_impossible` runs after every
    move, so a waiting offer is always one both sides can keep)."""
    offer = offer_to(s, seat)
    transfer(s, offer.by, offer.to, offer.give)
    transfer(s, offer.to, offer.by, offer.get)
    _settle(s, offer, True)
    reopen_after_trade(s, (offer.by, offer.to))


def decline(s: WeState, seat: int) -> None:
    _settle(s, offer_to(s, seat), False)


def possible(s: WeState, offer: PendingOffer) -> bool:
    """Whether each side still holds at least what the offer has it hand over."""
    return all(map(ge, s.stock[offer.by], offer.give)) and all(map(ge, s.stock[offer.to], offer.get))


def withdraw_impossible(s: WeState) -> None:
    """Withdraw the offers play has made impossible, and every offer once the game is
    over; each with an event for the log."""
    for offer in s.offers:
        if s.phase == OVER or not possible(s, offer):
            s.offers = tuple(o for o in s.offers if o is not offer)
            s.events.append(("withdrawn", offer.by, offer.to, offer.give, offer.get, s.phase == OVER))


def answered_this_season(s: WeState, by: int, to: int, give: tuple[int, ...], get: tuple[int, ...]) -> bool:
    """Whether the same two seats already settled these two bundles this season, either
    way round: the same offer, the one back, or its reverse (undoing an accepted trade)."""
    pair, bundles = {by, to}, {give, get}
    return any(
        a.season == s.season and {a.offer.by, a.offer.to} == pair and {a.offer.give, a.offer.get} == bundles
        for a in s.answered
    )


def declined_unchanged(s: WeState, by: int, to: int, give: tuple[int, ...], get: tuple[int, ...]) -> bool:
    """Whether ``to`` declined this very offer from ``by`` the last time it was made, in
    any season, and nothing that makes it worth more to them has changed since (a
    table-mate does not ask again): they hold no fewer of any kind it offers them than
    when they declined. (Holding more of what it asks is no reason: a seat that hoards
    gold for Capital declined gold for fish at five and still does at eight.)"""
    latest = next((a for a in reversed(s.answered) if a.offer == PendingOffer(by, to, give, get)), None)
    if latest is None or latest.accepted:
        return False
    return all(s.stock[to][k] >= latest.held[k] for k in range(len(KINDS)) if give[k])


def accepted_between(before: WeState, after: WeState) -> PendingOffer | None:
    """The offer a move from ``before`` to ``after`` saw accepted, if any."""
    return next((a.offer for a in after.answered[len(before.answered):] if a.accepted), None)
