"""How a computer seat of We All Take bargains: the offers it makes, how it answers
one, its counters and Charity's gifts.

A good table-mate (`may_offer`) makes an offer the rules allow, never hands anyone
pollution, never makes again an offer the same two seats settled this season (either
way round: `trading.answered_this_season`), nor one its receiver declined before while
nothing that changes its value for them has changed (they hold as many of the kinds it
names as then: `trading.declined_unchanged`), and never gives away what its own
objectives hold too late to win it back (`keeping.gives_up`).

It offers one token for one: the swap that helps its own objectives most, to a seat
that looks likely to gain from it too (plenty of what is asked, less of what is
given; roles are hidden, so that is all there is to go on); in the last trading
window before the scores, to any seat holding what it lacks. It offers at the
exchange and, on the map, once a turn as its structures start to act (`offer_on_turn`). It accepts what helps its
objectives; otherwise it counters one for one, when that helps it, rather than only
declining: one of its tokens for one of those offered, or the token asked of it for
another the offerer holds. A Charity seat, which needs every other
seat to complete an objective, gives a fish to a seat a fish or two short of fifteen
(the public sign of Agriculture) near the end, when its own objectives can spare it.
"""

from __future__ import annotations

from .actions import ACCEPT, DECLINE, Offer
from .components import AGRICULTURE, CHARITY, FISH, FISH_GOAL, KINDS, POLLUTION
from .evaluation import evaluate, role_of, seasons_left
from .keeping import gives_up
from .season_end import last_trading_window
from .state import ACTIONS, WeState
from .trading import (
    accept, answered_this_season, declined_unchanged, offer_problem, offer_to, transfer, unit_offers,
)

PASS_BIAS = 0.05
"""What accepting or countering must be worth (ties go to declining)."""
TRADE_GAIN = 1.5
"""What a trade must be worth to the bot before it offers one."""
PLENTY = 2
"""How many of what it asks a seat must hold to be asked for one (and fewer of what it
is given): a sign it may gain from the swap too."""
CHARITY_NEAR = 2
"""How few fish short of fifteen a seat is when Charity gives it one."""
CHARITY_SEASONS = 2.0
"""Charity gives in the game's last seasons (earlier, fish build boats and nets)."""

_NOTHING = (0,) * len(KINDS)
_ONE = tuple(tuple(int(k == kind) for k in range(len(KINDS))) for kind in range(len(KINDS)))


def may_offer(s: WeState, seat: int, to: int, give: tuple[int, ...], get: tuple[int, ...]) -> bool:
    """Whether a good table-mate makes this offer (see the module's docstring)."""
    return (
        not give[POLLUTION]
        and offer_problem(s, seat, to, give, get) is None
        and not answered_this_season(s, seat, to, give, get)
        and not declined_unchanged(s, seat, to, give, get)
        and not gives_up(s, seat, Offer(to, give, get))
    )


def trade(s: WeState, seat: int) -> Offer | None:
    """The offer this seat makes now, if any: at most one a step (so at most one to each
    other seat), the best one-for-one swap, else Charity's gift."""
    if s.deals[seat]:
        return None
    base = evaluate(s, seat)
    best, best_gain = None, TRADE_GAIN
    last = last_trading_window(s)
    for to, give, get in unit_offers(s, seat):
        if not any(get):
            continue
        asked, given = get.index(1), give.index(1)
        if not last and (s.stock[to][asked] < PLENTY or s.stock[to][given] >= s.stock[to][asked]):
            continue  # in the last window anyone holding it is asked: there is no later
        if not may_offer(s, seat, to, give, get):
            continue
        gain = worth_after_swap(s, seat, to, give, get) - base
        if gain > best_gain:
            best, best_gain = Offer(to, give, get), gain
    return best or charity_gift(s, seat)


def offer_on_turn(s: WeState, seat: int) -> Offer | None:
    """On the map, the offer `trade` would make, once a turn, as the seat's structures
    start to act (before they harvest or build: what it gets may pay for a build). It
    goes to people and computer seats alike; one waits by each seat and one for each
    seat at a time, so a person is put one offer at a time. Weighed only at a decision
    the seat makes, in its view (which holds no RNG): the positions a search imagines
    and its playouts leave it out (it weighs a dozen swaps; they ran three times slower)."""
    if s.rng is not None or s.phase != ACTIONS or not s.groups or s.groups[0][0] != seat or s.deals[seat]:
        return None
    if any(st.owner == seat for key, st in s.structures.items() if key in s.used):
        return None  # its structures have begun this turn
    return trade(s, seat)


def charity_gift(s: WeState, seat: int) -> Offer | None:
    """A fish for the seat nearest fifteen among those a fish or two short, from a
    Charity seat in the game's last seasons whose own objectives spare it."""
    objectives = role_of(s, seat).objectives
    if CHARITY not in objectives or seasons_left(s) > CHARITY_SEASONS or not s.stock[seat][FISH]:
        return None
    if AGRICULTURE in objectives and s.stock[seat][FISH] <= FISH_GOAL:
        return None
    near = [o for o in range(s.seats) if o != seat and FISH_GOAL - CHARITY_NEAR <= s.stock[o][FISH] < FISH_GOAL]
    for to in sorted(near, key=lambda o: (-s.stock[o][FISH], o)):
        if may_offer(s, seat, to, _ONE[FISH], _NOTHING):
            return Offer(to, _ONE[FISH], _NOTHING)
    return None


def worth_after_swap(s: WeState, seat: int, to: int, give: tuple[int, ...], get: tuple[int, ...]) -> float:
    """`evaluate` for ``seat`` had the swap been made (worked out on ``s`` itself and
    undone: a whole clone per candidate swap was most of the search's time at the
    exchange)."""
    transfer(s, seat, to, give)
    transfer(s, to, seat, get)
    try:
        return evaluate(s, seat)
    finally:
        transfer(s, seat, to, get)
        transfer(s, to, seat, give)


def answer(s: WeState, seat: int) -> object:
    """Accept what helps this seat's objectives, else counter, else decline."""
    if not gives_up(s, seat, ACCEPT):
        sim = s.clone()
        accept(sim, seat)
        if evaluate(sim, seat) > evaluate(s, seat) + PASS_BIAS:
            return ACCEPT
    return counter(s, seat) or DECLINE


def counter(s: WeState, seat: int) -> Offer | None:
    """One token for one, the swap worth most to this seat, if it helps it at all (an
    offer back declines the first): one of its tokens for one of those the waiting offer
    held out, or what the offer asked of it for another token the offerer holds ("my
    tree, yes, but for a gravel": what the other side wants, at a price this seat
    wants; never their pollution)."""
    waiting = offer_to(s, seat)
    if waiting is None:
        return None
    by = waiting.by
    held = [k for k, n in enumerate(s.stock[seat]) if n]
    offered_kinds = [k for k, n in enumerate(waiting.give) if n]
    swaps = {(spared, wanted) for wanted in offered_kinds for spared in held}
    swaps |= {
        (spared, wanted)
        for spared in held if waiting.get[spared]
        for wanted, n in enumerate(s.stock[by]) if n and wanted != POLLUTION
    }
    best, best_value = None, evaluate(s, seat) + PASS_BIAS
    for spared, wanted in sorted(swaps):
        give, get = _ONE[spared], _ONE[wanted]
        if spared == wanted or (give, get) == (waiting.get, waiting.give) or not may_offer(s, seat, by, give, get):
            continue
        value = worth_after_swap(s, seat, by, give, get)
        if value > best_value:
            best, best_value = Offer(by, give, get), value
    return best
