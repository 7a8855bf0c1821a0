"""Adjusting the water level: tributaries, erosion, wetlands, flooding, and canals."""

from __future__ import annotations

from .components import (
    CANAL, CITY_FLOOD_POLLUTION, EMPTY, FARM, FISH, GRAVEL, LEVEE, PLUS_LINES, POLLUTION,
    ROW_HALVES, ROW_LAND, ROW_LAND_HIGH_FIRST, SLOTS, TILES, TREE, WETLANDS,
)
from .river import create_pollution
from .state import WeState


def effective_elevation(s: WeState, tile: int) -> int:
    """"When calculating erosion, treat the tile as if it were at one higher elevation
    for each levee on it" (a levee on a protected tile has lost its ability)."""
    elevation = TILES[tile].elevation
    if tile in s.protected:
        return elevation
    for st in s.structures.values():
        if st.place == tile and st.kind == LEVEE:
            elevation += 1
    return elevation


def is_wetland(s: WeState, tile: int) -> bool:
    """"Any tile with a gravel slot is a wetlands tile"; under the city "that tile loses
    its gravel slot and no longer counts as wetlands"."""
    return tile in WETLANDS and tile != s.city


def adjust_water_level(s: WeState) -> None:
    """The first step of every turn: the "+" on the line crossed, then erosion."""
    row = s.row
    if s.turn > 0:
        line = min(row, s.order[s.turn - 1])
        if line in PLUS_LINES:
            s.water += 1
            s.events.append(("plus", row, s.water - 1, s.water))
    erode_row(s, row)


def erode_row(s: WeState, row: int) -> None:
    """"If the water is higher than that elevation, the tile erodes." "If the water level
    is higher than both land tiles in the row, the tile at higher elevation erodes first.\""""
    high, low = ROW_LAND_HIGH_FIRST[row]
    if s.water <= TILES[low].elevation:
        return  # levees only raise a tile: nothing can erode
    high_level, low_level = effective_elevation(s, high), effective_elevation(s, low)
    if low_level > high_level:
        high, low, high_level, low_level = low, high, low_level, high_level
    if s.water > high_level:
        erode(s, high)
    if s.water > low_level:
        erode(s, low)


def erode(s: WeState, tile: int) -> None:
    """"If a wetlands tile would erode, first reduce the water level by one and refill all
    empty gravel slots on the tile. Then, if the water level is still higher than the
    wetlands tile, that tile erodes normally.\""""
    if is_wetland(s, tile):
        s.water -= 1
        refill_gravel(s, tile)
        s.events.append(("drain", tile, s.water + 1, s.water))
        if s.water <= effective_elevation(s, tile):
            return
    tree = _last_tree(s, tile)
    if tree is None:
        flood(s, tile)
        return
    # "Remove one tree token from the tile and place it on the river tile in the same row.
    # Then reduce the water level by one."
    s.slots[tree] = EMPTY
    s.loose[4 * s.row + TREE] += 1
    s.water -= 1
    s.eroded = s.eroded | {tile}  # a new set: a clone shares it (`WeState.clone`)
    s.events.append(("erode", tile, s.water + 1, s.water))


def _last_tree(s: WeState, tile: int) -> int | None:
    """The tree lowest downriver on the tile (the one the water reaches first)."""
    for slot in reversed(TILES[tile].slots):
        if s.slots[slot] == TREE:
            return slot
    return None


def refill_gravel(s: WeState, tile: int) -> None:
    """Refill the tile's empty gravel slots, and those of the half tiles beside it in
    its row: "Gravel slots on half tiles refill at the same time as gravel slots on the
    adjacent wetlands tile in that row.\""""
    row = TILES[tile].row
    tiles = [tile] + [h for h in ROW_HALVES[row] if tile in TILES[h].adjacent]
    for t in tiles:
        for slot in TILES[t].slots:
            if SLOTS[slot].kind == GRAVEL and s.slots[slot] == EMPTY:
                s.slots[slot] = GRAVEL
                s.bank[GRAVEL] -= 1


def flood(s: WeState, tile: int) -> None:
    """"If a tile would erode but there are no tree tokens on it, that tile floods. Move
    any pollution and gravel on a flooded tile to the river tile in the same row. Place a
    flood marker on the flooded tile. Do not reduce the water level when a tile floods.\""""
    base = 4 * s.row
    for slot in TILES[tile].slots:
        held = s.slots[slot]
        if held == POLLUTION or held == GRAVEL:
            s.slots[slot] = EMPTY
            s.loose[base + held] += 1
    s.flooded = s.flooded | {tile}  # new sets: a clone shares them (`WeState.clone`)
    s.eroded = s.eroded | {tile}
    s.events.append(("flood", tile, s.water))
    if tile == s.city:
        flood_city(s, tile)


def flood_city(s: WeState, tile: int) -> None:
    """"If the tile the city is on floods, immediately add three pollution to the river.
    Place a flood token on top of the city. Treat the city as if it is not there until the
    beginning of the next season." The token is on the tile from the moment the policy
    places it "construction side face up", so a construction site floods the same way
    (`s.flooded` keeps the flood token; `city_flooded_in` remembers the season for "If the
    city is flooded on the last season of the game, the development objective fails")."""
    create_pollution(s, s.row, CITY_FLOOD_POLLUTION)
    s.city_flooded_in = s.season
    s.events.append(("city flood", tile, s.city_complete))


def working(s: WeState, tile: int) -> bool:
    """Whether structures on ``tile`` keep their abilities: not on a flooded tile
    ("lose all abilities while on a flooded tile") nor a protected one."""
    return tile not in s.flooded and tile not in s.protected


def drain_canals(s: WeState) -> None:
    """"After adjusting the water level, but before the populate phase, reduce the water
    level by one. If there is a farm on the same tile as the canal, that farm produces
    one fish for each water level reduced. The canal cannot reduce the water level below
    zero." In tutorial mode "Canals now exclusively make farms produce more fish.\""""
    canals = [st for st in s.structures.values() if st.kind == CANAL and st.place in ROW_LAND[s.row]]
    if not canals:
        return
    for tile in ROW_LAND_HIGH_FIRST[s.row]:
        if not working(s, tile):
            continue
        farms = [st for st in s.on_tile(tile) if st.kind == FARM]
        for canal in (st for st in canals if st.place == tile):
            if not s.tutorial:
                if s.water <= 0:
                    return
                s.water -= 1
            farm = next((f for f in farms if f.owner == canal.owner), farms[0] if farms else None)
            if farm is not None:
                s.stock[farm.owner][FISH] += 1
                s.bank[FISH] -= 1
            s.events.append(("canal", tile, canal.owner, farm.owner if farm else -1, s.water + (not s.tutorial), s.water))
