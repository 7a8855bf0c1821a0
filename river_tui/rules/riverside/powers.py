"""Royal powers: when each may be used.

"After you have activated a royal power during phase 2, you may use this power
once (and only once) in any subsequent phase of any round." So a power activated
in phase 2 of round r is usable from phase 3 of round r, and "Fan base" and "Warm
night" (phase 2 powers) only from round r + 1.
"""

from __future__ import annotations


from ..core import IllegalAction, quoted
from .actions import UsePower
from .components import POWER_NAMES, POWER_PHASE, POWERS
from .state import Sheet, evolve

POWER_INDEX: dict[str, int] = {power: i for i, power in enumerate(POWERS)}
USE_POWER: dict[str, UsePower] = {power: UsePower(power) for power in POWERS}


def usable(sheet: Sheet, power: str, round_: int, phase: int) -> bool:
    """Whether ``power`` may be used now: activated in an earlier phase, not yet
    used, and this is the phase the power belongs to."""
    i = POWER_INDEX[power]
    activated = sheet.activated[i]
    if not activated or sheet.used[i] or POWER_PHASE[power] != phase:
        return False
    return activated < round_ or phase > 2


def used_this_round(sheet: Sheet, power: str, round_: int) -> bool:
    return sheet.used[POWER_INDEX[power]] == round_


def mark_used(sheet: Sheet, power: str, round_: int) -> Sheet:
    """Cross the power off: it cannot be used again."""
    i = POWER_INDEX[power]
    return evolve(sheet, used=sheet.used[:i] + (round_,) + sheet.used[i + 1 :])


def power_name(power: str) -> str:
    return POWER_NAMES.get(power, power)


def check_usable(round_: int, sheet: Sheet, power: str, phase: int) -> None:
    """Raise IllegalAction with the reason ``power`` cannot be used now."""
    name = power_name(power)
    if power not in POWER_INDEX:
        raise IllegalAction(f"There is no royal power called {quoted(power)}.")
    if POWER_PHASE[power] != phase:
        raise IllegalAction(f"{name} is used in phase {POWER_PHASE[power]}, not now.")
    i = POWER_INDEX[power]
    if not sheet.activated[i]:
        raise IllegalAction(f"{name} is not activated: cross out both royal seats on its guide boat first.")
    if sheet.used[i]:
        raise IllegalAction(f"You have already used {name}.")
    if not usable(sheet, power, round_, phase):
        raise IllegalAction(f"{name} can only be used in a later phase than the one it was activated in.")
