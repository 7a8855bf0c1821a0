"""Populate natural resources: fish spawn, trees grow, farms and the city produce."""

from __future__ import annotations

from .components import (
    EMPTY, FARM, FISH, GRAVEL, ROW_GROWING, ROW_LAND, ROW_RIVER, SLOTS, TILES, TREE, TREE_SLOTS,
)
from .river import create_pollution
from .state import WeState
from .water import working


def populate(s: WeState) -> None:
    """"Only populate resources if the water level is greater than zero." In tutorial
    mode "Always populate natural resources as if there was water in the river.\""""
    if not s.tutorial and s.water <= 0:
        s.events.append(("dry", s.row, s.water))
        return
    spawn_fish(s)
    grow_trees(s)
    if s.tutorial:
        refill_row_gravel(s)
    farms_produce(s)
    city_pollutes(s)


def spawn_fish(s: WeState) -> None:
    """"If there is at least one fish on the river tile of the current row, add another
    fish to that tile. If there is an empty fish slot the new fish fills that slot.\""""
    row = s.row
    held = [s.slots[slot] for slot in TILES[ROW_RIVER[row]].slots]
    if FISH not in held and not s.loose[4 * row + FISH]:
        return
    s.bank[FISH] -= 1
    if EMPTY in held:
        s.slots[TILES[ROW_RIVER[row]].slots[held.index(EMPTY)]] = FISH
    else:
        s.loose[4 * row + FISH] += 1
    s.events.append(("spawn", row))


def grow_trees(s: WeState) -> None:
    """"Place one tree token in an empty tree slot for each land tile. Only one tree may
    grow on a given tile in a turn. ... Do not add a new tree to tiles that eroded or
    flooded this turn." Half tiles "populate even if the full tile next to it erodes or floods".\""""
    grown = []
    row = s.row
    for tile in ROW_GROWING[row]:
        if tile in s.eroded or tile == s.city:
            continue
        for slot in TREE_SLOTS[tile]:
            if s.slots[slot] == EMPTY:
                s.slots[slot] = TREE
                s.bank[TREE] -= 1
                grown.append(tile)
                break
    if grown:
        s.events.append(("grow", tuple(grown)))


def refill_row_gravel(s: WeState) -> None:
    """Tutorial mode: "Refill all gravel slots during the populate phase of each turn"
    (the gravel slots of the row whose turn it is)."""
    for tile in ROW_GROWING[s.row]:
        if tile == s.city:
            continue
        for slot in TILES[tile].slots:
            if SLOTS[slot].kind == GRAVEL and s.slots[slot] == EMPTY:
                s.slots[slot] = GRAVEL
                s.bank[GRAVEL] -= 1


def farms_produce(s: WeState) -> None:
    """Farm: "If the water level is greater than zero, gain one fish and add one
    pollution to the river during the populate phase of the turn.\""""
    row = s.row
    lands = ROW_LAND[row]
    for farm in [st for st in s.structures.values() if st.kind == FARM and st.place in lands]:
        if working(s, farm.place):
            s.stock[farm.owner][FISH] += 1
            s.bank[FISH] -= 1
            create_pollution(s, row)
            s.events.append(("farm", farm.owner, farm.place))


def city_pollutes(s: WeState) -> None:
    """"The city produces one pollution during the populate phase on its turn"; a flooded
    city is treated "as if it is not there until the beginning of the next season".\""""
    if s.city_complete and s.city in ROW_LAND[s.row] and s.city not in s.flooded:
        create_pollution(s, s.row)
        s.events.append(("city pollution", s.city))
