"""What a placement would do, asked before it is made: the screen's preview at the
cursor ("does it fit, which Territories would it close, for how many points")."""

from __future__ import annotations

from dataclasses import dataclass

from ..core import IllegalAction
from .actions import PlaceTile
from .board import CONNECTIONS, FACE_INDEX, LAIR_FACE_IDS, NEIGHBOURS, PLAYABLE
from .components import DRY
from .outlook import lair_loss, lair_outlook
from .turn import check_place_tile
from .state import FlowState, Territory
from .territories import closed_by


@dataclass(frozen=True)
class PlacementPreview:
    """``allowed`` is False with ``reason`` when the rules forbid the placement.
    ``joins`` counts the sides where its rivers meet a neighbour's river, ``dams``
    the rivers (its own or a neighbour's) it would end for good against a dry side,
    the board's edge or a shut locked square. ``closes`` are the Territories it would
    complete and ``points`` what they give each seat."""

    allowed: bool
    reason: str
    joins: int
    dams: int
    closes: tuple[Territory, ...]
    points: tuple[int, ...]


def preview_placement(state: FlowState, seat: int, action: PlaceTile) -> PlacementPreview:
    try:
        check_place_tile(state, seat, action)
    except IllegalAction as err:
        return PlacementPreview(False, err.reason, 0, 0, (), (0,) * state.seats)
    square = action.square
    tile_code = FACE_INDEX[action.tile] * 4 + action.rotation
    playable = PLAYABLE[state.locked_open]
    tiles = list(state.tiles)
    tiles[square] = tile_code
    owners = list(state.lair_owner)
    if action.tile in LAIR_FACE_IDS:
        owners[square] = seat
    closes = tuple(closed_by(tiles, owners, playable, square, seat))
    points = [0] * state.seats
    for territory in closes:
        for owner, gained in territory.points().items():
            points[owner] += gained
    joins, dams = meetings(tiles, playable, square)
    return PlacementPreview(True, "", joins, dams, closes, tuple(points))


def good_fits(state: FlowState, seat: int, actions: list[PlaceTile]) -> dict[int, PlaceTile]:
    """The squares where a tile (``actions``: its legal placements) does something:
    its river meets another river, or it closes a Territory. For each, its best
    turn: the most points for ``seat`` less what its own Lair rivers ended would
    have scored (`lair_loss`), then the fewest other seats' Lair rivers carried on
    and left open for them (`lair_outlook`), then the most rivers joined, then the
    fewest dammed. A square where even the best turn sets another seat up or ends
    one of the seat's own Lair rivers is left out, unless every square does."""
    best: dict[int, tuple[tuple[int, int, int, int], PlaceTile, int]] = {}
    for action in actions:
        seen = preview_placement(state, seat, action)
        if not seen.allowed or not (seen.joins or seen.closes):
            continue
        gifts = sum(1 for lair in lair_outlook(state, seat, action).opened if lair.owner != seat)
        lost = lair_loss(state, seat, action)
        worth = (seen.points[seat] - lost, -gifts, seen.joins, -seen.dams)
        if action.square not in best or worth > best[action.square][0]:
            best[action.square] = (worth, action, lost)
    safe = {square: action for square, (worth, action, lost) in best.items() if worth[1] == 0 and not lost}
    return safe or {square: action for square, (_, action, _) in best.items()}


def meetings(tiles: list[int], playable: tuple[bool, ...], square: int) -> tuple[int, int]:
    """(rivers joined, rivers dammed) at the four sides of the tile on ``square``."""
    sides = CONNECTIONS[tiles[square]]
    joins = dams = 0
    for side in range(4):
        wet = sides[side] != DRY
        neighbour = NEIGHBOURS[square][side]
        if neighbour < 0 or (tiles[neighbour] < 0 and not playable[neighbour]):
            dams += wet
        elif tiles[neighbour] >= 0:
            facing = CONNECTIONS[tiles[neighbour]][(side + 2) & 3] != DRY
            joins += wet and facing
            dams += wet != facing
    return joins, dams
