"""Where a computer seat's camp stands: it moves only when the move pays over the
seasons left.

A camp's worth is its harvest, one token a season ("Take any one resource from the tile
the camp is on or one fish from the river tile in its row"), and a tree grows back on
its tile every season before it acts ("Place one tree token in an empty tree slot for
each land tile"). So a tile stripped of its trees this turn is as good as it was next
season, and a camp that walks to the next tile with trees gains nothing a person would
walk for (computer seats did: E4, E3, E2, E1 and back, every season; the search judged
positions at different depths, and the evaluation's flood risk of a treeless camp tile
read this turn's harvest as a lasting loss).

What makes one tile better than another for the seasons left (`place_worth`): gravel the
seat's plans want while the tile holds it; the flood risk of a low tile with few tree
slots ("If a tile would erode but there are no tree tokens on it, that tile floods", and
the camp loses its abilities); near the end, pollution the camp may harvest there; for
the city's keeper, the city's tile. These change slowly, so a camp that moves by them
does not walk back.
"""

from __future__ import annotations

from .actions import Ferry, Move
from .components import ACROSS, CAMP, FISH, GRAVEL, POLLUTION, SLOTS, TILES, TREE
from .city_keeper import keeps_the_city, on_the_city
from .evaluation import TABLE_MATE_CLEANING, WANTED, role_of, seasons_left, targets
from .state import WeState

SPARE = 0.25
"""A token the seat's plans do not call for (two sell for a gold)."""
FLOOD_RISK = 0.6
"""What a season on a tile that floods costs a camp whose tile holds one tree slot, at
elevation 6 or below (the evaluation's figure for a treeless camp tile): spread over
more tree slots, a tree is more often left standing when the water comes."""
SAFE_ELEVATION = 7
"""Tiles this high are above every normal season's water (6 on the die, +1 at most
before the second row's "+")."""
CLEANING_SEASONS = 2.0
"""The seasons before the end in which every seat cleans the map (`evaluation`)."""
KEEPING = 10.0
"""What standing on the city's tile is worth, a season, to the city's keeper already
there (`city_keeper` walks it there)."""
MOVE_MARGIN = 1.0
"""How much more than where it stands a tile must be worth for a camp to move: about a
wanted token (a move is a camp's last action of the season)."""


def place_worth(s: WeState, seat: int, tile: int) -> float:
    """What ``seat``'s camp standing on ``tile`` is worth over the seasons left."""
    left = seasons_left(s)
    horizon = min(left, 6.0)
    kinds = [] if tile == s.city else [SLOTS[slot].kind for slot in TILES[tile].slots]
    value = _wanted_value(s, seat)
    # Each season the best of a tree (they grow back), a fish from the river, or the gravel
    # the tile still holds (it refills only when the wetlands erode).
    every_season = max(value[FISH], value[TREE] if TREE in kinds else 0.0)
    gravel = min(float(s.tile_tokens(tile)[GRAVEL]) if tile != s.city else 0.0, horizon)
    worth = every_season * horizon + gravel * max(0.0, value[GRAVEL] - every_season)
    trees = kinds.count(TREE)
    if TILES[tile].elevation < SAFE_ELEVATION:
        worth -= FLOOD_RISK * horizon / max(trees, 1)
    if left <= CLEANING_SEASONS and tile != s.city:
        worth += TABLE_MATE_CLEANING * min(s.tile_tokens(tile)[POLLUTION], 1)  # it may harvest it
    if tile == s.city and keeps_the_city(s, seat) and on_the_city(s, seat):  # it stays
        worth += KEEPING * horizon
    return worth


def _wanted_value(s: WeState, seat: int) -> dict[int, float]:
    """A token's worth to the seat: much while its plans call for more than it holds."""
    mine = [st for st in s.structures.values() if st.owner == seat]
    want = targets(s, seat, mine, seasons_left(s), role_of(s, seat).objectives)
    stock = s.stock[seat]
    return {k: WANTED[k] if want[k] > stock[k] else SPARE for k in (FISH, TREE, GRAVEL)}


def wanders(s: WeState, seat: int, action) -> bool:
    """Whether ``action`` moves ``seat``'s camp (on foot or ferried) to a tile worth no
    more than `MOVE_MARGIN` over where it stands: a move that does not pay."""
    if isinstance(action, Move):
        st, tile = s.structures.get(action.structure), action.tile
    elif isinstance(action, Ferry):
        st = s.structures.get(action.structure)
        tile = ACROSS.get(st.place) if st is not None else None
    else:
        return False
    if st is None or st.kind != CAMP or st.owner != seat or tile is None:
        return False
    return place_worth(s, seat, tile) - place_worth(s, seat, st.place) <= MOVE_MARGIN
