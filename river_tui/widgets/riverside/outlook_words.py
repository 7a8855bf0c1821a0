"""A village's colours as scoring them now would go, in words of three lengths.

"Your score must be higher (tie is not enough) than your previous score on the
same guide boat": a player sees, before going to a village, what each of its
colours would score and whether the sheet would take it, the reason when not.
The screens pick the longest wording their line has room for.
"""

from __future__ import annotations

from ...rules.riverside.components import CHURCH
from ...rules.riverside.excursions import Outlook

LONG, MEDIUM, SHORT = 0, 1, 2


def target_name(target: str) -> str:
    """A colour as the prompts name it (the stave church boat: "church")."""
    return "church" if target == CHURCH else target


def colour_outlook(o: Outlook, length: int) -> str:
    """``yellow 2×11 = 22 ✓ higher than your 16`` (LONG), ``yellow 22 > your 16 ✓``
    (MEDIUM), ``yellow 22 ✓`` (SHORT); ✗ and the reason when the sheet would refuse
    it; 0 and no mark without a ticket of that colour."""
    what = target_name(o.target)
    if not o.boxes_left:
        return (f"{what}: no box left", f"{what} ✗ no box left", f"{what} ✗ full")[length]
    if o.refused is not None:
        return (f"{what} {o.value}×{o.tickets} ✗ {o.refused}",
                f"{what} {o.points} ✗ not higher than your {o.previous}",
                f"{what} {o.points} ✗ not over {o.previous}")[length]
    if not o.tickets:  # a first score may be 0, but it is worth nothing
        ticket = "ticket" if o.target == CHURCH else f"{what} ticket"  # the church counts every boat's
        return (f"{what} 0: no {ticket} yet", f"{what} 0, no ticket", f"{what} 0")[length]
    if o.previous is None:
        return (f"{what} {o.value}×{o.tickets} = {o.points} ✓ your first {what} score",
                f"{what} {o.points} ✓ first", f"{what} {o.points} ✓")[length]
    return (f"{what} {o.value}×{o.tickets} = {o.points} ✓ higher than your {o.previous}",
            f"{what} {o.points} > your {o.previous} ✓", f"{what} {o.points} ✓")[length]


def village_outlook_words(outlook: tuple[Outlook, ...], length: int) -> str:
    """Every colour of a village, ``; `` between them."""
    return "; ".join(colour_outlook(o, length) for o in outlook)

