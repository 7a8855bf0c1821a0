"""Riverside in the move notation (docs/notation.md).

Dice, boats and village colours are their names (``blue``), rows of a guide boat
are counted from 1 at the top, river tiles are their ids (``R3``), royal powers
their names joined by a hyphen (``fan-base``).
"""

from __future__ import annotations

from ..notation import WORD, Notation, Verb, named
from .actions import ChooseDice, Cross, EndExcursions, LeaveVillage, ResolveBonus, Score, UsePlusOne, UsePower, Visit
from .components import POWERS, ROWS_PER_BOAT

ROW = named({row: str(row + 1) for row in range(ROWS_PER_BOAT)}, f"a row from 1 (top) to {ROWS_PER_BOAT}")
POWER = named({p: p.replace("_", "-") for p in POWERS}, "a royal power such as fan-base")

NOTATION = Notation((
    Verb(ChooseDice, "dice", (WORD, named({True: "green", False: "alone"}, "green or alone", default=False))),
    Verb(Cross, "cross", (WORD, ROW)),
    Verb(ResolveBonus, "bonus", (WORD, ROW)),
    Verb(UsePower, "power", (POWER,)),
    Verb(UsePlusOne, "plus-one"),
    Verb(Visit, "visit", (WORD,)),
    Verb(Score, "score", (WORD, named({True: "prize", False: "plain"}, "prize or plain", default=False))),
    Verb(LeaveVillage, "leave"),
    Verb(EndExcursions, "end"),
))
