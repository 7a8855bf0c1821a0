"""What a computer seat keeps: in the game's last season it never gives away what its
own objectives hold, for there is no time left to get it back before the end.

A move "gives up" an objective when, by the move's own effect (an offer as if it were
accepted), the seat ends further from it than before:
- Agriculture ("Stockpile fifteen fish"): fewer fish, up to fifteen, while fifteen is
  within reach;
- Development ("Build the city"): less of what the site still needs, counting the site
  and the seat's stockpile together (giving to the site itself keeps it);
- Capital ("Have more gold than any other player"): a lead in gold lost;
- Conservation ("Ensure no pollution is on the map"): a pollution added to the map;
- Charity ("Ensure each other player has completed at least one objective"): the others'
  roles are hidden, so the public signs of their objectives: another seat's fifteen fish
  broken, or pollution added to a clean map.
"""

from __future__ import annotations

from ..core import IllegalAction
from .actions import Accept, Decline, Done, Ferry, Move, Offer, PlaceCamp, Sell, Vote
from .components import AGRICULTURE, CAPITAL, CHARITY, CITY_NEEDS, CONSERVATION, DEVELOPMENT, FISH, FISH_GOAL, GOLD
from .evaluation import role_of
from .player_actions import perform
from .river import pollution_on_map
from .state import PendingOffer, WeState
from .trading import accept, offer_to, possible, transfer


def no_time_to_recover(s: WeState) -> bool:
    """The game's last season: what is given away now is not won back before the end."""
    return s.season >= s.last_season


def gives_up(s: WeState, seat: int, action) -> bool:
    """Whether ``action`` by ``seat`` gives away, too late to recover, what one of its
    own objectives holds."""
    if type(action) in KEEP_ALL or not no_time_to_recover(s):
        return False
    after = outcome(s, seat, action)
    if after is None:
        return False
    objectives = role_of(s, seat).objectives
    return any(_LOSES[objective](s, after, seat) for objective in objectives) or _takes_a_lead(s, after, seat, action)


def _takes_a_lead(before: WeState, after: WeState, seat: int, action) -> bool:
    """Whether the move ends the lead in gold of a seat other than ``seat`` and the one
    it trades with (who decides for itself), without winning ``seat`` its own Capital."""
    party = action.to if isinstance(action, Offer) else getattr(offer_to(before, seat), "by", None)
    if CAPITAL in role_of(before, seat).objectives and gold_lead(after, seat) > 0:
        return False
    return any(
        gold_lead(before, o) > 0 >= gold_lead(after, o)
        for o in range(before.seats) if o not in (seat, party)
    )


KEEP_ALL = (Move, Ferry, Sell, Vote, Done, Decline, PlaceCamp)
"""Moves that spend nothing and pollute nothing (a sale gives back a structure's cost)."""


def outcome(s: WeState, seat: int, action) -> WeState | None:
    """The position right after ``action``'s own effect; an offer as if it were accepted
    (None: the action is not legal here)."""
    if isinstance(action, Offer):
        offer = PendingOffer(seat, action.to, tuple(action.give), tuple(action.get))
        if not 0 <= action.to < s.seats or action.to == seat or not possible(s, offer):
            return None
        after = s.clone()
        transfer(after, seat, action.to, offer.give)
        transfer(after, action.to, seat, offer.get)
        return after
    if isinstance(action, Accept):
        if offer_to(s, seat) is None:
            return None
        after = s.clone()
        accept(after, seat)
        return after
    try:
        return perform(s, seat, action)
    except IllegalAction:
        return None


AGRICULTURE_REACH = 3
"""How many fish short of fifteen a seat may be in the last season and still hope to
stockpile them (a trade, the city's market, a farm); further off, its fish are better
given to the city than kept for nothing."""


def _agriculture(before: WeState, after: WeState, seat: int) -> bool:
    held = before.stock[seat][FISH]
    if held < FISH_GOAL - AGRICULTURE_REACH:
        return False
    return min(after.stock[seat][FISH], FISH_GOAL) < min(held, FISH_GOAL)


def city_reach(s: WeState, seat: int) -> int:
    """How much of what the city needs the site and the seat's stockpile hold together."""
    if s.city_complete:
        return sum(CITY_NEEDS)
    return sum(min(s.site[k] + s.stock[seat][k], CITY_NEEDS[k]) for k in range(len(CITY_NEEDS)))


def _development(before: WeState, after: WeState, seat: int) -> bool:
    return before.city >= 0 and city_reach(after, seat) < city_reach(before, seat)


def gold_lead(s: WeState, seat: int) -> int:
    """The seat's gold beyond the richest other seat's (not positive: no lead)."""
    return s.stock[seat][GOLD] - max((s.stock[o][GOLD] for o in range(s.seats) if o != seat), default=-1)


def _capital(before: WeState, after: WeState, seat: int) -> bool:
    return gold_lead(before, seat) > 0 >= gold_lead(after, seat)


def _conservation(before: WeState, after: WeState, seat: int) -> bool:
    return pollution_on_map(after) > pollution_on_map(before)


def _charity(before: WeState, after: WeState, seat: int) -> bool:
    others = [o for o in range(before.seats) if o != seat]
    broken = any(before.stock[o][FISH] >= FISH_GOAL > after.stock[o][FISH] for o in others)
    return broken or pollution_on_map(before) == 0 < pollution_on_map(after)


_LOSES = {
    AGRICULTURE: _agriculture,
    DEVELOPMENT: _development,
    CAPITAL: _capital,
    CONSERVATION: _conservation,
    CHARITY: _charity,
}
