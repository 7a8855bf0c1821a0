"""Who goes first: the order in which structures act on a turn.

A turn's player actions are a list of groups ``(seat, tile)``: that seat acts with
its structures on that tile, in the order it likes ("If a player has two structures
on the same tile, they may choose the order in which those structures act"). The
group of a camp's owner also holds the boats in its row ("they may choose to use that
boat as part of the camp's actions"); boats not used there act with the river tile.
"""

from __future__ import annotations

from .components import ACTIVE, BOAT, CAMP, ROW_LAND, ROW_RIVER, TILES
from .state import Structure, WeState


def acting_groups(s: WeState) -> list[tuple[int, int]]:
    """"Structures on the land tile at higher elevation act first. Structures on the river
    tile act last." "During the Storm, structures on the river act first. Structures on
    the land tile at higher elevation act last.\""""
    row = s.row
    lands = sorted(ROW_LAND[row], key=lambda t: TILES[t].elevation, reverse=not s.storm)
    groups: list[tuple[int, int]] = []
    for tile in lands:
        here = {st.owner for st in s.structures.values() if st.place == tile and st.kind in ACTIVE}
        camp = s.camp_on(tile)
        if camp is not None:
            # "If two players have a structure on the same land tile and one of them is a camp, the camp acts first."
            groups.append((camp.owner, tile))
            here.discard(camp.owner)
        groups += [(seat, tile) for seat in by_camp_elevation(s, here)]
    water = ROW_RIVER[row]
    boats = by_camp_elevation(s, {st.owner for st in s.structures.values() if st.place == water and st.kind == BOAT})
    river_groups = [(seat, water) for seat in boats]
    return river_groups + groups if s.storm else groups + river_groups


def by_camp_elevation(s: WeState, seats) -> list[int]:
    """"If two players' structures are on the same tile and neither is a camp, the player
    whose camp is at higher elevation goes first" (equal elevations: lower seat first)."""
    return sorted(seats, key=lambda seat: (-s.camp_elevation(seat), seat))


def group_structures(s: WeState, seat: int, tile: int) -> list[Structure]:
    """The seat's structures that may still act in its group on ``tile``."""
    camp = s.camp_on(tile)
    water = ROW_RIVER[TILES[tile].row]
    with_boats = camp is not None and camp.owner == seat
    out = []
    for st in s.structures.values():
        if st.owner != seat or st.kind not in ACTIVE or st.id in s.exhausted or st.id in s.fresh:
            continue
        if st.place == tile or (with_boats and st.kind == BOAT and st.place == water):
            out.append(st)
    return out


def voting_order(s: WeState) -> list[int]:
    """"All players then vote on the proposal by descending order of camp elevation.\""""
    return by_camp_elevation(s, range(s.seats))


def is_camp(st: Structure) -> bool:
    return st.kind == CAMP
