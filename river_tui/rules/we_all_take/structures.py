"""Structures: what each may do now, the targets of each action, for `legal_actions`, for
`apply`'s checks, and for a screen that offers structured choices (pick a structure,
then one of its harvests, builds or moves).

Every function reads the state and returns plain tuples of ids and kinds.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .components import (
    ACROSS, BOAT, BRIDGE, BUILD_FEE, CAMP, CAMP_BUILDS, CANAL, COST, EMPTY, EXCAVATOR, FISH,
    GRAVEL, MILL, MOBILE, NET, NET_SLOTS, OTHER_RIVER_TILES, POLLUTION, RED, ROW_RIVER, SIDE_LINES,
    SLOTS, TILES, TREE,
)
from .state import BUILT, HARVESTED, Structure, WeState
from .water import working

Take = tuple[tuple[int, ...], int]
"""A harvest: the slot ids taken (ascending), and the kind of one loose river token taken (-1: none)."""


# --- harvest ------------------------------------------------------------------------------
def harvest_options(s: WeState, st: Structure) -> list[Take]:
    """The harvests ``st`` may take now; a single pollution taken is the "remove one
    pollution" use of the harvest action (it adds no pollution)."""
    if s.used.get(st.id, 0) & HARVESTED or st.place in s.flooded:
        return []
    tile = st.place
    guarded = tile in s.protected
    if st.kind == CAMP:
        # "Take any one resource from the tile the camp is on or one fish from the river tile in its row."
        out: list[Take] = [((slot,), -1) for slot in _holding(s, tile, guarded)]
        water = ROW_RIVER[TILES[tile].row]
        if not guarded and water not in s.protected:
            out += [((slot,), -1) for slot in TILES[water].slots if s.slots[slot] == FISH]
            if s.loose[4 * TILES[water].row + FISH]:
                out.append(((), FISH))
        return out
    if st.kind == BOAT:
        # "Take any one resource from the tile the boat is on"
        out = [((slot,), -1) for slot in _holding(s, tile, guarded)]
        base = 4 * TILES[tile].row
        out += [((), k) for k in range(4) if s.loose[base + k] and (k == POLLUTION or not guarded)]
        return out
    # Excavator: "Take up to two gravel from the current or adjacent tiles"; lumber mill: trees.
    out = [((slot,), -1) for slot in TILES[tile].slots if s.slots[slot] == POLLUTION]
    if guarded:
        return out
    kind = GRAVEL if st.kind == EXCAVATOR else TREE
    sources = [t for t in harvest_tiles(s, tile) if t not in s.protected]
    found = [slot for t in sources for slot in TILES[t].slots if s.slots[slot] == kind]
    if st.kind == MILL and s.colours[st.owner] == RED:
        # "The red lumber mill may harvest any two trees from the highlighted tree slots."
        found += [
            sl.id for sl in SLOTS
            if sl.red and s.slots[sl.id] == TREE and sl.id not in found and sl.tile not in s.protected
        ]
    found.sort()
    out += [((slot,), -1) for slot in found]
    out += [(pair, -1) for pair in combinations(found, 2)]
    return out


def harvest_tiles(s: WeState, tile: int) -> tuple[int, ...]:
    """The current and adjacent tiles: "Structures that may harvest from adjacent tiles
    may harvest across the bridge.\""""
    near = (tile, *TILES[tile].adjacent)
    return near + (ACROSS[tile],) if bridge_between(s, TILES[tile].row) else near


def _holding(s: WeState, tile: int, guarded: bool) -> list[int]:
    """Slots of ``tile`` holding a token that may be taken ("Only pollution may be
    harvested from a protected tile")."""
    return [
        slot for slot in TILES[tile].slots
        if s.slots[slot] != EMPTY and (not guarded or s.slots[slot] == POLLUTION)
    ]


def adds_pollution(st: Structure, take: Take, s: WeState) -> bool:
    """Excavators and lumber mills add one pollution to the river when they harvest
    gravel or trees (not when they remove a pollution)."""
    slots, _ = take
    return st.kind in (EXCAVATOR, MILL) and not (len(slots) == 1 and s.slots[slots[0]] == POLLUTION)


def plant_options(s: WeState, st: Structure) -> list[tuple[int, int]]:
    """(slot, kind): "Place a resource from your stockpile onto a slot on the same tile
    the structure is on. The resource must match the slot it is placed in.\""""
    if s.used.get(st.id, 0) & HARVESTED or st.place in s.flooded or st.place == s.city:
        return []
    stock = s.stock[st.owner]
    return [
        (slot, SLOTS[slot].kind) for slot in TILES[st.place].slots
        if s.slots[slot] == EMPTY and stock[SLOTS[slot].kind] > 0
    ]


def can_dredge(s: WeState, st: Structure) -> bool:
    """Boat: "dredge: gain one gravel and add one pollution to the river"."""
    return (
        st.kind == BOAT and not s.used.get(st.id, 0) & HARVESTED and st.place not in s.protected
    )


# --- build ----------------------------------------------------------------------------------
def build_fee(s: WeState, st: Structure) -> int:
    """The fish a build now costs on top of the structure: "A player must always pay one
    fish in order to take the build action. Then that player may build any number of
    structures by paying the resource costs.\""""
    return 0 if s.open_build == st.id else BUILD_FEE


def build_cost(s: WeState, st: Structure, kind: str) -> tuple[int, ...]:
    """What building ``kind`` with ``st`` takes from the stockpile now."""
    cost = list(COST[kind])
    cost[FISH] += build_fee(s, st)
    return tuple(cost)


def build_options(s: WeState, st: Structure) -> list[tuple[str, int | None]]:
    """(kind, net slot or None) that ``st`` may build now."""
    if st.kind not in (CAMP, EXCAVATOR) or not working(s, st.place):
        return []
    if s.used.get(st.id, 0) & BUILT and s.open_build != st.id:
        return []
    kinds = CAMP_BUILDS if st.kind == CAMP else (CANAL,)
    fish, tree, gravel = s.stock[st.owner][:3]
    fish -= build_fee(s, st)
    if fish < 0:
        return []
    supply = s.supply[st.owner]
    out: list[tuple[str, int | None]] = []
    for kind in kinds:
        need = COST[kind]
        if not supply[kind] or fish < need[FISH] or tree < need[TREE] or gravel < need[GRAVEL]:
            continue
        if kind == NET:
            out += [(NET, n) for n in net_slots_for(s, st)]
        elif kind == BRIDGE:
            if not any(o.kind == BRIDGE for o in s.on_tile(ROW_RIVER[TILES[st.place].row])):
                out.append((BRIDGE, None))
        else:
            out.append((kind, None))
    return out


def net_slots_for(s: WeState, camp: Structure) -> list[int]:
    """"place it on one of the two net slots on the same side of the river as the camp.
    Only one net may occupy a given net slot. These camps may build nets on the slots
    highlighted in their color.\""""
    tile = TILES[camp.place]
    taken = {st.place for st in s.structures.values() if st.kind == NET}
    colour = s.colours[camp.owner]
    return [
        n.id for n in NET_SLOTS
        if n.id not in taken and ((n.row == tile.row and n.side == tile.side) or n.colour == colour)
    ]


def build_place(st: Structure, kind: str, net_slot: int | None) -> int:
    """Where a new structure goes: boats and bridges "in the river tile in the same row as
    the camp", nets on their slot, the rest on the builder's tile."""
    if kind == NET:
        return net_slot
    if kind in (BOAT, BRIDGE):
        return ROW_RIVER[TILES[st.place].row]
    return st.place


# --- move -------------------------------------------------------------------------------------
def move_targets(s: WeState, st: Structure) -> Sequence[int]:
    """Where ``st`` may move now ("Camps and excavators may each move to an adjacent land
    tile on their turn. A boat may move to any river tile.")."""
    if st.kind not in MOBILE or st.id in s.exhausted or st.id in s.fresh:
        return []
    if st.kind == BOAT:
        return OTHER_RIVER_TILES[st.place]
    # Tiles a camp may not stop on (an excavator may share a tile with a camp).
    camps = camp_tiles(s) if st.kind == CAMP else ()
    out = []
    for line in SIDE_LINES[st.place]:
        # "If a camp would move into the same tile as another camp, instead it jumps
        # over that tile to the next available land tile."
        for tile in line:
            if tile not in camps:
                out.append(tile)
                break
    across = ACROSS[st.place]
    if across not in camps and bridge_between(s, TILES[st.place].row):
        out.append(across)
    return out


def camp_tiles(s: WeState) -> set[int]:
    """The tiles a camp stands on."""
    return {st.place for st in s.structures.values() if st.kind == CAMP}


def bridge_between(s: WeState, row: int) -> bool:
    """Bridge: "Treat the two land tiles connected by the bridge as if they were adjacent"
    (a bridge on a protected river tile has lost its abilities)."""
    water = ROW_RIVER[row]
    if water in s.protected:
        return False
    for o in s.structures.values():
        if o.place == water and o.kind == BRIDGE:
            return True
    return False


def ferry_options(s: WeState, seat: int, group: list[Structure]) -> list[tuple[int, int]]:
    """(boat, structure): "A boat may also use its move action to ferry a camp or excavator
    to the land tile on the same row across the river. This uses the move action of the
    boat and the structure it ferries." One of the two must be acting in this group."""
    in_group = {st.id for st in group}
    out = []
    for boat in s.structures.values():
        if boat.owner != seat or boat.kind != BOAT or not _can_move(s, boat):
            continue
        row = TILES[boat.place].row
        for other in s.structures.values():
            if other.owner != seat or other.kind not in (CAMP, EXCAVATOR) or not _can_move(s, other):
                continue
            if TILES[other.place].row != row or (boat.id not in in_group and other.id not in in_group):
                continue
            if other.kind == CAMP and s.camp_on(ACROSS[other.place]) is not None:
                continue
            out.append((boat.id, other.id))
    return out


def _can_move(s: WeState, st: Structure) -> bool:
    return st.id not in s.exhausted and st.id not in s.fresh


# --- selling off protected land -----------------------------------------------------------
def sellable(s: WeState, seat: int) -> list[int]:
    """"If a player has a structure on a protected tile that cannot move, say a farm or a
    lumber mill, that player may choose to sell that structure and collect resources equal
    to its cost from the bank.\""""
    if not s.protected:
        return []
    return [
        st.id for st in s.structures.values()
        if st.owner == seat and st.kind not in MOBILE and st.kind != NET and st.place in s.protected
    ]
