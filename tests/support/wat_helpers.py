"""Building scenario tables for the We All Take from the River tests."""

from __future__ import annotations

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.components import (
    EMPTY, KIND_OF, ROLES, ROWS, SLOTS, TILE_BY_CODE, TILES, WEATHER,
)
from river_tui.rules.we_all_take.order import acting_groups
from river_tui.rules.we_all_take.player_actions import change_supply
from river_tui.rules.we_all_take.state import ACTIONS, Structure, WeState
from river_tui.rules.we_all_take.actions import PlaceCamp

STORM = next(w.id for w in WEATHER if w.storm)
FAIR = next(w.id for w in WEATHER if w.modifier == 0)


def tile(code: str) -> int:
    return TILE_BY_CODE[code]


def slots_of(code: str, kind: str | None = None) -> list[int]:
    """The slot ids of a tile, the one highest upriver first (only those printed for ``kind``)."""
    return [s for s in TILES[tile(code)].slots if kind is None or SLOTS[s].kind == KIND_OF[kind]]


def new_table(camps: list[tuple[str, str]], seed: int = 1, variant: str = "standard") -> WeState:
    """A game whose seats placed their camps on ``camps`` [(tile code, colour), ...];
    the first season has begun."""
    s = GAME.new(len(camps), {"variant": variant}, seed)
    for seat, (code, colour) in enumerate(camps):
        s = GAME.apply(s, seat, PlaceCamp(tile(code), colour))
    return s


def at_turn(s: WeState, row: int, water: int, storm: bool = False, turn: int | None = None) -> WeState:
    """The same table at the start of ``row``'s turn (before the automatic steps), with
    this water level; ``turn`` is the index of the turn in the season's order."""
    s = s.clone()
    s.storm = storm
    s.order = tuple(reversed(range(ROWS))) if storm else tuple(range(ROWS))
    s.turn = s.order.index(row) if turn is None else turn
    s.water = water
    s.used, s.fresh, s.eroded, s.exhausted = {}, set(), set(), set()
    s.flooded = set()
    s.events = []
    s.phase = ACTIONS
    s.groups = acting_groups(s)
    return s


def clear_map(s: WeState) -> None:
    """Every slot emptied (their tokens back in the box) and the river swept."""
    for slot, held in enumerate(s.slots):
        if held != EMPTY:
            s.bank[held] += 1
            s.slots[slot] = EMPTY
    for i, n in enumerate(s.loose):
        s.bank[i % 4] += n
        s.loose[i] = 0


def fill(s: WeState, slot: int, kind: str) -> None:
    if s.slots[slot] != EMPTY:
        s.bank[s.slots[slot]] += 1
    s.slots[slot] = KIND_OF[kind]
    s.bank[KIND_OF[kind]] -= 1


def put(s: WeState, seat: int, kind: str, place: int) -> int:
    """Add a structure (as if built in an earlier season); returns its id."""
    st = Structure(s.next_id, seat, kind, place)
    s.structures[st.id] = st
    s.next_id += 1
    change_supply(s, seat, kind, -1)
    return st.id


def give(s: WeState, seat: int, **counts: int) -> None:
    for name, n in counts.items():
        s.stock[seat][KIND_OF[name]] += n
        s.bank[KIND_OF[name]] -= n


def set_stock(s: WeState, seat: int, **counts: int) -> None:
    for name in ("fish", "tree", "gravel", "pollution", "gold"):
        have = s.stock[seat][KIND_OF[name]]
        give(s, seat, **{name: counts.get(name, 0) - have})


def loose(s: WeState, row: int, kind: str) -> int:
    return s.loose[4 * row + KIND_OF[kind]]


def add_loose(s: WeState, row: int, kind: str, n: int = 1) -> None:
    s.loose[4 * row + KIND_OF[kind]] += n
    s.bank[KIND_OF[kind]] -= n


def held(s: WeState, code: str) -> list[str | None]:
    """What the tile's slots hold, highest upriver first."""
    from river_tui.rules.we_all_take.components import KINDS

    return [KINDS[s.slots[slot]] if s.slots[slot] != EMPTY else None for slot in slots_of(code)]


def token_totals(s: WeState) -> list[int]:
    """Every token, wherever it is: map, stockpiles, construction site, bank, sea."""
    totals = list(s.bank)
    for stock in s.stock:
        for k, n in enumerate(stock):
            totals[k] += n
    for held_kind in s.slots:
        if held_kind != EMPTY:
            totals[held_kind] += 1
    for i, n in enumerate(s.loose):
        totals[i % 4] += n
    for k, n in enumerate(s.site):
        totals[k] += n
    for k, n in enumerate(s.sea):
        totals[k] += n
    return totals


def play(s: WeState, *moves):
    """Apply (seat, action) pairs through the Game contract."""
    for seat, action in moves:
        s = GAME.apply(s, seat, action)
    return s


def dealt(role: str, last: bool = False, **stock: int) -> WeState:
    """Three seats at a season's fourth turn (the game's last season with ``last``), seat 0
    dealt the role named ``role`` and holding ``stock``, the others holding nothing."""
    s = new_table([("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    if last:
        s.season = s.last_season
    s = at_turn(s, 4, 0)
    for seat in range(3):
        set_stock(s, seat)
    s.roles[0] = next(r.id for r in ROLES if r.name == role)
    set_stock(s, 0, **stock)
    return s
