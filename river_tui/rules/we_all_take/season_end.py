"""Ending the season: gold exchange, the city's market, policies and votes, and the
city's construction site."""

from __future__ import annotations

from .components import (
    CITY, CITY_NEEDS, END_SUBSIDY, FISH, GOLD, GRAVEL, LAND, POLLUTION,
    PROPOSAL_FEE, PROTECT, SUBSIDY, TILES, TREE, UNPROTECT,
)
from .order import voting_order
from .state import CONTRIBUTE, PROPOSE, VOTE, Proposal, WeState
from .structures import sellable

# --- exchanging for gold ---------------------------------------------------------------------


def sellable_kinds(s: WeState) -> tuple[int, ...]:
    """"Players may exchange any combination of two resource tokens, except pollution, for
    one gold token"; with the subsidy "Pollution may be exchanged for gold the same as any
    other resource.\""""
    return (FISH, TREE, GRAVEL, POLLUTION) if s.subsidy else (FISH, TREE, GRAVEL)


def exchange_options(s: WeState, seat: int) -> list[tuple[int, int]]:
    """Pairs of kinds (first <= second) the seat can exchange for one gold now."""
    stock = s.stock[seat]
    kinds = sellable_kinds(s)
    return [
        (a, b) for i, a in enumerate(kinds) for b in kinds[i:]
        if stock[a] >= (2 if a == b else 1) and stock[b] >= 1
    ]


def exchange(s: WeState, seat: int, a: int, b: int) -> None:
    """"Discard the two resource tokens and take one gold from the bank.\""""
    for k in (a, b):
        s.stock[seat][k] -= 1
        s.bank[k] += 1
    s.stock[seat][GOLD] += 1
    s.bank[GOLD] -= 1


def city_market_open(s: WeState) -> bool:
    """When the city is complete, "At the end of each season, players may exchange one gold
    to the bank for one of any resource as many times as they wish" (not while flooded:
    "Treat the city as if it is not there until the beginning of the next season")."""
    return s.city_complete and s.city not in s.flooded


def can_exchange(s: WeState, seat: int) -> bool:
    """Whether the seat has anything to do at the exchange: two tokens it may exchange for
    gold, gold for the city's market, or a structure it may sell. A seat with none of these
    is not asked ("When all players are ready": it has nothing to be ready with); trades
    stay open at any of its other decisions, and an offer made to it is still put to it."""
    stock = s.stock[seat]
    # Any two of the kinds it may exchange make a pair.
    if stock[FISH] + stock[TREE] + stock[GRAVEL] + (stock[POLLUTION] if s.subsidy else 0) >= 2:
        return True
    if city_market_open(s) and stock[GOLD]:
        return True
    return bool(s.protected) and bool(sellable(s, seat))


def exchangers(s: WeState) -> frozenset[int]:
    """The seats the exchange waits for: not yet done, and with something they could do."""
    return frozenset(seat for seat in range(s.seats) if seat not in s.ready and can_exchange(s, seat))


def city_buy(s: WeState, seat: int, kind: int) -> None:
    s.stock[seat][GOLD] -= 1
    s.bank[GOLD] += 1
    s.stock[seat][kind] += 1
    s.bank[kind] -= 1


# --- policies ------------------------------------------------------------------------------------


def proposal_options(s: WeState, seat: int) -> list[tuple[str, int | None]]:
    """(policy, tile) the seat may propose now: it must hold the gold ("Players must pay
    one gold before proposing or attempting to revoke a policy")."""
    if s.stock[seat][GOLD] < PROPOSAL_FEE:
        return []
    out: list[tuple[str, int | None]] = [(END_SUBSIDY, None) if s.subsidy else (SUBSIDY, None)]
    # Land protection: "Any one tile on the board, land or river, becomes protected."
    out += [(UNPROTECT if t.id in s.protected else PROTECT, t.id) for t in TILES]
    # "Only the city development policy is permanent once enacted."
    if s.city < 0:
        out += [(CITY, t.id) for t in TILES if t.kind == LAND]
    return out


def propose(s: WeState, seat: int, policy: str, tile: int | None) -> None:
    s.stock[seat][GOLD] -= PROPOSAL_FEE
    s.bank[GOLD] += PROPOSAL_FEE
    s.proposers = [p for p in s.proposers if p != seat]
    s.proposal = Proposal(seat, policy, tile)
    s.phase = VOTE
    s.voters = voting_order(s)
    s.votes = [None] * s.seats
    s.bought = [0] * s.seats
    s.vote_turn = 0
    s.settled = 0


def voter(s: WeState) -> int:
    """The seat whose vote it is (the state is kept settled by `settle_vote_turn`)."""
    return s.voters[s.vote_turn % len(s.voters)]


def settle_vote_turn(s: WeState) -> bool:
    """Move the vote on past seats with nothing to decide; False once voting is over.

    First each seat in order casts a vote, then "At any time during the voting process
    players may spend gold tokens to gain an equal number of extra votes. Voting only ends
    when all players have settled on their votes or no one can afford to vote more."
    Seats with no gold are settled; a unanimous vote is settled at once (extra votes
    could not change it)."""
    if None in s.votes:
        return True
    if len(set(s.votes)) == 1:
        return False
    n = len(s.voters)
    while s.settled < n:
        if s.stock[voter(s)][GOLD] > 0:
            return True
        s.settled += 1
        s.vote_turn += 1
    return False


def cast_vote(s: WeState, seat: int, in_favour: bool) -> None:
    s.votes = s.votes[:]  # shared with the state this one was copied from (`WeState.clone`)
    s.votes[seat] = in_favour
    s.vote_turn += 1
    if None not in s.votes:
        s.vote_turn = 0


def buy_votes(s: WeState, seat: int, count: int) -> None:
    s.stock[seat][GOLD] -= count
    s.bank[GOLD] += count
    s.bought = s.bought[:]  # shared with the state this one was copied from (`WeState.clone`)
    s.bought[seat] += count
    s.settled = 1  # the buyer has settled for now; everyone else may answer
    s.vote_turn += 1


def settle(s: WeState) -> None:
    s.settled += 1
    s.vote_turn += 1


def tally(s: WeState) -> tuple[int, int]:
    """(votes in favour, all votes)."""
    total = sum(1 + extra for extra in s.bought)
    yes = sum(1 + s.bought[seat] for seat in range(s.seats) if s.votes[seat])
    return yes, total


def resolve_vote(s: WeState) -> None:
    """"If more than half of the total votes are in favor, the policy is enacted and takes
    effect. On a tie vote the policy fails.\""""
    yes, total = tally(s)
    passed = 2 * yes > total
    proposal = s.proposal
    s.events.append(("vote", proposal.by, proposal.policy, proposal.tile, yes, total, passed, tuple(s.votes), tuple(s.bought)))
    if passed:
        enact(s, proposal.policy, proposal.tile)
    s.proposal = None
    s.phase = PROPOSE


def enact(s: WeState, policy: str, tile: int | None) -> None:
    if policy == SUBSIDY:
        s.subsidy = True
    elif policy == END_SUBSIDY:
        s.subsidy = False
    elif policy == PROTECT:
        s.protected = s.protected | {tile}
    elif policy == UNPROTECT:
        s.protected = s.protected - {tile}
    else:
        place_city(s, tile)


def place_city(s: WeState, tile: int) -> None:
    """"Remove all resources from any one land tile and place the city token on it
    construction side face up, covering the tile's resource slots.\""""
    for slot in TILES[tile].slots:
        if s.slots[slot] >= 0:
            s.bank[s.slots[slot]] += 1
            s.slots[slot] = -1
    s.city = tile


# --- the construction site ----------------------------------------------------------------------


def site_needs(s: WeState, seat: int) -> list[int]:
    """Kinds the seat can still add: "Players may add any number of resources to the
    construction site at the end of each season after the policy phase." Not to a flooded
    site: "Treat the city as if it is not there until the beginning of the next season"."""
    if s.city < 0 or s.city_complete or s.city in s.flooded:
        return []
    return [k for k in (FISH, TREE, GRAVEL) if s.site[k] < CITY_NEEDS[k] and s.stock[seat][k] > 0]


def start_contributions(s: WeState) -> None:
    """The construction site's step; in the game's last season, the last trading window
    too, where every seat is asked (`last_trading_window`)."""
    s.phase = CONTRIBUTE
    s.ready = set() if s.season >= s.last_season else {seat for seat in range(s.seats) if not site_needs(s, seat)}


def last_trading_window(s: WeState) -> bool:
    """Whether this is the last step before the final scoring: "Players may trade with
    each other at any time", so before the game is scored every seat gets a last chance
    to offer, answer and give (and to add to the construction site), each saying when
    it is done, whether or not it holds anything the site needs."""
    return s.phase == CONTRIBUTE and s.season >= s.last_season


def reopen_after_trade(s: WeState, seats: tuple[int, ...]) -> None:
    """A trade during the site's step gives its two seats another say: what they hold
    changed, so they may add it to the site or, in the last window, trade again."""
    if s.phase != CONTRIBUTE:
        return
    s.ready = s.ready - set(seats)  # a new set: a clone shares it (`WeState.clone`)
    if not last_trading_window(s):
        s.ready = s.ready | {seat for seat in seats if not site_needs(s, seat)}


def contribute(s: WeState, seat: int, kind: int) -> None:
    """"Once a resource token is added to the city token it cannot be removed." "When
    there are five fish, five wood, and five gravel stacked on the construction site, the
    city is complete. Remove all resources and flip the token to the city side.\""""
    s.stock[seat][kind] -= 1
    s.site = s.site[:]  # shared with the state this one was copied from (`WeState.clone`)
    s.site[kind] += 1
    if list(s.site) == list(CITY_NEEDS):
        for k in (FISH, TREE, GRAVEL):
            s.bank[k] += s.site[k]
        s.site = [0, 0, 0]
        s.city_complete = True
        s.events.append(("city complete", s.city))
    if not last_trading_window(s):
        s.ready = s.ready | {p for p in range(s.seats) if not site_needs(s, p)}
