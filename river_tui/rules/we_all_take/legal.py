"""The legal actions of a seat, built from the same structures' options that
`player_actions` checks."""

from __future__ import annotations

from functools import lru_cache

from .actions import (
    ACCEPT, DECLINE, DONE, Build, BuyVotes, CityBuy, Contribute, Dredge, Exchange, Ferry,
    Harvest, Move, Offer, Plant, PlaceCamp, Propose, Sell, Vote,
)
from .components import COLOURS, FISH, GOLD, GRAVEL, KINDS, LAND_TILES, TREE
from .order import group_structures
from .season_end import city_market_open, exchange_options, proposal_options, site_needs
from .seasons import waits_for
from .state import ACTIONS, CAMPS, CONTRIBUTE, EXCHANGE, OVER, PROPOSE, VOTE, WeState
from .structures import (
    build_options, can_dredge, ferry_options, harvest_options, move_targets, plant_options, sellable,
)
from .trading import holds, offer_receivers, offer_to, unit_offers_between

VOTES = (Vote(True), Vote(False))


@lru_cache(maxsize=None)
def _make(cls, *args):
    """Actions are immutable, so one instance per distinct action serves every list."""
    return cls(*args)


def legal_actions(s: WeState, seat: int) -> list:
    """The answers to an offer waiting for the seat, the moves of its turn or step (if
    play waits for it), and the one-token offers it may make (any seat, at any time)."""
    if s.phase == OVER or not 0 <= seat < s.seats:
        return []
    out = [ACCEPT, DECLINE] if offer_to(s, seat) is not None else []
    if waits_for(s, seat):
        out += phase_moves(s, seat)
    done = bool(out) and out[-1] is DONE
    if done:
        out.pop()  # the offers come before being done
    mine = holds(s, seat)
    for to in offer_receivers(s, seat):
        out += offer_actions(to, mine, holds(s, to))
    if done:
        out.append(DONE)
    return out


@lru_cache(maxsize=None)
def offer_actions(to: int, mine: tuple[bool, ...], theirs: tuple[bool, ...]) -> tuple:
    """`trading.unit_offers_between` as actions, each pattern's once."""
    return tuple(_make(Offer, *offer) for offer in unit_offers_between(to, mine, theirs))


def phase_moves(s: WeState, seat: int) -> list:
    """The seat's moves in the current step of play (trading apart)."""
    phase = s.phase
    if phase == CAMPS:
        taken = {st.place for st in s.structures.values()}
        colours = [c for c in COLOURS if c not in s.colours]
        return [_make(PlaceCamp, t, c) for t in LAND_TILES if t not in taken for c in colours]
    if phase == ACTIONS:
        out = structure_actions(s, seat)
    elif phase == EXCHANGE:
        out = [_make(Exchange, KINDS[a], KINDS[b]) for a, b in exchange_options(s, seat)]
        if city_market_open(s) and s.stock[seat][GOLD]:
            out += [_make(CityBuy, KINDS[k]) for k in (FISH, TREE, GRAVEL)]
    elif phase == PROPOSE:
        out = [_make(Propose, policy, tile) for policy, tile in proposal_options(s, seat)]
    elif phase == VOTE:
        if None in s.votes:
            return list(VOTES)
        out = [_make(BuyVotes, n) for n in range(1, s.stock[seat][GOLD] + 1)]
    elif phase == CONTRIBUTE:
        out = [_make(Contribute, KINDS[k]) for k in site_needs(s, seat)]
    else:
        return []
    out += [_make(Sell, i) for i in sellable(s, seat)]
    out.append(DONE)
    return out


def structure_actions(s: WeState, seat: int) -> list:
    """Everything the structures of the acting group may do now."""
    _, tile = s.groups[0]
    group = group_structures(s, seat, tile)
    out: list = []
    for st in group:
        sid = st.id
        out += [_make(Harvest, sid, slots, KINDS[loose] if loose >= 0 else None) for slots, loose in harvest_options(s, st)]
        out += [_make(Plant, sid, slot, KINDS[kind]) for slot, kind in plant_options(s, st)]
        if can_dredge(s, st):
            out.append(_make(Dredge, sid))
        out += [_make(Build, sid, kind, net) for kind, net in build_options(s, st)]
        out += [_make(Move, sid, t) for t in move_targets(s, st)]
    out += [_make(Ferry, boat, other) for boat, other in ferry_options(s, seat, group)]
    return out


def actions_by_structure(s: WeState, seat: int) -> dict[int, list]:
    """The acting group's structure actions keyed by the structure that takes them (a
    ferry under its boat), for a screen that offers a structure first, then its actions."""
    out: dict[int, list] = {}
    if s.phase != ACTIONS or not waits_for(s, seat):
        return out
    for action in structure_actions(s, seat):
        sid = action.boat if isinstance(action, (Dredge, Ferry)) else action.structure
        out.setdefault(sid, []).append(action)
    return out
