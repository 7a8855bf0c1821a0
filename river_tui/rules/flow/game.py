"""Flow: Untamed Rivers behind the Game contract."""

from __future__ import annotations

from collections.abc import Sequence

from ..changes import Changes
from ..core import Bot, Game, IllegalAction, Options, Result, Variant
from . import narration, scoring
from .actions import ACTION_TYPES, PlaceReservation, PlaceTile
from .legal import legal_actions
from .setup import set_up
from .state import BASIC, HIDDEN, STRATEGY, FlowState
from .turn import place_reservation, place_tile


class FlowGame(Game):
    id = "flow"
    title = "Flow: Untamed Rivers"
    revealing_step = "a tile drawn from the pile"
    min_seats = 2
    max_seats = 5
    variants = (
        Variant(
            STRATEGY,
            "Strategy mode",
            "Two actions per turn; with 4-5 players the 4 locked squares open.",
        ),
        Variant(BASIC, "Basic", "One action per turn: place a tile or your Reservation Tile."),
    )
    action_types = ACTION_TYPES
    hidden_information = True  # hands are hidden from the other seats

    def default_variant(self, seats: int) -> str:
        """Strategy mode for 2 players ("In a two-player game, we recommend that you
        always use this rule"); the rulebook's ordinary game for 3-5 players."""
        return STRATEGY if seats == 2 else BASIC

    def new(self, seats: int, options: Options, seed: int) -> FlowState:
        self.check_seats(seats)
        self.check_options(options)
        variant = options.get("variant") or self.default_variant(seats)
        return set_up(seats, variant, seed)

    def to_act(self, state: FlowState) -> frozenset[int]:
        return frozenset() if state.over else frozenset((state.turn_seat,))

    def legal_actions(self, state: FlowState, seat: int) -> Sequence[PlaceTile | PlaceReservation]:
        return legal_actions(state, seat)

    def apply(self, state: FlowState, seat: int, action: PlaceTile | PlaceReservation) -> FlowState:
        if isinstance(action, PlaceTile):
            return place_tile(state, seat, action)
        if isinstance(action, PlaceReservation):
            return place_reservation(state, seat, action)
        raise IllegalAction("In Flow you place a tile or your Reservation Tile.")

    def view(self, state: FlowState, seat: int | None) -> FlowState:
        """Hands of other seats become hidden tiles; the pile shows only its size."""
        out = state.copy()
        out.rng = None
        out.pile = None
        out.hands = tuple([hand if index == seat else (HIDDEN,) * len(hand) for index, hand in enumerate(state.hands)])
        return out

    def result(self, state: FlowState) -> Result | None:
        return scoring.result(state)

    def round_label(self, state: FlowState) -> str:
        label = f"Round {state.round}"
        return f"{label} (inner rings only)" if state.first_round else label

    def describe(self, state: FlowState, seat: int, action: PlaceTile | PlaceReservation) -> str:
        return narration.describe(state, seat, action)

    def describe_in_full(self, state: FlowState, seat: int, action: PlaceTile | PlaceReservation) -> str:
        return narration.describe_in_full(state, seat, action)

    def describe_as_advice(self, state: FlowState, seat: int, action: PlaceTile | PlaceReservation) -> str:
        return narration.describe_as_advice(state, seat, action)

    def events(self, before: FlowState, after: FlowState) -> list[str]:
        return narration.events(before, after)

    summary_headings = narration.HEADINGS
    summary_own_aftermath = False  # the territories your tile closed: you closed them
    # The others' tiles are marked on the board as they are laid: the box comes by itself
    # only when someone closed a Territory (points scored, a Lair of yours closed).
    summary_alerts = (narration.CLOSED,)

    def changes(self, before: FlowState, after: FlowState, actor: int) -> Changes:
        return narration.changes(before, after, actor)

    def bots(self) -> dict[str, Bot]:
        from .bots import BOTS

        return dict(BOTS)
