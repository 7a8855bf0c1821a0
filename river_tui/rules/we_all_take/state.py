"""The state of a game of We All Take from the River.

Everything on the table is public except the role cards (each seat sees only its
own until the end) and the order of the face-down weather deck. Token counts are
5-count lists in the order of ``components.KINDS``; slots hold a kind or EMPTY.

``apply`` works on a ``clone()``: the map's slots and loose tokens, the stocks and the
bank, which change on almost every step, are the clone's own copies; every other list,
set and dict is shared, and the step that changes one replaces it (``SHARED_BY_CLONES``),
so the input state is never mutated. Once ``apply`` returns a state, it is never changed
again, so a view shares its containers (`sharing`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rng import Rng
from .components import TILES

# Phases. CAMPS: setup, placing camps in turn. ACTIONS: player actions of a turn.
# EXCHANGE, PROPOSE, VOTE, CONTRIBUTE: the end of a season. OVER: the game is over.
CAMPS, ACTIONS, EXCHANGE, PROPOSE, VOTE, CONTRIBUTE, OVER = (
    "camps", "actions", "exchange", "propose", "vote", "contribute", "over",
)
STANDARD, TUTORIAL = "standard", "tutorial"

# Bits of ``used``: the actions a structure has taken this turn.
HARVESTED, BUILT, MOVED = 1, 2, 4


@dataclass(frozen=True, slots=True)
class Structure:
    """A camp or anything a player built. ``place`` is a tile id, or a net slot id for nets."""

    id: int
    owner: int
    kind: str
    place: int


@dataclass(frozen=True, slots=True)
class PendingOffer:
    """A trade offer waiting for ``to``'s answer: ``give`` goes from ``by`` to ``to``,
    ``get`` from ``to`` to ``by`` (5-count tuples)."""

    by: int
    to: int
    give: tuple[int, ...]
    get: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Answer:
    """An offer answered: ``accepted`` or declined, in ``season``, when its receiver
    held ``held`` (5 counts: what the offer was worth to them depends on it)."""

    offer: PendingOffer
    accepted: bool
    season: int
    held: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Proposal:
    """A policy put to the vote by ``by`` (``tile`` for protection and the city)."""

    by: int
    policy: str
    tile: int | None


@dataclass(slots=True)
class WeState:
    seats: int
    variant: str
    rng: Rng | None
    phase: str
    colours: list  # per seat: colour name, or None before the camp is placed
    roles: list  # per seat: index into components.ALL_ROLES, None if hidden from this view
    # --- seasons and turns
    season: int  # 1-based; 0 during setup
    last_season: int
    storm: bool  # this season's weather is the Storm: turns run from the estuary up
    order: tuple  # the rows in the order of this season's turns
    turn: int  # index into ``order``
    water: int
    storm_carry: int  # the storm's final water level, added to next season's roll
    almanac: list  # weather ids, the current season's first
    deck: list  # face-down weather ids, the top first (sorted in views)
    discard: list
    # --- the map
    slots: list  # per global slot: kind or EMPTY
    loose: list  # unslotted tokens in the river: loose[4 * row + kind] for the four resource kinds
    flooded: set
    eroded: set  # tiles that eroded or flooded this turn
    protected: set
    subsidy: bool
    city: int  # tile id of the city token, or -1
    city_complete: bool
    city_flooded_in: int  # the season the city last flooded (0: never)
    site: list  # fish, trees, gravel added to the construction site
    # --- tokens off the map
    stock: list  # per seat: 5-count list
    bank: list
    sea: list  # resource tokens that flowed out to sea
    # --- structures
    structures: dict  # id -> Structure
    next_id: int
    supply: list  # per seat: {kind: count left}, replaced when it changes (a clone shares it)
    used: dict  # structure id -> HARVESTED | BUILT | MOVED bits, this turn
    exhausted: set  # structures that moved: "no more actions that season"
    fresh: set  # built this turn: "New structures cannot take actions on the turn they are built"
    open_build: int  # the structure whose build action is still open (-1: none)
    # --- whose move it is
    groups: list  # remaining (seat, tile) acting groups of this turn; the first acts now
    offers: tuple  # PendingOffers waiting for an answer: at most one by and one to each seat
    deals: list  # per seat: offers and gifts made in this turn or season-end step
    answered: tuple  # Answers to the offers of the whole game, in order (a tuple: a clone shares it)
    ready: set  # seats finished with the current simultaneous step
    proposers: list  # seats still to propose this season, the current one first
    proposal: Proposal | None
    voters: list  # seats in voting order (descending camp elevation)
    votes: list  # per seat: None (not yet), True (in favour) or False
    bought: list  # per seat: extra votes bought on this proposal
    vote_turn: int  # index into ``voters`` of the seat to act
    settled: int  # seats in a row that settled without buying since the last purchase
    destroyed: bool  # "the river ecosystem is destroyed"
    events: list  # structured records of the automatic steps of the last apply

    def clone(self) -> WeState:
        """A copy the rule steps may change without changing this state (the hottest
        function of random play). Every value comes over with the attributes in one call
        (`sharing`): the numbers, strings, tuples and frozen records, and the lists, sets
        and dicts a rule step replaces instead of changing (`SHARED_BY_CLONES`). The RNG,
        the slots, the loose tokens, the stocks and the bank, changed in place by most
        steps, are then replaced by copies of their own."""
        new = self.sharing()
        new.rng = self.rng.copy() if self.rng is not None else None
        new.slots = self.slots[:]
        new.loose = self.loose[:]
        new.stock = list(map(list.copy, self.stock))  # each seat's own list (map: no Python loop)
        new.bank = self.bank[:]
        new.events = []
        return new

    def sharing(self) -> WeState:
        """A new state object holding this one's very values, lists and all: for a
        view (`WeAllTakeGame.view`, which replaces what its seat may not see), and as
        the first step of `clone`. Sharing is safe because a state is never changed
        once made: `apply` changes only its own clone. (Every field written out, in
        order: read by name in code, a field costs a fifth of what `operator.attrgetter`
        takes for it, and two states are built an action.)"""
        s = self
        return WeState(
            s.seats, s.variant, s.rng, s.phase, s.colours, s.roles,
            s.season, s.last_season, s.storm, s.order, s.turn, s.water, s.storm_carry, s.almanac, s.deck, s.discard,
            s.slots, s.loose, s.flooded, s.eroded, s.protected, s.subsidy, s.city, s.city_complete,
            s.city_flooded_in, s.site,
            s.stock, s.bank, s.sea,
            s.structures, s.next_id, s.supply, s.used, s.exhausted, s.fresh, s.open_build,
            s.groups, s.offers, s.deals, s.answered, s.ready, s.proposers, s.proposal, s.voters, s.votes, s.bought,
            s.vote_turn, s.settled, s.destroyed, s.events,
        )  # fmt: skip

    # --- small queries used everywhere --------------------------------------------
    def on_tile(self, tile: int) -> list[Structure]:
        """Structures on ``tile`` (never nets), in the order they were built."""
        return [s for s in self.structures.values() if s.place == tile and s.kind != "net"]

    def camp_of(self, seat: int) -> Structure | None:
        for s in self.structures.values():
            if s.owner == seat and s.kind == "camp":
                return s
        return None

    def camp_on(self, tile: int) -> Structure | None:
        for s in self.structures.values():
            if s.place == tile and s.kind == "camp":
                return s
        return None

    def camp_elevation(self, seat: int) -> int:
        """The printed elevation of the seat's camp's tile ("Levees do not affect turn order")."""
        camp = self.camp_of(seat)
        return TILES[camp.place].elevation if camp is not None else -1

    def tile_tokens(self, tile: int) -> list[int]:
        """How many of each resource kind sit on ``tile`` (slotted, and loose in the river)."""
        counts = [0, 0, 0, 0]
        for s in TILES[tile].slots:
            if self.slots[s] >= 0:
                counts[self.slots[s]] += 1
        if TILES[tile].kind == "river":
            base = 4 * TILES[tile].row
            for k in range(4):
                counts[k] += self.loose[base + k]
        return counts

    @property
    def row(self) -> int:
        """The row of the current turn."""
        return self.order[self.turn] if self.order else 0

    @property
    def tutorial(self) -> bool:
        return self.variant == TUTORIAL


SHARED_BY_CLONES = (
    "colours", "roles", "almanac", "deck", "discard", "site", "sea", "flooded", "eroded", "protected",
    "structures", "supply", "used", "exhausted", "fresh", "groups", "deals", "ready", "proposers",
    "voters", "votes", "bought",
)
"""The lists, sets and dicts a copy of a state shares with it (`WeState.clone`): a step
changes each seldom (a structure built, moved or sold, a group done, a vote cast, a tile
eroded), and the step that changes one gives its state a new one (the roles never change
after the setup; each seat's supply is a dict of its own, replaced with the list that holds
it: `player_actions.change_supply`)."""
