"""The actions of We All Take from the River: small frozen dataclasses.

Kinds are named by strings ("fish", "tree", "gravel", "pollution", "gold"), tiles
and slots by their ids in ``components``, structures by their id in the state.
Counts in offers are 5-tuples in the order of ``components.KINDS``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PlaceCamp:
    """Setup: choose a colour and place the camp on a land tile's gray rectangle."""

    tile: int
    colour: str


@dataclass(frozen=True, slots=True)
class Harvest:
    """Take resources with a structure's harvest action: slotted tokens by slot id,
    and/or one loose token of kind ``loose`` from the river tile."""

    structure: int
    slots: tuple[int, ...] = ()
    loose: str | None = None


@dataclass(frozen=True, slots=True)
class Plant:
    """Use the harvest action to place a token from the stockpile into an empty slot of the structure's tile."""

    structure: int
    slot: int
    kind: str


@dataclass(frozen=True, slots=True)
class Dredge:
    """A boat's harvest: gain one gravel from the box and add one pollution to the river."""

    boat: int


@dataclass(frozen=True, slots=True)
class Build:
    """Build one structure (the first of a build action also pays the fish).
    ``net_slot`` names the net slot for a net, else None."""

    structure: int
    kind: str
    net_slot: int | None = None


@dataclass(frozen=True, slots=True)
class Move:
    """Move a camp or excavator to a land tile, or a boat to a river tile
    (``tile`` is where it lands, after any jump over another camp)."""

    structure: int
    tile: int


@dataclass(frozen=True, slots=True)
class Ferry:
    """A boat carries a camp or excavator across the river to the land tile on the same row."""

    boat: int
    structure: int


@dataclass(frozen=True, slots=True)
class Sell:
    """Sell an immobile structure on a protected tile for its cost."""

    structure: int


@dataclass(frozen=True, slots=True)
class Offer:
    """Offer ``to`` the tokens ``give`` in return for ``get``; asking nothing makes it a gift."""

    to: int
    give: tuple[int, ...]
    get: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept the trade offered to you."""


@dataclass(frozen=True, slots=True)
class Decline:
    """Decline the trade offered to you."""


@dataclass(frozen=True, slots=True)
class Exchange:
    """Season end: exchange two resource tokens for one gold."""

    first: str
    second: str


@dataclass(frozen=True, slots=True)
class CityBuy:
    """Season end, once the city is complete: one gold for one resource."""

    kind: str


@dataclass(frozen=True, slots=True)
class Propose:
    """Pay one gold to put a policy (or its revocation) to the vote."""

    policy: str
    tile: int | None = None


@dataclass(frozen=True, slots=True)
class Vote:
    in_favour: bool


@dataclass(frozen=True, slots=True)
class BuyVotes:
    """Spend gold for as many extra votes, on the side you voted."""

    count: int


@dataclass(frozen=True, slots=True)
class Contribute:
    """Add one fish, tree or gravel to the city's construction site."""

    kind: str


@dataclass(frozen=True, slots=True)
class Done:
    """Finish: this group's actions, the exchange, proposing, buying votes, or contributing."""


ACTION_TYPES = (
    PlaceCamp, Harvest, Plant, Dredge, Build, Move, Ferry, Sell, Offer, Accept, Decline,
    Exchange, CityBuy, Propose, Vote, BuyVotes, Contribute, Done,
)
DONE = Done()
ACCEPT = Accept()
DECLINE = Decline()


def _allowed(annotation: str) -> tuple:
    """What a field written as ``annotation`` may hold: "int | None" -> (int, None)."""
    kinds = {"int": int, "str": str, "bool": bool, "None": type(None), "tuple[int, ...]": tuple}
    return tuple(kinds[part.strip()] for part in annotation.split("|"))


FIELDS = {cls: tuple((name, _allowed(kind)) for name, kind in cls.__annotations__.items()) for cls in ACTION_TYPES}
"""Each action's fields and the types they may hold (tuples hold ints), to refuse a malformed action."""


def well_formed(action) -> bool:
    """Whether every field holds what it should (a decoded save may hold anything)."""
    fields = FIELDS.get(type(action))
    if fields is None:
        return False
    for name, allowed in fields:
        kind = type(getattr(action, name))
        if kind not in allowed or (kind is tuple and not _INTS.issuperset(map(type, getattr(action, name)))):
            return False
    return True


_INTS = frozenset((int,))
"""A tuple's items' types must all be int (a bool is not a count)."""
