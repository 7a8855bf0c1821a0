"""Tokens in the river: pollution, the end-of-turn flow, nets, the estuary and the sea."""

from __future__ import annotations

from .components import (
    EMPTY, ESTUARY, FISH, NET, NET_SLOTS, POLLUTION, ROW_LAND, ROW_RIVER, ROWS, TILES,
)
from .state import WeState


def _river_slots(row: int) -> tuple[int, ...]:
    return TILES[ROW_RIVER[row]].slots


def _pollution_order(row: int) -> tuple[tuple[int, int], ...]:
    """(tile, slot) in the order arriving pollution fills them: "Fill land slots first
    in order of elevation. If one tile has two empty slots, fill the slot higher upriver.\""""
    lands = sorted(ROW_LAND[row], key=lambda t: -TILES[t].elevation)
    order = [(t, slot) for t in lands for slot in TILES[t].slots]
    return tuple(order + [(ROW_RIVER[row], slot) for slot in _river_slots(row)])


POLLUTION_ORDER = tuple(_pollution_order(row) for row in range(ROWS))


def create_pollution(s: WeState, row: int, count: int = 1) -> None:
    """"When a pollution token is created place it directly onto the river tile in the
    same row. If there are any empty fish slots on that tile, move the pollution token
    into one of those slots.\""""
    for _ in range(count):
        s.bank[POLLUTION] -= 1
        slot = _empty_slot(s, _river_slots(row))
        if slot is None:
            s.loose[4 * row + POLLUTION] += 1
        else:
            s.slots[slot] = POLLUTION


def _empty_slot(s: WeState, slots) -> int | None:
    for slot in slots:
        if s.slots[slot] == EMPTY:
            return slot
    return None


def fill_fish_slots(s: WeState, row: int) -> None:
    """"move any unslotted fish tokens in the river to fill all empty fish slots"."""
    index = 4 * row + FISH
    for slot in _river_slots(row):
        if not s.loose[index]:
            return
        if s.slots[slot] == EMPTY:
            s.slots[slot] = FISH
            s.loose[index] -= 1


def settle_estuary_pollution(s: WeState) -> None:
    """Loose pollution at the bottom of the river takes an empty fish slot, else:
    "If a pollution token reaches the bottom of the river and there are no empty fish
    slots, replace one slotted fish token with the pollution token. The fish token flows
    out to sea at the end of the last turn instead of the pollution.\""""
    index = 4 * ESTUARY
    for wanted in (EMPTY, FISH):
        for slot in _river_slots(ESTUARY):
            if not s.loose[index + POLLUTION]:
                return
            if s.slots[slot] == wanted:
                s.slots[slot] = POLLUTION
                s.loose[index + POLLUTION] -= 1
                if wanted == FISH:
                    s.loose[index + FISH] += 1
                    s.events.append(("estuary",))


def arrive(s: WeState, row: int, moving: list[int]) -> None:
    """Tokens flowing in from the neighbouring row: fish take empty fish slots first
    ("If a fish and a pollution would both move into the same slot, the fish gets there
    first"), then pollution fills the row's empty slots in precedence order; the rest
    stays loose in the river."""
    base = 4 * row
    for k in range(4):
        s.loose[base + k] += moving[k]
    fill_fish_slots(s, row)
    for tile, slot in POLLUTION_ORDER[row]:
        if not s.loose[base + POLLUTION]:
            break
        if s.slots[slot] == EMPTY and tile != s.city:
            s.slots[slot] = POLLUTION
            s.loose[base + POLLUTION] -= 1
    if row == ESTUARY:
        settle_estuary_pollution(s)


def nets_collect(s: WeState, line: int, moving: list[int]) -> None:
    """"At the end of the turn as resources move past the net to the next river tile,
    collect one of those resources at random." "If two nets would both collect resources
    at the end of the turn, the net closer to the top of the river collects first, except
    during the storm when the order is reversed.\""""
    nets = [st for st in s.structures.values() if st.kind == NET and NET_SLOTS[st.place].row == line]
    nets.sort(key=lambda st: st.place, reverse=s.storm)
    for net in nets:
        total = sum(moving)
        if not total:
            return
        pick = s.rng.below(total)
        kind = 0
        while pick >= moving[kind]:
            pick -= moving[kind]
            kind += 1
        moving[kind] -= 1
        s.stock[net.owner][kind] += 1
        s.events.append(("net", net.owner, kind, net.place))


def end_of_turn_flow(s: WeState) -> None:
    """"At the end of each turn, move any unslotted fish tokens in the river to fill all
    empty fish slots. Then move all unslotted resource tokens, including any remaining
    fish, from the current river tile to the river tile below." In the Storm the river
    runs the other way, and what is left at the top stays ("Leave any resources in the
    river to flow back down the next season")."""
    row = s.row
    fill_fish_slots(s, row)
    if row == ESTUARY:
        settle_estuary_pollution(s)
    step = -1 if s.storm else 1
    target = row + step
    if target < 0:
        return
    base = 4 * row
    moving = s.loose[base:base + 4]
    if not any(moving):
        return
    s.loose[base:base + 4] = [0, 0, 0, 0]
    nets_collect(s, row if step == 1 else target, moving)
    if target == ROWS:
        flow_out_to_sea(s, moving)
    else:
        arrive(s, target, moving)
        s.events.append(("flow", row, target, tuple(moving)))


def flow_out_to_sea(s: WeState, moving: list[int]) -> None:
    """"At the end of the final turn of the season any remaining unslotted resource
    tokens flow out to sea. Remove them from the map.\""""
    s.sea = [was + more for was, more in zip(s.sea, moving, strict=True)]  # a new list: a clone shares it
    if any(moving):
        s.events.append(("sea", tuple(moving)))


def ecosystem_destroyed(s: WeState) -> bool:
    """"if all three fish slots in the estuary are filled with pollution, the river
    ecosystem is destroyed.\""""
    return all(s.slots[slot] == POLLUTION for slot in _river_slots(ESTUARY))


def pollution_on_map(s: WeState) -> int:
    """Pollution in slots and loose in the river (Conservation: "no pollution is on the map")."""
    return s.slots.count(POLLUTION) + sum(s.loose[4 * r + POLLUTION] for r in range(ROWS))
