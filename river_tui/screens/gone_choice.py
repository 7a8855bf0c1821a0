"""When the choice a player has highlighted stops being possible because the table
moved on (another seat's move at a server table, a computer's, an offer taken
back), the screen says so in one sentence: the player is never left to find out
by pressing Enter on something else, or on nothing. Every game screen tells
(`GameScreen.highlighted_action` names the move under its cursor); the screen's
own redraw puts the cursor where the new choices begin, or keeps it where it was
when its choice is still there."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..rules.core import Action


class ChoiceWatch:
    """What a game screen last drew (its seat, view, legal actions and the number of
    moves), to compare the highlighted choice with the next position's."""

    def __init__(self) -> None:
        self._drawn: tuple | None = None
        self._own = False

    @contextmanager
    def own_change(self) -> Iterator[None]:
        """The viewing seat's own move or undo: its choice goes because it acted."""
        self._own = True
        try:
            yield
        finally:
            self._own = False

    def before(self, screen: Any) -> tuple[Action, int] | None:
        """Before a redraw: the highlighted move, if it was possible when last drawn
        and the change is not the viewing seat's own (with the moves made then)."""
        drawn, self._drawn = self._drawn, None
        if drawn is None or self._own or drawn[0] != screen.viewer:
            return None
        viewer, view, legal, moves = drawn
        action = screen.highlighted_action(view, legal)
        return (action, moves) if action is not None and action in legal else None

    def after(self, screen: Any, pointed: tuple[Action, int] | None) -> None:
        """After a redraw: say so if the highlighted move is no longer possible."""
        if screen.replay is not None:
            return
        legal = screen.legal_actions()
        log = screen.table.log
        moves = len(log)
        # The seat's own moves made elsewhere (its other session, a computer standing in) are its own too.
        own = pointed is not None and any(seat == screen.viewer for seat, _ in log[pointed[1]:])
        if pointed is not None and not own and pointed[0] not in legal:
            what = "a move was taken back" if moves < pointed[1] else (screen.recent.last or "the table moved on")
            screen.notify(f"Your highlighted choice is no longer possible: {what}.", title="Changed",
                          severity="warning", markup=False)
        self._drawn = (screen.viewer, screen.view, legal, moves)
