"""Drawings of a table's position that every seat's screen draws alike, made once.

At a server table every seat's screen redraws after every move, and much of what
they draw is the same for all of them: the map, the hexagon under a cursor. A
drawing is kept with the position it was drawn from, and that position is the
watchers' view of the table's state: it holds nothing secret to any seat, so
nothing drawn from it can tell one seat another's secret. The server hands every
screen at a table the same watchers' view object for a state (``SharedTable.view``),
so what one seat's screen drew, the others' find.

Only the latest positions are kept (a table's older ones age out, a finished
table's with them): the cache never grows with the tables or sessions served."""

from __future__ import annotations

from collections import OrderedDict

POSITIONS = 32
"""Positions kept, the latest used last: a move's position is drawn by its table's
seats one after another, so this needs only the few tables moving at once."""

_kept: OrderedDict[int, tuple[object, dict]] = OrderedDict()
"""id of a position -> (the position, kept alive so that its id stays its own; its drawings)."""


def drawings_of(position: object) -> dict:
    """The drawings kept for ``position`` (a watchers' view), empty at first: each
    widget keys its own by what else they depend on (the theme's styles, a width,
    what one seat marks on them)."""
    key = id(position)
    kept = _kept.get(key)
    if kept is None:
        kept = _kept[key] = (position, {})
        if len(_kept) > POSITIONS:
            _kept.popitem(last=False)
    else:
        _kept.move_to_end(key)
    return kept[1]
