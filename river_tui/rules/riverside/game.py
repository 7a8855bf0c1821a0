"""Riverside as a `Game`: who acts, what is legal, applying a step, views, results.

Phases 2 and 3 are simultaneous: every seat is in ``to_act`` until it commits (its
draft reaches DONE); nothing resolves until all have committed. Then the drafts
become the sheets, and after phase 3 the next round's phase 1 runs by itself.
"""

from __future__ import annotations

from functools import lru_cache

from ..changes import Changes
from ..core import Game, IllegalAction, Result, Variant
from . import dice_and_seats, excursions, narration, scoring
from .components import ACHIEVEMENTS
from .actions import (
    ACTION_TYPES,
    ChooseDice,
    Cross,
    EndExcursions,
    LeaveVillage,
    ResolveBonus,
    Score,
    UsePlusOne,
    UsePower,
    Visit,
)
from .legal import legal_actions
from .roll_and_move import begin_round
from .setup import set_up
from .state import DONE, EXTENSION, PHASE_3_START, STANDARD, Draft, RiversideState, evolve

PHASE_STEPS = {
    2: {
        UsePower: dice_and_seats.use_power,
        ChooseDice: dice_and_seats.choose_dice,
        Cross: dice_and_seats.cross,
        ResolveBonus: dice_and_seats.resolve_bonus,
    },
    3: {
        UsePlusOne: excursions.use_plus_one,
        UsePower: excursions.use_power,
        Visit: excursions.visit,
        Score: excursions.score,
        LeaveVillage: excursions.leave_village,
        EndExcursions: excursions.end_excursions,
    },
}
PHASE_WORDS = {2: "choosing dice and filling seats", 3: "going on excursions"}


@lru_cache(maxsize=None)
def _still_deciding(committed: tuple[bool, ...]) -> frozenset[int]:
    """Seats that have not committed (a game over has every seat committed)."""
    return frozenset(seat for seat, done in enumerate(committed) if not done)


class RiversideGame(Game):
    id = "riverside"
    title = "Riverside"
    revealing_step = "a roll of the dice"
    min_seats = 1
    max_seats = 6
    variants = (
        Variant(STANDARD, "Standard", "10 river tiles in two rows of 5."),
        Variant(EXTENSION, "Extension", "12 river tiles in two rows of 6, with the two extension tiles."),
    )
    hidden_information = True
    """Each seat's work in a simultaneous phase stays hidden until all have committed."""
    action_types = ACTION_TYPES

    def new(self, seats: int, options, seed: int) -> RiversideState:
        self.check_seats(seats)
        self.check_options(options)
        return set_up(seats, options.get("variant") or self.default_variant(seats), seed)

    def to_act(self, state: RiversideState) -> frozenset[int]:
        return _still_deciding(state.committed)

    def legal_actions(self, state: RiversideState, seat: int) -> list:
        return legal_actions(state, seat)

    def apply(self, state: RiversideState, seat: int, action) -> RiversideState:
        if state.over:
            raise IllegalAction("The game is over.")
        if not 0 <= seat < state.seats:
            raise IllegalAction("There is no such seat at this table.")
        if state.committed[seat]:
            raise IllegalAction("You have finished this phase; the others are still deciding.")
        draft = state.drafts[seat]
        if draft is None:
            raise IllegalAction("That seat's sheet is hidden from you.")
        step = PHASE_STEPS[state.phase].get(type(action))
        if step is None:
            raise IllegalAction(f"That is not a step of phase {state.phase} ({PHASE_WORDS[state.phase]}).")
        draft = step(state, draft, action)
        drafts = state.drafts[:seat] + (draft,) + state.drafts[seat + 1 :]
        committed = state.committed
        if draft.turn.stage == DONE:
            committed = committed[:seat] + (True,) + committed[seat + 1 :]
            if all(committed):
                return self._resolve(state, drafts)
        return state.with_work(drafts, committed)

    def _resolve(self, state: RiversideState, drafts: tuple[Draft, ...]) -> RiversideState:
        """Every seat has committed: the drafts become the sheets."""
        sheets = tuple(draft.sheet for draft in drafts)
        if state.phase == 2:
            fresh = tuple(Draft(sheet, PHASE_3_START) for sheet in sheets)
            return evolve(state, phase=3, sheets=sheets, drafts=fresh, committed=(False,) * state.seats)
        rng = state.rng.copy()
        return begin_round(evolve(state, sheets=sheets, rng=rng), rng)

    def view(self, state: RiversideState, seat: int | None) -> RiversideState:
        drafts = [None] * len(state.drafts)
        if seat is not None and 0 <= seat < len(drafts):
            drafts[seat] = state.drafts[seat]
        return evolve(state, drafts=tuple(drafts), rng=None)

    def result(self, state: RiversideState) -> Result | None:
        return scoring.result(state)

    def reveals_information(self, before: RiversideState, after: RiversideState) -> bool:
        """A roll, and also a simultaneous phase resolving at a table of several
        seats: it shows every seat's choices (alone, there is nobody to reveal)."""
        resolved = before.phase != after.phase and before.seats > 1
        return resolved or super().reveals_information(before, after)

    achievements = tuple(words for _, words in ACHIEVEMENTS)

    def achievement(self, result: Result, seat: int) -> str | None:
        """Riverside's result carries one note per seat naming the line reached ("You
        may use this table to check how well you performed, regardless of player count.")."""
        if len(result.notes) != len(result.scores):
            return None
        return next((words for words in reversed(self.achievements) if words in result.notes[seat]), None)

    def round_label(self, state: RiversideState) -> str:
        if state.over:
            return f"Game over in round {state.round}"
        return f"Round {state.round}, phase {state.phase}"

    def round_of(self, state: RiversideState) -> str:
        return f"Game over in round {state.round}" if state.over else f"Round {state.round}"

    def describe(self, state: RiversideState, seat: int, action) -> str:
        return narration.describe(state, seat, action)

    def describe_in_full(self, state: RiversideState, seat: int, action) -> str:
        return narration.describe_in_full(state, seat, action)

    def describe_as_advice(self, state: RiversideState, seat: int, action) -> str:
        return narration.describe_as_advice(state, seat, action)

    def events(self, before: RiversideState, after: RiversideState) -> list[str]:
        return narration.events(before, after)

    logs_each_step = False  # the log: one line per seat and phase, when the phase resolves (events)

    summary_headings = narration.HEADINGS

    def changes(self, before: RiversideState, after: RiversideState, actor: int) -> Changes:
        return narration.changes(before, after, actor)

    def bots(self) -> dict:
        from .bots import BOTS

        return BOTS
