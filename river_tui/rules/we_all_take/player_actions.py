"""Player Actions (harvest, plant, dredge, build, move, ferry, sell) and every other
choice a seat makes (camps, trades, the season end's exchange, proposals, votes,
contributions): what each does to the (cloned) state, after checking it is allowed.

Each step raises IllegalAction with a sentence a player understands; the checks use
the structures' options that `legal_actions` lists from. `perform` is an action's
own effect; `seasons.advance` then plays the automatic steps that follow it.
"""

from __future__ import annotations

from ..core import IllegalAction, quoted
from . import actions as A
from .components import (
    ACROSS, BOAT, COLOURS, COST, EMPTY, EXCAVATOR, FISH, GOLD, GRAVEL, KIND_OF, LAND,
    POLLUTION, TILES, TREE, KINDS,
)
from .order import group_structures
from .river import create_pollution
from .season_end import (
    buy_votes, cast_vote, city_buy, city_market_open, contribute, exchange, exchange_options,
    propose, proposal_options, settle, site_needs,
)
from .seasons import waits_for
from .state import (
    ACTIONS, BUILT, CAMPS, CONTRIBUTE, EXCHANGE, HARVESTED, MOVED, OVER, PROPOSE, VOTE, Structure, WeState,
)
from .structures import (
    adds_pollution, build_cost, build_options, build_place, can_dredge, ferry_options,
    harvest_options, move_targets, plant_options, sellable,
)
from .trading import accept, decline, make_offer, offer_problem, offer_to


def _kind(name: str | None) -> int:
    if name not in KIND_OF:
        raise IllegalAction(f"There is no token called {quoted(name)}.")
    return KIND_OF[name]


def _in_phase(s: WeState, *phases: str) -> None:
    if s.phase not in phases:
        raise IllegalAction(_PHASE_SENTENCE.get(s.phase, "That cannot be done now."))


_PHASE_SENTENCE = {
    CAMPS: "Everyone must place a camp first.",
    ACTIONS: "That is done at the end of the season, not during a turn.",
    EXCHANGE: "It is the end of the season: exchange for gold, trade, or say you are done.",
    PROPOSE: "It is time to propose a policy or pass.",
    VOTE: "A vote is under way.",
    CONTRIBUTE: "It is time to add resources to the city's construction site or pass.",
}


def _acting(s: WeState, seat: int, sid: int) -> Structure:
    """A structure of the acting group ("If a player has a structure in the current row,
    they may take actions using that structure")."""
    _in_phase(s, ACTIONS)
    st = s.structures.get(sid)
    if st is None or st.owner != seat:
        raise IllegalAction("That is not one of your structures.")
    if st.id in s.fresh:
        raise IllegalAction("New structures cannot take actions on the turn they are built.")
    if st.id in s.exhausted:
        raise IllegalAction("That structure has moved and has no more actions this season.")
    if st not in group_structures(s, seat, s.groups[0][1]):
        raise IllegalAction("That structure does not act now: structures act in order, row by row.")
    return st


def _row(tile: int) -> int:
    return TILES[tile].row


# --- setup ------------------------------------------------------------------------------------
def place_camp(s: WeState, seat: int, a: A.PlaceCamp) -> None:
    _in_phase(s, CAMPS)
    if a.colour not in COLOURS or a.colour in s.colours:
        raise IllegalAction("Choose a colour nobody has taken.")
    if not 0 <= a.tile < len(TILES) or TILES[a.tile].kind != LAND:
        raise IllegalAction("Camps go on the gray rectangles of the land tiles beside the river.")
    if s.camp_on(a.tile) is not None:
        raise IllegalAction("Only one camp may be on any given tile.")
    s.colours = s.colours[:]  # shared with the state this one was copied from (`WeState.clone`)
    s.colours[seat] = a.colour
    _add_structure(s, seat, "camp", a.tile)
    change_supply(s, seat, "camp", -1)
    # Once every camp is placed, `advance` begins the game (its first roll is not the
    # placement's own effect, so a seat's view, holding no dice, can preview it).


def change_supply(s: WeState, seat: int, kind: str, by: int) -> None:
    """The seat's supply of ``kind`` changes by ``by``: its counts are replaced, never
    changed in place, as a clone shares them with the state it copies (`WeState.clone`)."""
    supply = s.supply[:]  # shared with the state this one was copied from (`WeState.clone`)
    supply[seat] = {**supply[seat], kind: supply[seat][kind] + by}
    s.supply = supply


def _add_structure(s: WeState, seat: int, kind: str, place: int) -> Structure:
    st = Structure(s.next_id, seat, kind, place)
    s.structures = {**s.structures, st.id: st}  # a new dict: a clone shares it
    s.next_id += 1
    return st


def _mark_used(s: WeState, st: Structure, action: int) -> None:
    """The structure has taken ``action`` (HARVESTED, BUILT or MOVED) this turn."""
    s.used = {**s.used, st.id: s.used.get(st.id, 0) | action}  # a new dict: a clone shares it


# --- harvest, plant, dredge --------------------------------------------------------------------
def harvest(s: WeState, seat: int, a: A.Harvest) -> None:
    st = _acting(s, seat, a.structure)
    take = (tuple(sorted(a.slots)), -1 if a.loose is None else _kind(a.loose))
    if take not in harvest_options(s, st):
        raise IllegalAction(_harvest_problem(s, st))
    pollutes = adds_pollution(st, take, s)
    stock = s.stock[seat]
    for slot in take[0]:
        stock[s.slots[slot]] += 1
        s.slots[slot] = EMPTY
    if take[1] >= 0:
        s.loose[4 * _row(st.place) + take[1]] -= 1
        stock[take[1]] += 1
    if pollutes:
        # "Take up to two gravel [trees] from the current or adjacent tiles and add one pollution to the river."
        create_pollution(s, _row(st.place))
    _mark_used(s, st, HARVESTED)


def _harvest_problem(s: WeState, st: Structure) -> str:
    if s.used.get(st.id, 0) & HARVESTED:
        return "That structure has already used its harvest action this turn."
    if st.place in s.flooded:
        return "Structures on a flooded tile lose all abilities except to move off it."
    if st.place in s.protected:
        return "Structures on a protected tile may only harvest pollution, plant or move."
    return {
        "camp": "A camp takes one resource from its tile or one fish from the river in its row.",
        BOAT: "A boat takes one resource from its river tile.",
        EXCAVATOR: "An excavator takes up to two gravel from its tile or adjacent ones (not protected ones).",
    }.get(st.kind, "A lumber mill takes up to two trees from its tile or adjacent ones (not protected ones).")


def plant(s: WeState, seat: int, a: A.Plant) -> None:
    st = _acting(s, seat, a.structure)
    kind = _kind(a.kind)
    if (a.slot, kind) not in plant_options(s, st):
        if s.used.get(st.id, 0) & HARVESTED:
            raise IllegalAction("That structure has already used its harvest action this turn.")
        raise IllegalAction(
            "Plant a token from your stockpile into an empty matching slot on the structure's own tile."
        )
    s.stock[seat][kind] -= 1
    s.slots[a.slot] = kind
    _mark_used(s, st, HARVESTED)


def dredge(s: WeState, seat: int, a: A.Dredge) -> None:
    st = _acting(s, seat, a.boat)
    if not can_dredge(s, st):
        raise IllegalAction("Only a boat that has not harvested this turn, off protected water, can dredge.")
    # "dredge: gain one gravel and add one pollution to the river. Take the gravel from the resources in the box."
    s.stock[seat][GRAVEL] += 1
    s.bank[GRAVEL] -= 1
    create_pollution(s, _row(st.place))
    _mark_used(s, st, HARVESTED)


# --- build ----------------------------------------------------------------------------------------
def build(s: WeState, seat: int, a: A.Build, open_build: int) -> None:
    st = _acting(s, seat, a.structure)
    s.open_build = open_build
    if (a.kind, a.net_slot) not in build_options(s, st):
        raise IllegalAction(_build_problem(s, st, a.kind))
    for k, n in enumerate(build_cost(s, st, a.kind)):
        s.stock[seat][k] -= n
        s.bank[k] += n
    change_supply(s, seat, a.kind, -1)
    new = _add_structure(s, seat, a.kind, build_place(st, a.kind, a.net_slot))
    s.fresh = s.fresh | {new.id}
    _mark_used(s, st, BUILT)
    if st.kind == EXCAVATOR:
        # "Then build a canal by paying its resource cost. Add a pollution to the river."
        create_pollution(s, _row(st.place))
    else:
        s.open_build = st.id


def _build_problem(s: WeState, st: Structure, kind: str) -> str:
    if st.kind not in ("camp", EXCAVATOR):
        return "Only camps and excavators can build."
    if st.place in s.flooded:
        return "Structures on a flooded tile lose all abilities except to move off it."
    if st.place in s.protected:
        return "Structures on a protected tile cannot build."
    if st.kind == EXCAVATOR and kind != "canal":
        return "An excavator builds canals."
    if s.used.get(st.id, 0) & BUILT and s.open_build != st.id:
        return "That structure has already built this turn."
    if kind not in COST or kind == "camp" or (st.kind == "camp" and kind == "canal"):
        return "Camps build boats, excavators, lumber mills, nets, farms, levees and bridges."
    if not s.supply[st.owner][kind]:
        return f"You have no {kind} left in your supply."
    need = build_cost(s, st, kind)
    if any(have < n for have, n in zip(s.stock[st.owner], need)):
        return f"You cannot pay for it: it takes {_counts(need)}."
    return "There is no room for it there (one bridge per row, one net per net slot on your side or in your colour)."


def _counts(counts) -> str:
    return ", ".join(f"{n} {KINDS[k]}" for k, n in enumerate(counts) if n) or "nothing"


# --- move -------------------------------------------------------------------------------------------
def move(s: WeState, seat: int, a: A.Move) -> None:
    st = _acting(s, seat, a.structure)
    if a.tile not in move_targets(s, st):
        raise IllegalAction(_move_problem(st))
    _relocate(s, st, a.tile)


def _move_problem(st: Structure) -> str:
    if st.kind == BOAT:
        return "A boat may move to any other river tile."
    if st.kind == "camp":
        return "A camp moves to an adjacent land tile (jumping over a camp) or across a bridge."
    if st.kind == EXCAVATOR:
        return "An excavator moves to an adjacent land tile or across a bridge."
    return "Only camps, excavators and boats can move."


def _relocate(s: WeState, st: Structure, tile: int) -> None:
    """"Once a structure has moved it cannot take any other actions. Flip it over or turn
    it on its side to indicate that it has no more actions that season.\""""
    s.structures = {**s.structures, st.id: Structure(st.id, st.owner, st.kind, tile)}
    _mark_used(s, st, MOVED)
    s.exhausted = s.exhausted | {st.id}


def ferry(s: WeState, seat: int, a: A.Ferry) -> None:
    _in_phase(s, ACTIONS)
    group = group_structures(s, seat, s.groups[0][1])
    if (a.boat, a.structure) not in ferry_options(s, seat, group):
        raise IllegalAction(
            "A boat in the same row ferries your camp or excavator across; both use their move "
            "action, and a camp cannot land on another camp's tile."
        )
    boat = s.structures[a.boat]
    other = s.structures[a.structure]
    _relocate(s, other, ACROSS[other.place])
    _relocate(s, boat, boat.place)


def sell(s: WeState, seat: int, a: A.Sell) -> None:
    if a.structure not in sellable(s, seat):
        raise IllegalAction("Only your structures that cannot move, on a protected tile, can be sold.")
    s.structures = dict(s.structures)  # shared with the state this one was copied from
    st = s.structures.pop(a.structure)
    change_supply(s, seat, st.kind, 1)
    for k, n in enumerate(COST[st.kind]):
        s.stock[seat][k] += n
        s.bank[k] -= n


# --- trading ------------------------------------------------------------------------------------------
def offer(s: WeState, seat: int, a: A.Offer) -> None:
    give, get = tuple(a.give), tuple(a.get)
    problem = offer_problem(s, seat, a.to, give, get)
    if problem:
        raise IllegalAction(problem)
    make_offer(s, seat, a.to, give, get)


def answer(s: WeState, seat: int, a) -> None:
    if offer_to(s, seat) is None:
        raise IllegalAction("No offer is waiting for your answer.")
    if isinstance(a, A.Accept):
        accept(s, seat)
    else:
        decline(s, seat)


# --- the end of the season --------------------------------------------------------------------------
def exchange_step(s: WeState, seat: int, a: A.Exchange) -> None:
    _in_phase(s, EXCHANGE)
    pair = tuple(sorted((_kind(a.first), _kind(a.second))))
    if pair not in exchange_options(s, seat):
        if POLLUTION in pair and not s.subsidy:
            raise IllegalAction("Pollution can only be exchanged for gold under the pollution subsidy.")
        raise IllegalAction("Exchange two resource tokens you hold for one gold.")
    exchange(s, seat, *pair)


def city_buy_step(s: WeState, seat: int, a: A.CityBuy) -> None:
    _in_phase(s, EXCHANGE)
    kind = _kind(a.kind)
    if not city_market_open(s):
        raise IllegalAction("Gold buys resources only once the city is complete (and not flooded).")
    if kind not in (FISH, TREE, GRAVEL) or not s.stock[seat][GOLD]:
        raise IllegalAction("One gold buys one fish, tree or gravel.")
    city_buy(s, seat, kind)


def propose_step(s: WeState, seat: int, a: A.Propose) -> None:
    _in_phase(s, PROPOSE)
    if (a.policy, a.tile) not in proposal_options(s, seat):
        if s.stock[seat][GOLD] < 1:
            raise IllegalAction("Players must pay one gold before proposing or attempting to revoke a policy.")
        raise IllegalAction("That policy cannot be proposed now (is it already in force, or the city already built?).")
    propose(s, seat, a.policy, a.tile)


def vote_step(s: WeState, seat: int, a: A.Vote) -> None:
    _in_phase(s, VOTE)
    if s.votes[seat] is not None:
        raise IllegalAction("You have voted; you may buy extra votes or settle.")
    cast_vote(s, seat, bool(a.in_favour))


def buy_votes_step(s: WeState, seat: int, a: A.BuyVotes) -> None:
    _in_phase(s, VOTE)
    if None in s.votes:
        raise IllegalAction("Everyone votes first; then extra votes can be bought.")
    if not 1 <= a.count <= s.stock[seat][GOLD]:
        raise IllegalAction("Each extra vote costs one gold you hold.")
    buy_votes(s, seat, a.count)


def contribute_step(s: WeState, seat: int, a: A.Contribute) -> None:
    _in_phase(s, CONTRIBUTE)
    kind = _kind(a.kind)
    if kind not in site_needs(s, seat):
        raise IllegalAction("The site takes fish, trees and gravel you hold, up to five of each.")
    contribute(s, seat, kind)


def done(s: WeState, seat: int, a: A.Done) -> None:
    phase = s.phase
    if phase == ACTIONS:
        s.groups = s.groups[1:]
    elif phase == EXCHANGE or phase == CONTRIBUTE:
        s.ready = s.ready | {seat}
    elif phase == PROPOSE:
        s.proposers = s.proposers[1:]
    elif phase == VOTE:
        if None in s.votes:
            raise IllegalAction("Vote for or against the proposal first.")
        settle(s)
    else:
        raise IllegalAction(_PHASE_SENTENCE[CAMPS])


STEPS = {
    A.PlaceCamp: place_camp, A.Harvest: harvest, A.Plant: plant, A.Dredge: dredge, A.Move: move,
    A.Ferry: ferry, A.Sell: sell, A.Offer: offer, A.Accept: answer, A.Decline: answer,
    A.Exchange: exchange_step, A.CityBuy: city_buy_step, A.Propose: propose_step, A.Vote: vote_step,
    A.BuyVotes: buy_votes_step, A.Contribute: contribute_step, A.Done: done,
}
"""Every action but Build (which also needs the build left open by the previous action)."""


def perform(state: WeState, seat: int, action) -> WeState:
    """The action's own effect on a copy of ``state``, without the automatic steps that
    follow it (`advance`). Bots weigh actions with it, on their own view."""
    if state.phase == OVER:
        raise IllegalAction("The game is over.")
    if not 0 <= seat < state.seats:
        raise IllegalAction("There is no such seat at this table.")
    if not A.well_formed(action):
        raise IllegalAction("That is not a move in We All Take from the River.")
    trading = type(action) in TRADING
    if not trading and not waits_for(state, seat):
        raise IllegalAction("It is not your turn.")
    if type(action) in TALK:
        # No token moves: the new state shares the table with this one (it is never
        # changed once made); the deals, offers and answers are replaced, not changed.
        s = state.sharing()
        s.events = []
        STEPS[type(action)](s, seat, action)
        return s
    s = state.clone()
    if type(action) is A.Build:
        open_build, s.open_build = s.open_build, -1
        build(s, seat, action, open_build)
        return s
    if not trading:  # a trade leaves the acting structure's build open
        s.open_build = -1
    STEPS[type(action)](s, seat, action)
    return s


TRADING = (A.Offer, A.Accept, A.Decline)
"""Moves any seat may make whenever the game is not over ("Players may trade with each
other at any time"): offers, and answers to the offers waiting for it."""
TALK = (A.Offer, A.Decline)
"""Trading moves that hand over no token: an offer, and an offer declined (a counter
declines the offer it answers). Nothing the steps of play depend on changes, so play
stands where it stood (`WeAllTakeGame.apply` plays no automatic step after them)."""
