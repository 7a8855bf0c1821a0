"""Every printed component of We All Take from the River, as data.

The rulebook describes the rules but not the board, the weather cards, the role
cards or most structure costs. The choices below fit every sentence of the
rulebook and are explained, sentence by sentence, in docs/components.md.

The map is five rows of hexagons, one row per turn, from the top of the river
(row 0) down to the estuary (row 4). Each row is a west land tile, a river tile
and an east land tile; half tiles sit on the outer edges. The example map's
captions are reproducible on this map (see tests/rules/we_all_take/test_example_map.py):
row 2's west wetland floods at water 6, a "+" brings the water back to 6 for
row 3, whose east wetland (elevation 4, Purple) drains and erodes to 4 and whose
west wetland (elevation 3, Red) drains it to 3.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- tokens -----------------------------------------------------------------------
FISH, TREE, GRAVEL, POLLUTION, GOLD = range(5)
KINDS = ("fish", "tree", "gravel", "pollution", "gold")
"""Token kinds, in the order of every 5-count tuple (stockpiles, offers, the bank)."""
KIND_OF = {name: kind for kind, name in enumerate(KINDS)}
EMPTY = -1
"""An empty slot."""

# --- the map ----------------------------------------------------------------------
ROWS = 5
ESTUARY = ROWS - 1
WEST, RIVER, EAST = -1, 0, 1
SIDE_NAMES = {WEST: "west", RIVER: "river", EAST: "east"}
LAND, WATER, HALF = "land", "river", "half"


@dataclass(frozen=True)
class Tile:
    """A hexagon (or half hexagon) of the map.

    ``slots`` are global slot ids, the one highest upriver first ("If one tile has
    two empty slots, fill the slot higher upriver"). ``adjacent`` lists the land and
    half tiles that share an edge with this one (river tiles are reached by rows).
    """

    id: int
    code: str
    label: str
    kind: str
    row: int
    side: int
    elevation: int | None
    slots: tuple[int, ...]
    adjacent: tuple[int, ...] = ()


@dataclass(frozen=True)
class Slot:
    id: int
    tile: int
    kind: int
    red: bool = False
    """Highlighted for the red lumber mill: "The red lumber mill may harvest any two
    trees from the highlighted tree slots.\""""


@dataclass(frozen=True)
class NetSlot:
    """A net slot on the bank below ``row`` ("as resources move past the net to the
    next river tile"); below the estuary it catches what flows out to sea.
    Two per side per row: "place it on one of the two net slots on the same side of
    the river as the camp". ``colour`` is the camp colour it is highlighted in."""

    id: int
    row: int
    side: int
    colour: str | None


# Land tiles: (row, side) -> (elevation, slots upriver first: T tree, G gravel).
_LAND = {
    (0, WEST): (9, "TTT"),
    (0, EAST): (8, "TT"),
    (1, WEST): (6, "TT"),
    (1, EAST): (7, "TTT"),
    (2, WEST): (4, "TGG"),
    (2, EAST): (6, "TT"),
    (3, WEST): (3, "TG"),
    (3, EAST): (4, "TTG"),
    (4, WEST): (3, "TT"),
    (4, EAST): (2, "TGG"),
}
RIVER_FISH_SLOTS = (2, 2, 1, 2, 3)
"""Fish slots per river tile; the estuary has three ("if all three fish slots in
the estuary are filled with pollution, the river ecosystem is destroyed")."""
# Half tiles: (row, side, slot, full land tiles it touches). Row = the turn it populates.
_HALF = (
    (0, WEST, "T", ((0, WEST), (1, WEST))),
    (1, EAST, "T", ((1, EAST), (2, EAST))),
    (3, WEST, "G", ((3, WEST), (4, WEST))),
    (4, EAST, "G", ((4, EAST), (3, EAST))),
)
PLUS_LINES = frozenset({0, 2})
"""Lines with a "+": below row 0 and below row 2 ("If there is a plus on the line
between river tiles, add one to the water level as the turn changes")."""
_RED_SLOTS = {((0, WEST), 2), ((1, EAST), 2), ((4, WEST), 1)}
"""(tile, slot index): the tree slots highlighted for the red lumber mill."""
_LETTER = {"T": TREE, "G": GRAVEL, "F": FISH}


def _build_map():
    tiles: list[Tile] = []
    slots: list[Slot] = []
    ids: dict[tuple[int, int], int] = {}
    layout: list[tuple] = []
    for row in range(ROWS):
        for side in (WEST, RIVER, EAST):
            ids[(row, side)] = len(layout)
            layout.append((row, side))
    half_ids = {}
    for n, (row, side, _, _) in enumerate(_HALF):
        half_ids[(row, side)] = len(layout) + n

    def add_slots(tile_id: int, letters: str, key) -> tuple[int, ...]:
        out = []
        for index, letter in enumerate(letters):
            out.append(len(slots))
            slots.append(Slot(len(slots), tile_id, _LETTER[letter], (key, index) in _RED_SLOTS))
        return tuple(out)

    for row, side in layout:
        tid = ids[(row, side)]
        if side == RIVER:
            code = "ES" if row == ESTUARY else f"R{row + 1}"
            label = "the estuary" if row == ESTUARY else f"river {row + 1}"
            tiles.append(Tile(tid, code, label, WATER, row, side, None, add_slots(tid, "F" * RIVER_FISH_SLOTS[row], None)))
            continue
        elevation, letters = _LAND[(row, side)]
        adjacent = [ids[(r, side)] for r in (row - 1, row + 1) if 0 <= r < ROWS]
        adjacent += [half_ids[(h[0], h[1])] for h in _HALF if (row, side) in h[3]]
        code = f"{'W' if side == WEST else 'E'}{row + 1}"
        label = f"{SIDE_NAMES[side]} {row + 1} (elevation {elevation})"
        tiles.append(Tile(tid, code, label, LAND, row, side, elevation, add_slots(tid, letters, (row, side)), tuple(adjacent)))
    for row, side, letter, touching in _HALF:
        tid = half_ids[(row, side)]
        code = f"{'w' if side == WEST else 'e'}{row + 1}"
        label = f"the {SIDE_NAMES[side]} half tile of row {row + 1}"
        tiles.append(Tile(tid, code, label, HALF, row, side, None, add_slots(tid, letter, None), tuple(ids[t] for t in touching)))
    return tuple(tiles), tuple(slots), ids


TILES, SLOTS, _IDS = _build_map()
TILE_BY_CODE = {t.code: t.id for t in TILES}


def land(row: int, side: int) -> int:
    """The id of the full land tile on ``side`` of ``row``."""
    return _IDS[(row, side)]


def river(row: int) -> int:
    """The id of the river tile of ``row``."""
    return _IDS[(row, RIVER)]


ROW_LAND = tuple((land(r, WEST), land(r, EAST)) for r in range(ROWS))
ROW_LAND_HIGH_FIRST = tuple(tuple(sorted(pair, key=lambda t: -TILES[t].elevation)) for pair in ROW_LAND)
"""Each row's land tiles, the higher first (no row has two tiles at one elevation)."""
ROW_LAND_LOW_FIRST = tuple(pair[::-1] for pair in ROW_LAND_HIGH_FIRST)
ROW_RIVER = tuple(river(r) for r in range(ROWS))
ROW_HALVES = tuple(tuple(t.id for t in TILES if t.kind == HALF and t.row == r) for r in range(ROWS))
LAND_TILES = tuple(t.id for t in TILES if t.kind == LAND)
ROW_GROWING = tuple(ROW_LAND[r] + ROW_HALVES[r] for r in range(ROWS))
"""Each row's full land tiles, then its half tiles: where trees grow on the row's turn
(and, in tutorial mode, gravel refills)."""
TREE_SLOTS = {t.id: tuple(slot for slot in t.slots if SLOTS[slot].kind == TREE) for t in TILES}
"""Each tile's tree slots, the one highest upriver first."""
RIVER_TILES = ROW_RIVER
WETLANDS = frozenset(t for t in LAND_TILES if any(SLOTS[s].kind == GRAVEL for s in TILES[t].slots))
""""Any tile with a gravel slot is a wetlands tile" (until the city covers it)."""
ACROSS = {land(r, WEST): land(r, EAST) for r in range(ROWS)} | {land(r, EAST): land(r, WEST) for r in range(ROWS)}
"""The land tile on the same row across the river (ferries and bridges)."""
OTHER_RIVER_TILES = {t.id: tuple(r for r in RIVER_TILES if r != t.id) for t in TILES}
"""Where a boat on a tile may move: "A boat may move to any river tile" (but its own)."""
SIDE_LINES = {
    t: tuple(
        tuple(land(row, TILES[t].side) for row in rows)
        for rows in (range(TILES[t].row - 1, -1, -1), range(TILES[t].row + 1, ROWS))
    )
    for t in LAND_TILES
}
"""From each land tile, the land tiles on its side of the river row by row away from it,
the rows above it, then those below (a camp or an excavator moves to the nearest free one
of each: `structures.move_targets`)."""

# --- net slots --------------------------------------------------------------------
COLOURS = ("Red", "Orange", "Yellow", "Purple", "Blue")
"""Camp colours; "Each player chooses their color"."""
RED = "Red"
_NET_HIGHLIGHTS = {
    (0, WEST): "Blue", (0, EAST): "Orange",
    (1, WEST): "Purple", (1, EAST): "Red",
    (2, WEST): "Orange", (2, EAST): "Yellow",
    (3, WEST): "Red", (3, EAST): "Blue",
    (4, WEST): "Yellow", (4, EAST): "Purple",
}
"""The second net slot of each pair is highlighted in one camp colour:
"These camps may build nets on the slots highlighted in their color"."""
NET_SLOTS = tuple(
    NetSlot(4 * row + 2 * (side == EAST) + k, row, side, _NET_HIGHLIGHTS[(row, side)] if k else None)
    for row in range(ROWS)
    for side in (WEST, EAST)
    for k in (0, 1)
)
"""In upriver order: "the net closer to the top of the river collects first"."""

# --- weather ------------------------------------------------------------------------


@dataclass(frozen=True)
class Weather:
    id: int
    name: str
    modifier: int
    storm: bool = False


_WEATHER = (
    ("Drought", -2), ("Dry Spell", -1), ("Dry Spell", -1), ("Fair Skies", 0), ("Fair Skies", 0),
    ("Fair Skies", 0), ("Showers", 1), ("Showers", 1), ("Rainy Season", 2), ("Rainy Season", 2),
    ("Snowmelt", 3),
)
WEATHER = tuple(Weather(i, name, mod) for i, (name, mod) in enumerate(_WEATHER)) + (
    Weather(len(_WEATHER), "The Storm", 2, storm=True),
)
"""Twelve weather cards: the six-sided die plus ``modifier`` is a season's initial water level."""
ALMANAC = 3
""""lay out the first three weather cards face up"."""
SEASONS = 10
""""A game is broken into ten rounds called seasons.\""""

# --- objectives and roles -------------------------------------------------------------
CONSERVATION, AGRICULTURE, DEVELOPMENT, CAPITAL, CHARITY = range(5)
OBJECTIVES = ("Conservation", "Agriculture", "Development", "Capital", "Charity")
OBJECTIVE_TEXT = (
    "Ensure no pollution is on the map.",
    "Stockpile fifteen fish.",
    "Build the city.",
    "Have more gold than any other player.",
    "Ensure each other player has completed at least one objective.",
)
FISH_GOAL = 15


@dataclass(frozen=True)
class Role:
    id: int
    name: str
    objectives: tuple[int, ...]


ROLES = (
    Role(0, "Gardener", (CONSERVATION, AGRICULTURE)),
    Role(1, "Grocer", (AGRICULTURE, CAPITAL)),
    Role(2, "Mayor", (DEVELOPMENT, CHARITY)),
    Role(3, "Tycoon", (DEVELOPMENT, CAPITAL)),
    Role(4, "Architect", (CONSERVATION, DEVELOPMENT)),
    Role(5, "Philanthropist", (CAPITAL, CHARITY)),
    Role(6, "Volunteer", (CONSERVATION, CHARITY)),
    Role(7, "Settler", (AGRICULTURE, DEVELOPMENT)),
    Role(8, "Cook", (AGRICULTURE, CHARITY)),
    Role(9, "Guide", (CONSERVATION, CAPITAL)),
)
""""There are ten role cards, one for each pair of objectives." Grocer and Gardener
both stockpile fish, so they compete for it."""
STEWARD = Role(10, "Steward", (CONSERVATION, AGRICULTURE, DEVELOPMENT))
"""For one and two players: "The Steward must complete all three of the Conservation,
Agriculture, and Development objectives.\""""
ALL_ROLES = ROLES + (STEWARD,)
ROLE_SEATS = 3
"""Role cards are dealt from three players up ("For 3-5 players, shuffle the red role deck")."""

# --- structures ------------------------------------------------------------------------
CAMP, BOAT, EXCAVATOR, MILL, NET, FARM, CANAL, LEVEE, BRIDGE = (
    "camp", "boat", "excavator", "lumber mill", "net", "farm", "canal", "levee", "bridge",
)


def _cost(fish: int = 0, tree: int = 0, gravel: int = 0) -> tuple[int, int, int, int, int]:
    return (fish, tree, gravel, 0, 0)


COST = {
    CAMP: _cost(),
    BOAT: _cost(tree=1),
    EXCAVATOR: _cost(tree=1, gravel=2),
    MILL: _cost(tree=2, gravel=1),
    NET: _cost(tree=1),
    FARM: _cost(tree=2, gravel=2),  # "two trees and two gravel"
    CANAL: _cost(gravel=1),
    LEVEE: _cost(gravel=2),
    BRIDGE: _cost(tree=3),
}
"""Resource costs, as 5-count tuples (fish, tree, gravel, pollution, gold)."""
BUILD_FEE = 1
""""A player must always pay one fish in order to take the build action.\""""
SUPPLY = {CAMP: 1, BOAT: 5, EXCAVATOR: 5, MILL: 5, NET: 5, FARM: 5, CANAL: 5, LEVEE: 5, BRIDGE: 2}
"""Per player: 1 camp and 5 each of nets, lumber mills, farms, excavators and boats
(the prototype's counts), plus 5 canals, 5 levees and 2 bridges."""
ACTIVE = frozenset({CAMP, BOAT, EXCAVATOR, MILL})
"""Structures with actions; the others are passive."""
MOBILE = frozenset({CAMP, BOAT, EXCAVATOR})
"""Structures with a move action (they can never be sold off a protected tile)."""
CAMP_BUILDS = (BOAT, EXCAVATOR, MILL, NET, FARM, LEVEE, BRIDGE)
"""What a camp may build; canals are dug by excavators ("Build - ... build a canal")."""

# --- the rest of the table ------------------------------------------------------------
START_STOCK = (1, 1, 1, 0, 0)
""""Distribute one fish, one tree, and one gravel to each player.\""""
CITY_NEEDS = (5, 5, 5)
""""When there are five fish, five wood, and five gravel stacked on the construction site"."""
CITY_FLOOD_POLLUTION = 3
""""If the tile the city is on floods, immediately add three pollution to the river.\""""
PROPOSAL_FEE = 1
""""Players must pay one gold before proposing or attempting to revoke a policy.\""""
BANK = (400, 400, 400, 400, 400)
"""Tokens in the box at the start; the box never runs out in play."""
MAX_DEALS = 2
"""Trade offers and gifts a seat may make per turn or per season-end step, so that
play always moves on (the rulebook sets no limit; "at any time")."""
SUBSIDY, END_SUBSIDY, PROTECT, UNPROTECT, CITY = "subsidy", "end subsidy", "protect", "unprotect", "city"
