"""River Valley Glassworks behind the Game contract."""

from __future__ import annotations

from ..changes import Changes
from ..core import Game, IllegalAction, Result
from . import narration, scoring
from .actions import ACTION_TYPES
from .legal import legal_actions
from .setup import set_up
from .state import OVER, GlassState
from .turn import STEPS


class GlassworksGame(Game):
    id = "glassworks"
    title = "River Valley Glassworks"
    revealing_step = "a draw from the bag"
    min_seats = 1
    max_seats = 5
    action_types = ACTION_TYPES

    def new(self, seats, options, seed) -> GlassState:
        self.check_seats(seats)
        self.check_options(options)
        return set_up(seats, seed)

    def to_act(self, state: GlassState) -> frozenset[int]:
        return frozenset() if state.phase == OVER else frozenset((state.current,))

    def legal_actions(self, state: GlassState, seat: int) -> list:
        return legal_actions(state, seat)

    def apply(self, state: GlassState, seat: int, action) -> GlassState:
        if state.phase == OVER:
            raise IllegalAction("The game is over.")
        if seat != state.current:
            raise IllegalAction("It is not your turn.")
        step = STEPS.get(type(action))
        if step is None:
            raise IllegalAction("That is not a move in River Valley Glassworks.")
        if state.rng is None:
            raise IllegalAction("Moves are made on the table, not on a seat's view of it.")
        s = state.copy()
        step(s, action)
        return s

    def view(self, state: GlassState, seat: int | None) -> GlassState:
        s = state.copy()
        s.rng = None
        return s

    def result(self, state: GlassState) -> Result | None:
        return scoring.result(state)

    def describe(self, state: GlassState, seat: int, action) -> str:
        return narration.describe(state, seat, action)

    def describe_as_advice(self, state: GlassState, seat: int, action) -> str:
        return narration.describe_as_advice(state, seat, action)

    def events(self, before: GlassState, after: GlassState) -> list[str]:
        return narration.events(before, after)

    summary_headings = narration.HEADINGS
    # The others' moves are all in sight (the river marked, the log below it): a box at
    # every turn only stood in the way. The end triggered changes a plan: that it says.
    summary_alerts = (narration.END,)

    def changes(self, before: GlassState, after: GlassState, actor: int) -> Changes:
        return narration.changes(before, after, actor)

    def round_label(self, state: GlassState) -> str:
        return narration.round_label(state)

    def bots(self):
        from .bots import BOTS

        return dict(BOTS)
