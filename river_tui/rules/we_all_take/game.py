"""We All Take from the River behind the Game contract."""

from __future__ import annotations

from ..changes import Changes
from ..core import Game, IllegalAction, Result, Variant
from . import narration, scoring, tallies
from .actions import ACTION_TYPES
from .legal import legal_actions
from .player_actions import TALK, perform
from .seasons import advance, to_act
from .setup import set_up
from .state import CAMPS, OVER, STANDARD, TUTORIAL, WeState
from .trading import accepted_between


class WeAllTakeGame(Game):
    id = "we-all-take"
    title = "We All Take from the River"
    revealing_step = "a weather card or the roles"
    min_seats = 1
    max_seats = 5
    hidden_information = True
    rules_version = 6
    """2: the season-end exchange asks only the seats with something to exchange.
    3: a flooded construction site adds three pollution and takes no contributions.
    4: a gift waits for its receiver's acceptance; the offers answered in a season are kept.
    5: any seat may offer at any time; offers wait without stopping play, and may be countered.
    6: the offers answered are kept for the whole game, with what their receiver held; the
    last season ends with a last trading window where every seat is asked."""
    variants = (
        Variant(STANDARD, "Standard", "Weather, water level, erosion and floods."),
        Variant(
            TUTORIAL,
            "Tutorial mode",
            "No weather and no water level: land never erodes or floods, everything always populates.",
        ),
    )
    action_types = ACTION_TYPES

    def new(self, seats, options, seed) -> WeState:
        self.check_seats(seats)
        self.check_options(options)
        return set_up(seats, options.get("variant") or self.default_variant(seats), seed)

    def to_act(self, state: WeState) -> frozenset[int]:
        return to_act(state)

    def may_act(self, state: WeState, seat: int) -> bool:
        """Any seat may make an offer from the first season until the game is over."""
        if state.phase in (CAMPS, OVER):
            return seat in to_act(state)
        return 0 <= seat < state.seats

    def legal_actions(self, state: WeState, seat: int) -> list:
        return legal_actions(state, seat)

    def apply(self, state: WeState, seat: int, action) -> WeState:
        if state.rng is None:
            raise IllegalAction("Moves are made on the table, not on a seat's view of it.")
        s = perform(state, seat, action)
        if type(action) not in TALK:  # an offer or a decline moves no token: play stands
            advance(s)
        return s

    def view(self, state: WeState, seat: int | None) -> WeState:
        """Rng gone, the weather deck's order hidden, and every other seat's role face
        down ("Players should only see their own role card") until the game is over.
        The open table is the state's own lists and sets, shared (`WeState.sharing`);
        what the seat may not see is the view's own, built here from nothing shared:
        the RNG, the deck and the roles."""
        s = state.sharing()
        s.rng = None
        s.deck = sorted(state.deck)
        s.roles = list(state.roles) if state.phase == OVER else [None] * state.seats
        if seat is not None:
            s.roles[seat] = state.roles[seat]
        return s

    def result(self, state: WeState) -> Result | None:
        return scoring.result(state)

    def describe(self, state: WeState, seat: int, action) -> str:
        return narration.describe(state, seat, action)

    def describe_in_full(self, state: WeState, seat: int, action) -> str:
        return narration.describe_in_full(state, seat, action)

    def describe_as_advice(self, state: WeState, seat: int, action) -> str:
        return narration.describe_as_advice(state, seat, action)

    def events(self, before: WeState, after: WeState) -> list[str]:
        return narration.events(before, after)

    summary_headings = narration.HEADINGS

    def changes(self, before: WeState, after: WeState, actor: int) -> Changes:
        return narration.changes(before, after, actor)

    def reveals_information(self, before: WeState, after: WeState) -> bool:
        """A roll, a draw or a net's blind pick, and the end: "reveal goals and determine
        who has succeeded" (no undo may hide the roles again)."""
        return super().reveals_information(before, after) or (after.phase == OVER) != (before.phase == OVER)

    def undo_stop(self, before: WeState, after: WeState) -> str | None:
        """Also an accepted trade or gift: both sides agreed, so it is a commitment (a
        player may not probe what another seat accepts and then take the offer back)."""
        offer = accepted_between(before, after)
        if offer is not None:
            return f"Seat {offer.to + 1} accepted {'the gift' if not any(offer.get) else 'the trade'}"
        return super().undo_stop(before, after)

    def tallies(self, moves, final: WeState) -> dict[str, float]:
        return tallies.tallies(moves, final)

    def round_label(self, state: WeState) -> str:
        return narration.round_label(state)

    def bots(self):
        from .bots import BOTS

        return dict(BOTS)
