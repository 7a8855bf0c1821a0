"""Who goes first: the order in which structures act on a turn.

A turn's player actions are a list of groups ``(seat, tile)``: that seat acts with
its structures on that tile, in the order it likes ("If a player has two structures
on the same tile, they may choose the order in which those structures act"). The
group of a camp's owner also holds the boats in its row ("they may choose to use that
boat as part of the camp's actions"); boats not used there act with the river tile.
"""

from __future__ import annotations

from .components import ACTIVE, BOAT, CAMP, ROW_LAND_HIGH_FIRST, ROW_LAND_LOW_FIRST, ROW_RIVER, TILES
from .state import Structure, WeState


def acting_groups(s: WeState) -> list[tuple[int, int]]:
    """"Structures on the land tile at higher elevation act first. Structures on the river
    tile act last." "During the Storm, structures on the river act first. Structures on
    the land tile at higher elevation act last.\""""
    row = s.row
    water = ROW_RIVER[row]
    lands = ROW_LAND_LOW_FIRST[row] if s.storm else ROW_LAND_HIGH_FIRST[row]
    acting = [st for st in s.structures.values() if (st.place == water or st.place in lands) and st.kind in ACTIVE]
    if not acting:
        return []
    owners: dict[int, set[int]] = {lands[0]: set(), lands[1]: set(), water: set()}
    camps: dict[int, int] = {}
    for st in acting:
        owners[st.place].add(st.owner)
        if st.kind == CAMP:
            camps[st.place] = st.owner
    elevations = camp_elevations(s)
    groups: list[tuple[int, int]] = []
    for tile in lands:
        here = owners[tile]
        camp = camps.get(tile)
        if camp is not None:
            # "If two players have a structure on the same land tile and one of them is a camp, the camp acts first."
            groups.append((camp, tile))
            here.discard(camp)
        groups += [(seat, tile) for seat in by_camp_elevation(here, elevations)]
    boats = [(seat, water) for seat in by_camp_elevation(owners[water], elevations)]
    return boats + groups if s.storm else groups + boats


def camp_elevations(s: WeState) -> dict[int, int]:
    """Seat -> the printed elevation of its camp's tile ("Levees do not affect turn order")."""
    return {st.owner: TILES[st.place].elevation for st in s.structures.values() if st.kind == CAMP}


def by_camp_elevation(seats, elevations: dict[int, int]) -> list[int]:
    """"If two players' structures are on the same tile and neither is a camp, the player
    whose camp is at higher elevation goes first" (equal elevations: lower seat first)."""
    return sorted(seats, key=lambda seat: (-elevations.get(seat, -1), seat))


def group_structures(s: WeState, seat: int, tile: int) -> list[Structure]:
    """The seat's structures that may still act in its group on ``tile``."""
    water = ROW_RIVER[TILES[tile].row]
    with_boats = False  # whether the seat's camp is on the tile (one camp a tile at most)
    out = []
    for st in s.structures.values():
        if st.owner != seat:
            continue
        if st.place == tile:
            with_boats = with_boats or st.kind == CAMP
        elif st.place != water or st.kind != BOAT:
            continue
        if st.kind in ACTIVE and st.id not in s.exhausted and st.id not in s.fresh:
            out.append(st)
    return out if with_boats else [st for st in out if st.place == tile]


def voting_order(s: WeState) -> list[int]:
    """"All players then vote on the proposal by descending order of camp elevation.\""""
    return by_camp_elevation(range(s.seats), camp_elevations(s))
