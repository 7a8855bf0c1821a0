"""We All Take from the River in the move notation (docs/notation.md).

Tiles are their codes as the map prints them (``W1`` a west land tile, ``w1`` a
half tile, ``R2`` the river, ``ES`` the estuary), seats are counted from 1,
structures and slots are their numbers on the map, kinds and structure kinds
their names (``fish``, ``net``), tokens in an offer are counts joined by ``+``
(``2fish+1tree``, ``nothing``).
"""

from __future__ import annotations

from ..notation import INT, NOTHING, WORD, Field, Notation, Verb, listed, named, optional, plain_verb
from . import actions as A
from .components import CITY, END_SUBSIDY, KINDS, PROTECT, SUBSIDY, TILES, UNPROTECT

TILE = named({t.id: t.code for t in TILES}, "a tile's code such as W1")
SEAT = Field(lambda v: str(v + 1), lambda w: INT.read(w) - 1, "a seat's number")
POLICIES = (SUBSIDY, END_SUBSIDY, PROTECT, UNPROTECT, CITY)
POLICY = named({p: p.replace(" ", "-") for p in POLICIES}, "a policy: " + ", ".join(p.replace(" ", "-") for p in POLICIES))
NO_COUNTS = "nothing"


def _write_counts(counts: tuple[int, ...]) -> str:
    return "+".join(f"{n}{KINDS[k]}" for k, n in enumerate(counts) if n) or NO_COUNTS


def _read_counts(word: str) -> tuple[int, ...]:
    counts = [0] * len(KINDS)
    if word.lower() in (NO_COUNTS, NOTHING):
        return tuple(counts)
    for part in word.lower().split("+"):
        number = part.rstrip("abcdefghijklmnopqrstuvwxyz")
        kind = KINDS.index(part[len(number):])
        counts[kind] += INT.read(number)
    return tuple(counts)


COUNTS = Field(_write_counts, _read_counts, "tokens such as 2fish+1tree, or nothing")

NOTATION = Notation((
    Verb(A.PlaceCamp, "camp", (TILE, WORD)),
    plain_verb(A.Harvest, "harvest", slots=listed(INT, default=())),
    plain_verb(A.Plant, "plant"),
    plain_verb(A.Dredge, "dredge"),
    plain_verb(A.Build, "build", net_slot=optional(INT, default=None)),
    Verb(A.Move, "move", (INT, TILE)),
    plain_verb(A.Ferry, "ferry"),
    plain_verb(A.Sell, "sell"),
    Verb(A.Offer, "offer", (SEAT, COUNTS, COUNTS)),
    Verb(A.Accept, "accept"),
    Verb(A.Decline, "decline"),
    plain_verb(A.Exchange, "exchange"),
    plain_verb(A.CityBuy, "buy"),
    Verb(A.Propose, "propose", (POLICY, optional(TILE, default=None))),
    Verb(A.Vote, "vote", (named({True: "yes", False: "no"}, "yes or no"),)),
    plain_verb(A.BuyVotes, "votes"),
    plain_verb(A.Contribute, "contribute"),
    Verb(A.Done, "done"),
))
