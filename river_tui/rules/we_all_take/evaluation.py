"""A quick evaluation of a position for one seat, by its own role's objectives.

`evaluate(s, seat)` works on the seat's view (it reads only the seat's own role) and
returns a number where completing an objective is worth about `MET` points; a search
bot can use it as its leaf value. It values what the seat holds and builds toward each
of its objectives, the time left to use it, and the river's health that every seat
shares (everyone loses when the estuary's three fish slots hold pollution).
"""

from __future__ import annotations

from .components import (
    AGRICULTURE, ALL_ROLES, BOAT, CAMP, CANAL, COST, CAPITAL, CHARITY, CITY_NEEDS, CONSERVATION, DEVELOPMENT,
    ESTUARY, EXCAVATOR, FARM, FISH, FISH_GOAL, GOLD, GRAVEL, MILL, NET, POLLUTION, ROLE_SEATS, ROW_RIVER,
    STEWARD, TILES, TREE,
)
from .flood_watch import KEEPERS, levee_gravel_wanted
from .river import pollution_on_map
from .state import ACTIONS, OVER, WeState

MET = 30.0
"""What completing an objective is worth."""


def seasons_left(s: WeState) -> float:
    """Seasons still to play, counting the rest of the current one."""
    if s.phase == OVER:
        return 0.0
    rest = (len(s.order) - s.turn) / len(s.order) if s.phase == ACTIONS and s.order else 0.0
    return max(0.0, s.last_season - s.season) + rest


def role_of(s: WeState, seat: int):
    role = s.roles[seat]
    return ALL_ROLES[role] if role is not None else STEWARD


def evaluate(s: WeState, seat: int) -> float:
    if s.destroyed:
        return -10 * MET
    left = seasons_left(s)
    objectives = role_of(s, seat).objectives
    mine = [st for st in s.structures.values() if st.owner == seat]
    value = _river_health(s, left) + _holdings(s, seat, mine, left, objectives) + _equipment(s, mine, left, objectives)
    if left <= 2.0:
        value += _cleaners(s, mine)
    for objective in objectives:
        value += _OBJECTIVE[objective](s, seat, mine, left)
    return value


def _river_health(s: WeState, left: float) -> float:
    """Pollution threatens everyone: it drifts down to the estuary, whose three fish
    slots full of pollution end the game for all. In the last two seasons every seat, as
    a table-mate, keeps the map clean too: four roles in ten need "no pollution on the
    map" at the end (so it avoids polluting, and removes what its structures can reach,
    or moves them there in time)."""
    estuary = [s.slots[slot] for slot in TILES[ROW_RIVER[ESTUARY]].slots]
    polluted = estuary.count(POLLUTION)
    per_token = TABLE_MATE_CLEANING if left <= 2.0 else 0.4
    return -per_token * pollution_on_map(s) - 6.0 * polluted - (2 * MET if polluted >= 2 else 0.0)


def _cleaners(s: WeState, mine) -> float:
    """Near the end, structures that stand where pollution lies, one for each token: a
    slotted pollution stays on the map until a structure on its tile harvests it, so
    boats and camps move there in time (harvesting it then is worth more still)."""
    harvesters: dict[int, int] = {}
    for st in mine:
        if st.kind in HARVESTERS and st.place not in s.flooded:
            harvesters[st.place] = harvesters.get(st.place, 0) + 1
    return CLEANER * sum(min(n, s.tile_tokens(tile)[POLLUTION]) for tile, n in harvesters.items())


HARVESTERS = (CAMP, BOAT, MILL, EXCAVATOR)
"""The structures with a harvest action ("Any structure with a harvest action may use
it to remove one pollution from the tile that structure is on")."""
CLEANER = 1.5
"""What a structure standing by a pollution it may harvest is worth near the end."""


TABLE_MATE_CLEANING = 3.0
"""What each pollution on the map costs every seat in the last two seasons: more than
a token it would gather by polluting (so it does not), about what a wanted token is
worth (so it removes pollution where it would otherwise harvest little)."""


FLEET = 3
"""Boats a seat wants."""
NETS = 4
"""Nets a seat wants."""
FARMS = 2
"""Farms a fish-hungry seat that does not mind pollution wants."""


def targets(s: WeState, seat: int, mine, left: float, objectives, gear: bool = True) -> list[int]:
    """How many of each token the seat's plans call for: fish for Agriculture, the city's
    fish, trees and gravel and a gold to propose it (Charity proposes it too, and once it
    is placed gathers for it), the gravel of the levees the city's keeper lacks, trees and a fish for the next boat or net (unless
    ``gear`` is False) and Agriculture's farms."""
    want = [0, 0, 0, 0, 0]
    if AGRICULTURE in objectives:
        want[FISH] += FISH_GOAL
    if (DEVELOPMENT in objectives or (CHARITY in objectives and s.city >= 0)) and not s.city_complete:
        for k in (FISH, TREE, GRAVEL):
            want[k] += CITY_NEEDS[k] - s.site[k]
    if (DEVELOPMENT in objectives or CHARITY in objectives) and s.city < 0:
        want[GOLD] += 1  # to propose the city (Charity: others' Development may need it)
    keeper = s.seats >= ROLE_SEATS and KEEPERS & set(objectives) and any(st.kind == CAMP and st.place == s.city for st in mine)
    gravel = levee_gravel_wanted(s) if keeper else 0
    if gravel:  # the city's keeper's levees, and the build's fish (`city_keeper`)
        want[GRAVEL] += gravel
        want[FISH] += 1
    if left > 3:
        nets = sum(1 for st in mine if st.kind == NET)
        boats = sum(1 for st in mine if st.kind == BOAT)
        if gear and (nets < NETS or boats < FLEET):
            want[TREE] += 1
            want[FISH] += 1
        farms = sum(1 for st in mine if st.kind == FARM)
        if AGRICULTURE in objectives and CONSERVATION not in objectives and farms < FARMS:
            want[TREE] += COST[FARM][TREE]
            want[GRAVEL] += COST[FARM][GRAVEL]
    return want


WANTED = {FISH: 2.0, TREE: 2.2, GRAVEL: 2.5}
"""A token the plans call for, by how hard it is to come by (gravel is scarcest)."""


def _holdings(s: WeState, seat: int, mine, left: float, objectives) -> float:
    """Tokens the plans call for are worth much; the rest a little."""
    stock = s.stock[seat]
    want = targets(s, seat, mine, left, objectives)
    value = 0.0
    for k in (FISH, TREE, GRAVEL):
        value += WANTED[k] * min(stock[k], want[k]) + 0.25 * max(0, stock[k] - want[k])
    # the gold a proposal costs opens the way to a whole objective
    return value + 5.0 * min(stock[GOLD], want[GOLD]) + 0.5 * max(0, stock[GOLD] - want[GOLD])


def _equipment(s: WeState, mine, left: float, objectives) -> float:
    """Structures are worth what they will gather in the seasons left."""
    horizon = min(left, 6.0)
    clean = CONSERVATION in objectives
    rows: set[int] = set()
    value = 0.0
    for st in mine:
        if st.kind == CAMP and TILES[st.place].elevation <= 6 and not s.tile_tokens(st.place)[TREE]:
            # "If a tile would erode but there are no tree tokens on it, that tile floods",
            # and a camp on a flooded tile loses its abilities.
            value -= 0.6 * horizon
        elif st.kind == BOAT:
            row = TILES[st.place].row
            # A boat pays where fish live on; a second boat in a row moves on, a season lost.
            if row in rows:
                value += 1.5 * max(0.0, horizon - 1.0)
            else:
                value += (1.5 if s.tile_tokens(st.place)[FISH] > 0 else 0.5) * horizon
            rows.add(row)
        elif st.kind == MILL:
            value += (0.2 if clean else 0.6) * horizon
        elif st.kind == EXCAVATOR:
            value += (0.1 if clean else 0.3) * horizon
        elif st.kind == NET:
            value += 1.2 * horizon  # a catch nearly every season
    return value


def _agriculture(s: WeState, seat: int, mine, left: float) -> float:
    """"Stockpile fifteen fish": met now, or the farms' fish still to come."""
    fish = s.stock[seat][FISH]
    if fish >= FISH_GOAL:
        return MET
    income = sum(1 + _canals(s, st.place) for st in mine if st.kind == FARM and st.place not in s.protected)
    return 1.5 * min(FISH_GOAL - fish, income * min(left, 8.0))


def _canals(s: WeState, tile: int) -> int:
    return sum(1 for st in s.structures.values() if st.kind == CANAL and st.place == tile)


def _development(s: WeState, seat: int, mine, left: float) -> float:
    """"Build the city": a token on the site counts a little more than one kept for it
    (so builders chip in together), and the finished city more than all that went into it."""
    if s.city_flooded_in == s.last_season:
        return 0.0  # "the development objective fails", whatever is built after
    if s.city_complete:
        spent = sum(WANTED[k] * CITY_NEEDS[k] for k in (FISH, TREE, GRAVEL))
        return spent + MET
    # Early on, tokens build the structures that gather more; fish go to the site only
    # once Agriculture's fifteen are safe.
    late = 1.1 if left <= 4 else 0.95
    hungry = AGRICULTURE in role_of(s, seat).objectives and s.stock[seat][FISH] < FISH_GOAL
    bonus = {FISH: 0.9 if hungry else late, TREE: late, GRAVEL: late}
    value = sum(bonus[k] * WANTED[k] * s.site[k] for k in (FISH, TREE, GRAVEL))
    if s.city < 0:
        return value
    # Within reach: the site and this seat's stockpile together, worth more the nearer
    # they come to all fifteen (so the last missing token is worth trading for).
    reach = sum(min(s.site[k] + s.stock[seat][k], CITY_NEEDS[k]) for k in (FISH, TREE, GRAVEL))
    return value + 6.0 + REACH * (reach / sum(CITY_NEEDS)) ** 4


REACH = MET / 2
"""What holding (with the site) everything the city still needs is worth."""


def _conservation(s: WeState, seat: int, mine, left: float) -> float:
    """"Ensure no pollution is on the map": every pollution on it counts against, more so
    as the end nears; so do farms (they pollute every season) and a finished city."""
    on_map = pollution_on_map(s)
    urgency = 5.0 if left > 2 else 8.0
    value = (MET if on_map == 0 else 0.0) - urgency * on_map
    farms = sum(1 for st in mine if st.kind == FARM and st.place not in s.protected)
    value -= 1.0 * farms * min(left, 8.0)
    if s.city_complete:
        value -= 4.0 * min(left, 8.0)  # a pollution every season, each to be cleaned up
    return value


def _capital(s: WeState, seat: int, mine, left: float) -> float:
    """"Have more gold than any other player": gold, what could be sold for gold, the lead."""
    gold = s.stock[seat][GOLD]
    others = max((s.stock[o][GOLD] for o in range(s.seats) if o != seat), default=0)
    sellable = sum(s.stock[seat][k] for k in (FISH, TREE, GRAVEL)) + (s.stock[seat][POLLUTION] if s.subsidy else 0)
    value = 3.0 * gold + 0.6 * sellable - 1.5 * others
    return value + (MET / 2 if gold > others else 0.0)


def _charity(s: WeState, seat: int, mine, left: float) -> float:
    """"Ensure each other player has completed at least one objective": the public signs
    that others are getting somewhere (fish stockpiled, a clean river, a city)."""
    value = 0.0
    for other in range(s.seats):
        if other != seat:
            value += 4.0 * min(s.stock[other][FISH], FISH_GOAL) / FISH_GOAL
    value += 6.0 * s.city_complete + (4.0 if pollution_on_map(s) == 0 else 0.0)
    return value


_OBJECTIVE = {
    CONSERVATION: _conservation,
    AGRICULTURE: _agriculture,
    DEVELOPMENT: _development,
    CAPITAL: _capital,
    CHARITY: _charity,
}
