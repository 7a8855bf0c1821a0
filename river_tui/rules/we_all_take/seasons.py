"""Seasons and turns: the automatic steps between the players' decisions.

`advance` runs after every action: it plays every step that needs no decision (the
water, populating, the flow at the end of a turn, the end of a season) until a seat
has something to decide or the game is over.
"""

from __future__ import annotations

from .components import BOAT, GOLD, PROPOSAL_FEE, ROWS, WEATHER
from .nature import populate
from .order import acting_groups, group_structures, voting_order
from .river import ecosystem_destroyed, end_of_turn_flow
from .season_end import (
    can_exchange, exchangers, resolve_vote, settle_vote_turn, site_needs, start_contributions,
)
from .state import ACTIONS, CAMPS, CONTRIBUTE, EXCHANGE, OVER, PROPOSE, VOTE, WeState
from .structures import build_options, ferry_options, harvest_options, move_targets, plant_options
from .trading import withdraw_impossible
from .water import adjust_water_level, drain_canals


def camp_placer(s: WeState) -> int:
    """"Whoever has cleaned up the most litter today places their camp first. Proceed
    clockwise." (Seat 1 first, then in seat order.)"""
    return s.colours.index(None)


def start_season(s: WeState) -> None:
    """"At the start of a season, roll the six-sided die and add or subtract from the
    result as indicated by the leftmost weather card in the almanac.\""""
    s.season += 1
    s.exhausted = set()
    s.turn = 0
    if s.tutorial:
        s.storm = False
        s.order = tuple(range(ROWS))
        s.events.append(("season", s.season, -1, 0, 0))
    else:
        card = WEATHER[s.almanac[0]]
        s.storm = card.storm
        if s.storm and s.season == s.last_season:
            # "If the storm would be the last season of the game, play for one extra season."
            s.last_season += 1
        roll = s.rng.randint(1, 6)
        # "Add that number [the storm's final water level] to the initial water level the next season."
        s.water = roll + card.modifier + s.storm_carry
        s.events.append(("season", s.season, card.id, roll, s.storm_carry))
        s.storm_carry = 0
        # "Begin the season at the estuary and take turns by elevation from lowest to highest."
        s.order = tuple(reversed(range(ROWS))) if s.storm else tuple(range(ROWS))
    start_turn(s)


def start_turn(s: WeState) -> None:
    """"On each turn, do the following: Adjust the water level. Populate natural
    resources. Take player actions.\""""
    s.used = {}
    s.fresh = set()
    s.eroded = set()
    s.open_build = -1
    s.deals = [0] * s.seats
    s.events.append(("turn", s.season, s.turn, s.row, s.water))
    if not s.tutorial:
        adjust_water_level(s)
    drain_canals(s)
    populate(s)
    s.groups = acting_groups(s)
    s.phase = ACTIONS


def group_can_act(s: WeState, seat: int, tile: int) -> bool:
    """Whether the group has any structure action left (else it is skipped)."""
    group = group_structures(s, seat, tile)
    for st in group:
        if st.kind == BOAT or move_targets(s, st) or harvest_options(s, st) or build_options(s, st) or plant_options(s, st):
            return True  # a boat can always move to another river tile
    return bool(group) and bool(ferry_options(s, seat, group))


def end_season(s: WeState) -> None:
    """"At the end of all five turns the season is over." The ecosystem check, then
    "Players may exchange resources for gold and then enact policies"."""
    if s.storm:
        # "At the end of the storm season retain the final water level."
        s.storm_carry = s.water
    if ecosystem_destroyed(s):
        s.destroyed = True
        s.phase = OVER
        s.events.append(("destroyed", s.season))
        return
    s.phase = EXCHANGE
    s.ready = set()
    s.deals = [0] * s.seats
    idle = [seat for seat in range(s.seats) if not can_exchange(s, seat)]
    if idle:
        # Nobody is asked to say they are done with an exchange they cannot make.
        s.events.append(("no exchange", tuple(idle)))


def start_proposals(s: WeState) -> None:
    s.phase = PROPOSE
    s.proposers = voting_order(s)
    s.deals = [0] * s.seats


def finish_season(s: WeState) -> None:
    """"When all players are ready to proceed to the next season, discard the current
    season's weather and shift the other two cards left in the almanac. Then draw a new
    weather card and place it in the rightmost position of the almanac. Remove all flood
    tokens from the map.\""""
    if s.season >= s.last_season:
        s.phase = OVER
        s.events.append(("over",))
        return
    # The weather's lists are shared with the state this one was copied from (`WeState.clone`).
    s.almanac, s.deck, s.discard = s.almanac[:], s.deck[:], s.discard[:]
    if s.almanac:
        s.discard.append(s.almanac.pop(0))
    if s.deck:
        s.almanac.append(s.deck.pop(0))
    s.flooded = set()
    start_season(s)


def advance(s: WeState) -> None:
    """Play every automatic step until someone must decide (an offer waiting for an
    answer stops nobody), then withdraw the offers play has made impossible."""
    play_on(s)
    withdraw_impossible(s)


def play_on(s: WeState) -> None:
    while True:
        phase = s.phase
        if phase == ACTIONS:
            while s.groups and not group_can_act(s, *s.groups[0]):
                s.groups = s.groups[1:]  # a new list: a clone shares it (`WeState.clone`)
            if s.groups:
                return
            end_of_turn_flow(s)
            if s.turn + 1 < len(s.order):
                s.turn += 1
                start_turn(s)
            else:
                end_season(s)
        elif phase == EXCHANGE:
            if exchangers(s):
                return
            start_proposals(s)
        elif phase == PROPOSE:
            while s.proposers and s.stock[s.proposers[0]][GOLD] < PROPOSAL_FEE:
                s.proposers = s.proposers[1:]  # a new list: a clone shares it (`WeState.clone`)
            if s.proposers:
                return
            s.deals = [0] * s.seats
            if site_needs_anyone(s) or s.season >= s.last_season:
                start_contributions(s)  # in the last season, the last trading window too
            else:
                finish_season(s)
        elif phase == VOTE:
            if settle_vote_turn(s):
                return
            resolve_vote(s)
        elif phase == CONTRIBUTE:
            if len(s.ready) < s.seats:
                return
            finish_season(s)
        elif phase == CAMPS:
            if None in s.colours:
                return
            # "Begin the game." once every camp is placed.
            start_season(s)
        else:  # OVER never moves
            return


def site_needs_anyone(s: WeState) -> bool:
    return any(site_needs(s, seat) for seat in range(s.seats))


def to_act(s: WeState) -> frozenset[int]:
    """The seats play waits for: those whose decision the rules' step needs, and those
    with an offer to answer. (Any seat may also make an offer, to act or not:
    `WeAllTakeGame.may_act`.)"""
    if not s.offers:
        return phase_actors(s)
    return phase_actors(s) | {offer.to for offer in s.offers}


def phase_actors(s: WeState) -> frozenset[int]:
    """The seats whose decision the current step of play needs."""
    phase = s.phase
    if phase == ACTIONS:
        return frozenset((s.groups[0][0],))
    if phase == EXCHANGE:
        return exchangers(s)
    if phase == CONTRIBUTE:
        return frozenset(range(s.seats)) - s.ready
    if phase == PROPOSE:
        return frozenset((s.proposers[0],))
    if phase == VOTE:
        return frozenset((s.voters[s.vote_turn % len(s.voters)],))
    if phase == CAMPS:
        return frozenset((camp_placer(s),))
    return frozenset()


def waits_for(s: WeState, seat: int) -> bool:
    """``seat in phase_actors(s)``, asked of one seat (at the exchange, without asking
    every other seat what it could exchange): on every action's path, three times."""
    phase = s.phase
    if phase == ACTIONS:
        return s.groups[0][0] == seat
    if phase == EXCHANGE:
        return 0 <= seat < s.seats and seat not in s.ready and can_exchange(s, seat)
    if phase == CONTRIBUTE:
        return 0 <= seat < s.seats and seat not in s.ready
    if phase == PROPOSE:
        return s.proposers[0] == seat
    if phase == VOTE:
        return s.voters[s.vote_turn % len(s.voters)] == seat
    if phase == CAMPS:
        return camp_placer(s) == seat
    return False
