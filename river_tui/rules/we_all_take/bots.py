"""Computer seats for We All Take from the River.

"greedy" pursues its own role's objectives: on the map and at the exchange it weighs
every action by `evaluation.evaluate` of the position right after it (the action's own
effect, before the river moves on); it proposes and votes by what each policy does for
its objectives, buys votes when they decide something it cares about, builds the city
when that pays, and offers and answers trades by what they do for its own role. At the
game's last exchange it buys the fish Agriculture lacks at the city's market, when
selling its other tokens and spending its gold makes fifteen. In the game's last
seasons it keeps for the city's construction site the tokens the site still needs
rather than selling them for gold it has no use for. A seat with Charity builds the
city as a Development seat does (`_place_camp`, `evaluation.targets`), but never
dredges for it. At a table of roles a seat that needs the city and owns its boats and
nets builds no more of them with the tokens the placed site lacks: they go to the site
at the season's end (`_builds_with_what_the_city_needs`). In the game's last season no
seat gives away what its own objectives hold (`keeping.gives_up`): not a fish of
Agriculture's, a gold of Capital's lead, a token the city still needs, a pollution on
Conservation's map, another seat's fifteen fish, nor a third seat's lead in gold. A seat
whose objectives a flood of the city costs and whose camp stands on the city's tile
builds it levees against the water the almanac shows coming after the Storm, and a
Development seat walks its camp there in time (`city_keeper`). Otherwise a camp moves only
when the move pays over the seasons left (`camp_place`): trees grow back where it stands.
"""

from __future__ import annotations

from itertools import combinations

from ..core import RANDOM_BOT, Bot
from .actions import ACCEPT, DECLINE, DONE, Build, BuyVotes, CityBuy, Contribute, Dredge, Exchange, Offer, PlaceCamp, Propose, Vote
from .components import (
    AGRICULTURE, BOAT, CAMP, CITY, CITY_NEEDS, COLOURS, CONSERVATION, DEVELOPMENT, CAPITAL, CHARITY, END_SUBSIDY, EXCAVATOR, FARM, FISH, FISH_GOAL,
    GOLD, GRAVEL, KINDS, LAND_TILES, MILL, NET, POLLUTION, PROTECT, RED, ROLE_SEATS, SLOTS, SUBSIDY, TILES, TREE, UNPROTECT,
)
from .bargaining import PASS_BIAS, answer, counter, offer_on_turn, trade
from .camp_place import wanders
from .city_keeper import keep_the_city, keeps_the_city, on_the_city
from .flood_watch import levee_gravel_wanted
from .evaluation import evaluate, role_of, seasons_left, targets
from .keeping import gives_up
from .legal import legal_actions, phase_moves
from .player_actions import perform
from .river import pollution_on_map
from .season_end import (
    city_market_open, contribute, exchange_options, last_trading_window, sellable_kinds, site_needs, tally,
)
from .seasons import phase_actors
from .structures import build_cost
from .state import CAMPS, CONTRIBUTE, EXCHANGE, PROPOSE, VOTE, Proposal, WeState
from .trading import offer_to

KEEP_SEASONS = 2
"""The last seasons (counting the rest of this one) in which a seat keeps for the city's
construction site the tokens it still needs, rather than selling them for gold it has no
use for (earlier, they build boats and nets; and a city finished early pollutes every
season after)."""


def choose_greedy(game, view: WeState, seat: int, rng) -> object:
    s = view
    if offer_to(s, seat) is not None:
        return answer(s, seat)
    if s.phase == CAMPS:
        return _place_camp(s, seat)
    if s.phase in SEASON_END_STEPS:
        return season_end_choice(s, seat)
    return _fish_from_the_market(s, seat) or keep_the_city(s, seat) or offer_on_turn(s, seat) or _best_action(s, seat, rng)


def _kept(s: WeState, seat: int, move):
    """``move``, unless it gives away what the seat's objectives hold too late to get it
    back (`keeping.gives_up`): then declining, or being done instead."""
    if not gives_up(s, seat, move):
        return move
    return DECLINE if move is ACCEPT else DONE


SEASON_END_STEPS = (PROPOSE, VOTE, CONTRIBUTE)
"""The steps after the exchange, where the shared objectives are settled."""


def season_end_choice(s: WeState, seat: int) -> object:
    """Proposing, voting and building the city, by what each does for this seat's
    objectives (the search levels leave these to it too: their worth shows only
    after everyone has voted or contributed, past the search's horizon)."""
    if s.phase == PROPOSE:
        proposal = _kept(s, seat, _propose(s, seat))
        # A seat holding only gold is not asked at the exchange: it may trade here instead.
        return proposal if proposal is not DONE else trade(s, seat) or DONE
    if s.phase == VOTE:
        return _kept(s, seat, _vote(s, seat))
    choice = _kept(s, seat, _contribute(s, seat))
    if choice is DONE and last_trading_window(s):
        return trade(s, seat) or DONE
    return choice


def table_mate_moves(s: WeState, seat: int) -> list:
    """The legal moves a computer seat weighs: the camp where `_place_camp` would put it
    (what a camp's tile gives shows over the whole game, past any search's horizon); at
    the season's end after the exchange, `season_end_choice` alone; at the game's last
    exchange, the next step of buying Agriculture's fish at the city's market when that
    makes fifteen; the city's keeper's step (`city_keeper`); on the map, the offer
    `bargaining.offer_on_turn` makes as its structures start to act; otherwise everything but offers, and at the exchange the one offer
    `bargaining.trade` would make, if any (`legal_actions` lists every one-token offer,
    most of which no good table-mate makes); never a move that gives up what its
    objectives hold (`keeping`). To an offer: accept (unless that gives something up),
    decline, or the counter `bargaining.counter` would make."""
    if offer_to(s, seat) is not None:
        back = _judged(s, seat, counter)
        return ([] if gives_up(s, seat, ACCEPT) else [ACCEPT]) + [DECLINE] + ([back] if back else [])
    if s.phase in SEASON_END_STEPS:
        return [_judged(s, seat, season_end_choice)]
    if s.phase == CAMPS:
        return [_place_camp(s, seat)]
    plan = _fish_from_the_market(s, seat) or keep_the_city(s, seat) or offer_on_turn(s, seat)
    if plan is not None:
        return [plan]
    moves = phase_moves(s, seat) if seat in phase_actors(s) else []
    moves = [m for m in moves if not _left_alone(s, seat, m) and not gives_up(s, seat, m)]
    if s.phase == EXCHANGE:
        offer = _judged(s, seat, trade)
        if offer is not None:
            moves.append(offer)
    return moves


_JUDGED: dict[tuple, object] = {}
"""Greedy judgements at the season's end by position: the search meets the same
exchange and season-end steps again and again (they are deterministic in the map
it sees), and judging a trade or a contribution costs a dozen evaluations."""
JUDGED_KEPT = 2048
"""Positions kept, a few KB each: one decision of normal's at the season's end meets up
to some two thousand (most decisions, far from it, none)."""


def _judged(s: WeState, seat: int, judge):
    key = (judge, seat, _position(s, seat))
    if key not in _JUDGED:
        if len(_JUDGED) >= JUDGED_KEPT:
            _JUDGED.clear()
        _JUDGED[key] = judge(s, seat)
    return _JUDGED[key]


def _position(s: WeState, seat: int) -> tuple:
    """Everything at the season's end that a greedy judgement of ``seat`` reads: the
    open map, stocks and steps, and the seat's own role (never another's)."""
    return (
        s.roles[seat], s.phase, s.season, s.last_season, s.turn, s.order, s.water, s.storm,
        tuple(s.slots), tuple(s.loose), frozenset(s.flooded), frozenset(s.protected), s.subsidy,
        s.city, s.city_complete, s.city_flooded_in, tuple(s.site), tuple(map(tuple, s.stock)), tuple(s.bank),
        tuple(s.structures.values()), s.offers, tuple(s.deals), tuple(s.answered), frozenset(s.ready),
        tuple(s.proposers), s.proposal, tuple(s.voters), tuple(s.votes), tuple(s.bought), s.vote_turn,
        s.settled, s.destroyed,
    )


# --- the map and the exchange: one step of lookahead ---------------------------------
def _best_action(s: WeState, seat: int, rng) -> object:
    best, best_value = DONE, evaluate(s, seat) + PASS_BIAS
    for action in legal_actions(s, seat):
        if action is DONE or isinstance(action, Offer) or _left_alone(s, seat, action):
            continue
        if gives_up(s, seat, action):
            continue
        value = evaluate(perform(s, seat, action), seat) + 1e-6 * rng.random()
        if value > best_value:
            best, best_value = action, value
    if best is DONE and s.phase == EXCHANGE:
        return trade(s, seat) or DONE
    return best


def _fish_from_the_market(s: WeState, seat: int) -> object | None:
    """At the last exchange of the game, an Agriculture seat that can stockpile its
    fifteen fish at the city's market ("exchange one gold to the bank for one of any
    resource") buys them, first selling pairs of other tokens for the gold it lacks: a
    plan of a few steps whose worth shows only at the last one (one step of lookahead,
    or a short search, sees each step cost more than it brings). A seat that holds the
    most gold (Capital) keeps it rather than trade one objective for the other."""
    if s.phase != EXCHANGE or seat not in phase_actors(s) or seasons_left(s) > 0 or not city_market_open(s):
        return None
    objectives = role_of(s, seat).objectives
    stock = s.stock[seat]
    short = FISH_GOAL - stock[FISH]
    if AGRICULTURE not in objectives or short <= 0:
        return None
    pairs = [(a, b) for a, b in exchange_options(s, seat) if FISH not in (a, b)]
    spare = sum(stock[k] for k in {k for pair in pairs for k in pair})
    if stock[GOLD] + spare // 2 < short:
        return None
    if CAPITAL in objectives:
        richest_other = max((s.stock[o][GOLD] for o in range(s.seats) if o != seat), default=0)
        if stock[GOLD] > richest_other >= stock[GOLD] - short:
            return None
    if stock[GOLD]:
        step = CityBuy(KINDS[FISH])
    else:
        a, b = max(pairs, key=lambda pair: (stock[pair[0]] + stock[pair[1]], pair))
        step = Exchange(KINDS[a], KINDS[b])
    return None if gives_up(s, seat, step) else step


def _left_alone(s: WeState, seat: int, action) -> bool:
    """Moves neither bot weighs: those `_spends_what_the_city_needs`, and a camp's move
    that does not pay over the seasons left (`camp_place.wanders`)."""
    return _spends_what_the_city_needs(s, seat, action) or wanders(s, seat, action)


def _spends_what_the_city_needs(s: WeState, seat: int, action) -> bool:
    """Moves a good table-mate leaves alone for the city's sake (neither bot weighs them)."""
    return (
        _sells_what_the_city_needs(s, seat, action)
        or _dredges_for_the_city(s, seat, action)
        or _builds_with_what_the_city_needs(s, seat, action)
    )


BUILDER_GEAR = 3
"""Boats and nets a seat that needs the city owns before, once the site is placed, it
stops building with the tokens the site lacks (they went to more boats and nets, and the
site stayed empty until the game's last seasons)."""


def needs_the_city(s: WeState, seat: int) -> bool:
    """Development's own objective, or Charity's once the site is placed (four roles in
    ten build the city: another seat likely needs it); at a table of roles only (the
    Steward alone or with one other gathers the city's tokens and its fifteen fish with
    the same boats and nets: held back there, it won 4 of 200 solo games instead of 41)."""
    if s.seats < ROLE_SEATS:
        return False
    objectives = role_of(s, seat).objectives
    return DEVELOPMENT in objectives or (CHARITY in objectives and s.city >= 0)


def geared(s: WeState, seat: int) -> bool:
    """Whether the seat owns `BUILDER_GEAR` boats and nets."""
    return sum(1 for st in s.structures.values() if st.owner == seat and st.kind in (BOAT, NET)) >= BUILDER_GEAR


def _builds_with_what_the_city_needs(s: WeState, seat: int, action) -> bool:
    """Whether ``action`` builds, with a token the placed site still lacks and the seat
    cannot spare (the site and its stockpile together hold no more of that kind than the
    city needs), by a seat that needs the city and owns its boats and nets already."""
    if not isinstance(action, Build) or action.kind not in (BOAT, NET) or s.city < 0 or s.city_complete:
        return False
    if not needs_the_city(s, seat):
        return False
    if not geared(s, seat):
        return False
    cost = build_cost(s, s.structures[action.structure], action.kind)
    stock = s.stock[seat]
    return any(cost[k] and s.site[k] + stock[k] <= CITY_NEEDS[k] for k in (FISH, TREE, GRAVEL))


def _dredges_for_the_city(s: WeState, seat: int, action) -> bool:
    """A Charity seat without Development gathers the site's gravel, but not by dredging:
    a pollution in the river for a city that is not its own objective."""
    objectives = role_of(s, seat).objectives
    return isinstance(action, Dredge) and CHARITY in objectives and DEVELOPMENT not in objectives


def _sells_what_the_city_needs(s: WeState, seat: int, action) -> bool:
    """Whether ``action`` sells for gold, in the game's last seasons, a token the city's
    construction site still needs, by a seat the gold does nothing for: one without
    Capital, or whose lead in gold is safe (more than any other seat could have by
    selling all it holds). A good table-mate gives such tokens to the site after the
    policies instead (selling them left the city a tree or a gravel short at the end)."""
    if not isinstance(action, Exchange) or s.city < 0 or s.city_complete or seasons_left(s) > KEEP_SEASONS:
        return False
    sold = [KINDS.index(action.first), KINDS.index(action.second)]
    if not any(kind != POLLUTION and s.site[kind] < CITY_NEEDS[kind] for kind in sold):
        return False
    return CAPITAL not in role_of(s, seat).objectives or _safe_lead(s, seat)


def _safe_lead(s: WeState, seat: int) -> bool:
    """More gold than any other seat could reach by selling every pair it holds."""
    def reach(o: int) -> int:
        stock = s.stock[o]
        return stock[GOLD] + sum(stock[k] for k in sellable_kinds(s)) // 2
    return s.stock[seat][GOLD] > max((reach(o) for o in range(s.seats) if o != seat), default=0)


# --- setup ------------------------------------------------------------------------------
def _place_camp(s: WeState, seat: int) -> PlaceCamp:
    """A tile with trees (a tile with no tree floods), above the usual water, and for a
    builder of the city (Development or Charity) a gravel slot too."""
    builder = {DEVELOPMENT, CHARITY} & set(role_of(s, seat).objectives)
    taken = {st.place for st in s.structures.values()}

    def score(tile: int) -> float:
        slots = [SLOTS[slot].kind for slot in TILES[tile].slots]
        trees, gravel = slots.count(TREE), slots.count(GRAVEL)
        if builder:
            return 2 * min(trees, 2) + 3 * min(gravel, 1) + min(TILES[tile].elevation, 4)
        return 2 * min(trees, 3) + min(TILES[tile].elevation, 7)

    tile = max((t for t in LAND_TILES if t not in taken), key=lambda t: (score(t), -t))
    free = [c for c in COLOURS if c not in s.colours]
    return PlaceCamp(tile, RED if RED in free else free[0])


# --- policies ------------------------------------------------------------------------------
PROPOSE_WORTH = 2.0
"""How much a seat must want a policy (its `preference`) to pay a gold to propose it."""


def _propose(s: WeState, seat: int) -> object:
    """The city for a seat that builds it; else, with a gold to spare and a season left
    to enjoy it, the policy its objectives want most, if they want it enough: the
    pollution subsidy for Conservation while pollution is on the map (sold, it is
    cleaned up; proposed by Capital seats too, it cost the table objectives in
    simulated games), protection of a tile where others' farms and mills pollute for
    Conservation, the end of protection where its own structures stand."""
    objectives = role_of(s, seat).objectives
    gold = s.stock[seat][GOLD]
    if _builds_the_city(objectives) and s.city < 0 and gold >= 1:
        return Propose(CITY, _city_site(s))
    if gold < 2 or seasons_left(s) < 1:
        return DONE
    best, best_want = DONE, PROPOSE_WORTH
    for policy, tile in _policies_to_weigh(s, seat):
        weighed = s.clone()
        weighed.proposal = Proposal(seat, policy, tile)
        want = preference(weighed, seat)
        if want >= best_want:
            best, best_want = Propose(policy, tile), want
    return best


def _policies_to_weigh(s: WeState, seat: int) -> list[tuple[str, int | None]]:
    """The (policy, tile) proposals `_propose` weighs by the seat's `preference`."""
    out: list[tuple[str, int | None]] = []
    if s.subsidy:
        out.append((END_SUBSIDY, None))
    elif CONSERVATION in role_of(s, seat).objectives and pollution_on_map(s):
        out.append((SUBSIDY, None))
    target = _polluters_tile(s, seat)
    if target is not None:
        out.append((PROTECT, target))
    out += [(UNPROTECT, t) for t in sorted(s.protected) if any(st.owner == seat for st in s.on_tile(t))]
    return out


def _city_site(s: WeState) -> int:
    """The highest land tile, fewest slots lost: "If the city is flooded on the last season
    of the game, the development objective fails"."""
    return max(LAND_TILES, key=lambda t: (2 * TILES[t].elevation - len(TILES[t].slots), -t))


def _polluters_tile(s: WeState, seat: int) -> int | None:
    """A tile where other seats' farms or mills pollute and this seat has nothing."""
    for tile in LAND_TILES:
        here = s.on_tile(tile)
        if tile in s.protected or any(st.owner == seat for st in here):
            continue
        if sum(1 for st in here if st.kind in (FARM, MILL, EXCAVATOR)) >= 2:
            return tile
    return None


def preference(s: WeState, seat: int) -> float:
    """How much this seat wants the proposal on the table to pass (negative: to fail)."""
    proposal = s.proposal
    objectives = role_of(s, seat).objectives
    if proposal.policy == CITY:
        # Four roles in ten build the city, so a table-mate likely needs it; the
        # construction site pollutes nothing (the complete city does, every season, and
        # Conservation seats leave their tokens to the site's last season-end).
        if DEVELOPMENT in objectives:
            return 10.0
        if CHARITY in objectives:
            return 3.0
        return 0.5 if CONSERVATION in objectives else 1.0
    if proposal.policy in (SUBSIDY, END_SUBSIDY):
        want = 2.0 if (CAPITAL in objectives or CONSERVATION in objectives) else -0.5
        return want if proposal.policy == SUBSIDY else -want
    here = s.on_tile(proposal.tile)
    mine = sum(1 for st in here if st.owner == seat and st.kind != CAMP) + 3 * sum(
        1 for st in here if st.owner == seat and st.kind == CAMP
    )
    polluters = sum(1 for st in here if st.owner != seat and st.kind in (FARM, MILL, EXCAVATOR))
    want = -3.0 * mine + (2.0 * polluters if CONSERVATION in objectives else 0.0) - 0.5
    return want if proposal.policy == PROTECT else -want if proposal.policy == UNPROTECT else 0.0


def _vote(s: WeState, seat: int) -> object:
    want = preference(s, seat)
    if None in s.votes:
        return Vote(want > 0)
    yes, total = tally(s)
    if (2 * yes > total) == (want > 0) or abs(want) < 4:
        return DONE
    # Votes needed to turn the result: "more than half of the total votes"; "On a tie vote the policy fails".
    need = total - 2 * yes + 1 if want > 0 else 2 * yes - total
    if need <= s.stock[seat][GOLD] and need <= abs(want) / 3:
        return BuyVotes(need)
    return DONE


# --- the city's construction site ------------------------------------------------------------
def _builds_the_city(objectives: tuple[int, ...]) -> bool:
    if DEVELOPMENT in objectives or CHARITY in objectives:
        return True
    return CONSERVATION not in objectives and CAPITAL not in objectives


def _contribute(s: WeState, seat: int) -> object:
    """A seat whose role needs the city (or Charity, whose others may need it) adds what
    it holds spare, beyond what its other plans call for (Agriculture's fish, the next
    boat or net); so does a seat the city costs nothing: neither Conservation (a city
    pollutes) nor Capital (spare tokens are gold). Any seat adds more when its
    objectives gain by it (the best plan of giving everything of some kinds)."""
    needs = site_needs(s, seat)
    objectives = role_of(s, seat).objectives
    if _builds_the_city(objectives) or seasons_left(s) == 0:
        reserve = _reserve(s, seat, objectives)
        for kind in needs:
            if s.stock[seat][kind] > reserve[kind] and not gives_up(s, seat, Contribute(KINDS[kind])):
                return Contribute(KINDS[kind])
    best, best_value = (), evaluate(s, seat) + PASS_BIAS
    for size in range(1, len(needs) + 1):
        for kinds in combinations(needs, size):
            sim = s.clone()
            for kind in kinds:
                while kind in site_needs(sim, seat):
                    contribute(sim, seat, kind)
            value = evaluate(sim, seat)
            if value > best_value and not gives_up(s, seat, Contribute(KINDS[kinds[0]])):
                best, best_value = kinds, value
    return Contribute(KINDS[best[0]]) if best else DONE


def _reserve(s: WeState, seat: int, objectives: tuple[int, ...]) -> list[int]:
    """What a seat keeps back from the site: what its other objectives' plans call for;
    at the very end of the game, only the fifteen fish Agriculture has already stockpiled
    (nothing else held then counts for anything but gold, sold at the exchange before).
    Charity's plans for the city are the site itself, so they keep nothing back from it
    (kept, they left a Mayor's tokens off the site until the game's last seasons)."""
    others = tuple(o for o in objectives if o not in (DEVELOPMENT, CHARITY))
    if seasons_left(s) == 0:
        fish = s.stock[seat][FISH]
        return [FISH_GOAL if AGRICULTURE in others and fish >= FISH_GOAL else 0, 0, 0, 0, 0]
    mine = [st for st in s.structures.values() if st.owner == seat]
    gear = not (needs_the_city(s, seat) and geared(s, seat))  # it builds no more with the site's tokens
    reserve = targets(s, seat, mine, seasons_left(s), others, gear)
    if keeps_the_city(s, seat) and on_the_city(s, seat) and levee_gravel_wanted(s):
        # The keeper's levees first: a city flooded in the last season is no city.
        reserve[GRAVEL] += levee_gravel_wanted(s)
        reserve[FISH] += 1
    return reserve


BOTS = {
    "random": RANDOM_BOT,
    "greedy": Bot("greedy", choose_greedy),
}
