"""What a placement does for every seat, and what is still at stake: the Lair
rivers that stay open, asked before a tile is laid and in the last rounds.

"Points scored with Lair Tiles are counted at the end of the game": a Lair's
river that still runs into an empty square may yet close, for its owner, by
anyone's tile. So a placement that carries another seat's Lair river on to an
empty square sets that seat up; one that ends it against a dry side ends its
hopes for good."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import PlaceTile
from .board import FACE_INDEX, LAIR_FACE_IDS, PLAYABLE
from .state import FlowState
from .territories import closed_by, open_lair_passes, open_lairs
from .turn import actions_per_turn

LAST_ROUNDS = 2
"""How many rounds before the board is full count as "the last rounds"."""


@dataclass(frozen=True)
class OpenLair:
    """A Lair whose river still runs into an empty square: its ``owner``, its square
    (``lair``), the ``length`` of its river so far and the empty square it runs into
    (``opening``). Closing it scores its owner at least ``length`` + 1."""

    owner: int
    lair: int
    length: int
    opening: int


@dataclass(frozen=True)
class LairOutlook:
    """What a placement does to the Lair rivers on the board: ``opened``, those it
    carries on (or a Lair it lays) and leaves running into an empty square;
    ``ended``, those it ends for good without closing them."""

    opened: tuple[OpenLair, ...]
    ended: tuple[OpenLair, ...]


def open_lair_rivers(state: FlowState) -> tuple[OpenLair, ...]:
    """Every Lair on the board whose river may still close."""
    found = open_lairs(state.tiles, state.lair_owner, PLAYABLE[state.locked_open])
    return tuple(OpenLair(*entry) for entry in found)


def open_rivers_of(state: FlowState, seat: int) -> frozenset[tuple[int, int]]:
    """The river passes (square, river) of ``seat``'s Lair rivers that may still
    close: the rivers it is building, drawn out on the board."""
    found = open_lair_passes(state.tiles, state.lair_owner, PLAYABLE[state.locked_open])
    return frozenset(step for owner, _, passes, _ in found if owner == seat for step in passes)


def lair_outlook(state: FlowState, seat: int, action: PlaceTile) -> LairOutlook:
    """The Lair rivers ``seat`` placing ``action`` would leave open, lengthened or
    new, and those it would end for good (a closed one is a Territory, not here).
    Asked of an allowed placement (see `preview_placement`)."""
    playable = PLAYABLE[state.locked_open]
    tiles = list(state.tiles)
    tiles[action.square] = FACE_INDEX[action.tile] * 4 + action.rotation
    owners = list(state.lair_owner)
    if action.tile in LAIR_FACE_IDS:
        owners[action.square] = seat
    before = {lair.lair: lair for lair in open_lair_rivers(state)}
    after = tuple(OpenLair(*entry) for entry in open_lairs(tiles, owners, playable))
    closed = {square for territory in closed_by(tiles, owners, playable, action.square, seat)
              for square in (territory.steps[0][0], territory.steps[-1][0]) if owners[square] >= 0}
    opened = tuple(lair for lair in after if before.get(lair.lair) != lair)
    still = {lair.lair for lair in after}
    ended = tuple(lair for square, lair in before.items() if square not in still and square not in closed)
    return LairOutlook(opened, ended)


def lair_loss(state: FlowState, seat: int, action: PlaceTile) -> int:
    """The points at least that ``seat`` loses by placing ``action``: each of its own
    Lair rivers it ends for good was worth its length + 1 once closed (the preview's
    "you lose 2+: your Lair can never close"). 0: it harms no Lair of the seat's."""
    return sum(lair.length + 1 for lair in lair_outlook(state, seat, action).ended if lair.owner == seat)


def rounds_left(state: FlowState) -> int:
    """About how many rounds remain: the empty squares over the tiles a round lays."""
    per_round = state.seats * actions_per_turn(state.variant)
    return -(-state.empty_squares // per_round)


def in_the_last_rounds(state: FlowState) -> bool:
    return not state.over and rounds_left(state) <= LAST_ROUNDS
