"""The legal actions of a seat, built from the same option helpers that `steps` checks."""

from __future__ import annotations

from functools import lru_cache

from .actions import (
    ACCEPT, DECLINE, DONE, Build, BuyVotes, CityBuy, Contribute, Dredge, Exchange, Ferry,
    Harvest, Move, Offer, Plant, PlaceCamp, Propose, Sell, Vote,
)
from .components import COLOURS, FISH, GOLD, GRAVEL, KINDS, LAND_TILES, TREE
from .options import (
    build_options, can_dredge, ferry_options, harvest_options, move_targets, plant_options, sellable,
)
from .order import group_structures
from .season_end import city_market_open, exchange_options, proposal_options, site_needs
from .seasons import to_act
from .state import ACTIONS, CAMPS, CONTRIBUTE, EXCHANGE, PROPOSE, VOTE, WeState
from .trading import unit_offers

VOTES = (Vote(True), Vote(False))


@lru_cache(maxsize=None)
def _harvest(structure: int, slots: tuple[int, ...], loose: int) -> Harvest:
    return Harvest(structure, slots, KINDS[loose] if loose >= 0 else None)


@lru_cache(maxsize=None)
def _move(structure: int, tile: int) -> Move:
    return Move(structure, tile)


@lru_cache(maxsize=None)
def _offer(to: int, give: tuple[int, ...], get: tuple[int, ...]) -> Offer:
    return Offer(to, give, get)


def legal_actions(s: WeState, seat: int) -> list:
    if seat not in to_act(s):
        return []
    if s.offer is not None:
        return [ACCEPT, DECLINE]
    phase = s.phase
    if phase == CAMPS:
        taken = {st.place for st in s.structures.values()}
        colours = [c for c in COLOURS if c not in s.colours]
        return [PlaceCamp(t, c) for t in LAND_TILES if t not in taken for c in colours]
    if phase == ACTIONS:
        out = structure_actions(s, seat)
    elif phase == EXCHANGE:
        out = [Exchange(KINDS[a], KINDS[b]) for a, b in exchange_options(s, seat)]
        if city_market_open(s) and s.stock[seat][GOLD]:
            out += [CityBuy(KINDS[k]) for k in (FISH, TREE, GRAVEL)]
    elif phase == PROPOSE:
        out = [Propose(policy, tile) for policy, tile in proposal_options(s, seat)]
    elif phase == VOTE:
        if None in s.votes:
            return list(VOTES)
        out = [BuyVotes(n) for n in range(1, s.stock[seat][GOLD] + 1)]
    elif phase == CONTRIBUTE:
        out = [Contribute(KINDS[k]) for k in site_needs(s, seat)]
    else:
        return []
    out += [Sell(i) for i in sellable(s, seat)]
    out += [_offer(to, give, get) for to, give, get in unit_offers(s, seat)]
    out.append(DONE)
    return out


def structure_actions(s: WeState, seat: int) -> list:
    """Everything the structures of the acting group may do now."""
    _, tile = s.groups[0]
    group = group_structures(s, seat, tile)
    out: list = []
    for st in group:
        sid = st.id
        out += [_harvest(sid, slots, loose) for slots, loose in harvest_options(s, st)]
        out += [Plant(sid, slot, KINDS[kind]) for slot, kind in plant_options(s, st)]
        if can_dredge(s, st):
            out.append(Dredge(sid))
        out += [Build(sid, kind, net) for kind, net in build_options(s, st)]
        out += [_move(sid, t) for t in move_targets(s, st)]
    out += [Ferry(boat, other) for boat, other in ferry_options(s, seat, group)]
    return out
