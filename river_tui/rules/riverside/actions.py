"""Riverside's actions: one small step of a seat's work in phase 2 or phase 3.

Phase 2: `UsePower` (Fan base, Warm night), `ChooseDice`, then one `Cross` per
seat, `ResolveBonus` to pick which completed row's bonus comes next.
Phase 3: `UsePlusOne`, `UsePower` (Speed boat, Early birds), `Visit` a village,
`Score` its colours (optionally with the Prize ticket), `LeaveVillage`, and
`EndExcursions` when done. Colours and targets are the names in components.py.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChooseDice:
    """Choose one base die (by colour) and whether to add the green die."""

    die: str
    green: bool


@dataclass(frozen=True)
class Cross:
    """Cross out the leftmost vacant seat of a row (0 = top) on a guide boat."""

    boat: str
    row: int


@dataclass(frozen=True)
class ResolveBonus:
    """Resolve next the bonus of this completed row."""

    boat: str
    row: int


@dataclass(frozen=True)
class UsePower:
    """Cross off an activated royal power to use it now."""

    power: str


@dataclass(frozen=True)
class UsePlusOne:
    """Cross out a "+1" symbol: range +1 this round."""


@dataclass(frozen=True)
class Visit:
    """Go on an excursion to the village on this river tile."""

    tile: str


@dataclass(frozen=True)
class Score:
    """Score one colour (or the stave church) of the village being visited."""

    target: str
    prize: bool = False


@dataclass(frozen=True)
class LeaveVillage:
    """Stop scoring in the village being visited."""


@dataclass(frozen=True)
class EndExcursions:
    """Go on no (more) excursions this round."""


ACTION_TYPES: tuple[type, ...] = (
    ChooseDice,
    Cross,
    ResolveBonus,
    UsePower,
    UsePlusOne,
    Visit,
    Score,
    LeaveVillage,
    EndExcursions,
)
