"""Phase 2's bonus seats: which of the player's ways of placing them leave a choice.

"If you complete several rows in the same turn, you may resolve them in the order
of your choice": the order never changes which sheets can be reached (a cross lands
in a row whatever bonus brought it, each completed row brings its bonus once, a boat
takes crosses while it has room), so it is no choice: the bonuses go in the order
earned. Where a bonus's seats may go in several rows, the sheets the chain can end
with are compared by what they hold: a way that ends with fewer completed rows and
royal powers than another (a subset of them) makes no sense; a cross that keeps
every other end within reach is taken without asking; where crosses lead to
different ends worth having, the player chooses.
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Cross, ResolveBonus
from .components import ROWS_PER_BOAT
from .dice_and_seats import BONUSES, CROSSES, cross, resolve_bonus
from .state import CHOOSE_BONUS, DONE, FILL_BONUS, ROW_SEATS, Draft, RiversideState, Sheet


MAX_WEIGHED = 2000
"""The most drafts weighed for one step (some 50 ms): a longer chain is the player's to place."""


class TooMany(Exception):
    """More ways of placing the bonuses than `MAX_WEIGHED`."""


def one_way_bonus(state: RiversideState, draft: Draft) -> Cross | ResolveBonus | None:
    """The next step of the waiting bonuses where it leaves the player nothing to
    decide: the first bonus earned (the order changes nothing), or a bonus's cross
    after which every end worth having (`sensible_ends`) can still be reached. None
    when no bonus waits, or where its seats go is the player's choice."""
    turn = draft.turn
    if turn.stage == CHOOSE_BONUS:
        boat, row = turn.pending[0]
        return BONUSES[boat][row]
    if turn.stage != FILL_BONUS:
        return None
    memo: dict[tuple, frozenset[Sheet]] = {}
    try:
        best = sensible_ends(_ends(state, draft, memo))
        return next((a for a in _crosses(draft) if best <= _ends(state, cross(state, draft, a), memo)), None)
    except TooMany:
        return None  # too many ways to weigh at a keypress: the player chooses


def one_way_bonuses_after(state: RiversideState, draft: Draft,
                          crosses: Iterable[Cross]) -> tuple[Cross | ResolveBonus, ...]:
    """The bonus steps that follow ``crosses`` with nothing to decide (`one_way_bonus`),
    one after another, until a bonus leaves the player a choice or none is left."""
    for action in crosses:
        draft = cross(state, draft, action)
    out: list[Cross | ResolveBonus] = []
    while (action := one_way_bonus(state, draft)) is not None:
        out.append(action)
        draft = cross(state, draft, action) if isinstance(action, Cross) else resolve_bonus(state, draft, action)
    return tuple(out)


def worth(sheet: Sheet) -> tuple[frozenset[int], frozenset[int]]:
    """What a sheet holds that the comparison weighs: its completed rows (by index
    ``boat * 4 + row``) and its activated royal powers (by boat)."""
    rows = frozenset(i for i, (have, need) in enumerate(zip(sheet.filled, ROW_SEATS)) if have == need)
    return rows, frozenset(boat for boat, round_ in enumerate(sheet.activated) if round_)


def sensible_ends(ends: Iterable[Sheet]) -> frozenset[Sheet]:
    """The ends no other end outdoes: none holds every completed row and royal power
    they hold, and more."""
    weighed = {end: worth(end) for end in ends}
    return frozenset(end for end, (rows, powers) in weighed.items()
                     if not any(rows <= other_rows and powers <= other_powers and (rows, powers) != (other_rows, other_powers)
                                for other_rows, other_powers in weighed.values()))


def _crosses(draft: Draft) -> list[Cross]:
    boat = draft.turn.boat
    return [CROSSES[boat][row] for row in range(ROWS_PER_BOAT) if row in draft.sheet.open_rows(boat)]


def _ends(state: RiversideState, draft: Draft, memo: dict[tuple, frozenset[Sheet]]) -> frozenset[Sheet]:
    """The sheets reachable from ``draft`` at the end of its bonuses: crosses branch
    on every row with room; the order of bonuses does not (see the module's text), so
    drafts with the same bonuses waiting in another order (or other crosses lost) are
    one. Past `MAX_WEIGHED` drafts, `TooMany`."""
    turn = draft.turn
    key = (draft.sheet, turn.stage, turn.boat, turn.left, tuple(sorted(turn.pending)))
    found = memo.get(key)
    if found is None:
        if len(memo) >= MAX_WEIGHED:
            raise TooMany
        if turn.stage == CHOOSE_BONUS:
            boat, row = turn.pending[0]
            found = _ends(state, resolve_bonus(state, draft, BONUSES[boat][row]), memo)
        elif turn.stage == FILL_BONUS:
            found = frozenset().union(*(_ends(state, cross(state, draft, a), memo) for a in _crosses(draft)))
        else:
            found = frozenset((draft.sheet,)) if turn.stage == DONE else frozenset()
        memo[key] = found
    return found
