"""Flow: Untamed Rivers behind the Game contract."""

from __future__ import annotations

from collections.abc import Sequence

from ..changes import Changes
from ..core import RANDOM_BOT, Bot, Game, IllegalAction, Options, Result, Variant
from . import engine, narration, scoring
from .actions import PlaceReservation, PlaceTile
from .board import LAIR_FACE_IDS, FACES, FACE_INDEX, square_name
from .narration import seat_and_species, seat_name, territory_line
from .state import FlowState


class FlowGame(Game):
    id = "flow"
    title = "Flow: Untamed Rivers"
    revealing_step = "a tile drawn from the pile"
    min_seats = 2
    max_seats = 5
    variants = (
        Variant(
            engine.STRATEGY,
            "Strategy mode",
            "Two actions per turn; with 4-5 players the 4 locked squares open.",
        ),
        Variant(engine.BASIC, "Basic", "One action per turn: place a tile or your Reservation Tile."),
    )
    action_types = (PlaceTile, PlaceReservation)
    hidden_information = True  # hands are hidden from the other seats

    def default_variant(self, seats: int) -> str:
        """Strategy mode for 2 players ("In a two-player game, we recommend that you
        always use this rule"); the rulebook's ordinary game for 3-5 players."""
        return engine.STRATEGY if seats == 2 else engine.BASIC

    def new(self, seats: int, options: Options, seed: int) -> FlowState:
        self.check_seats(seats)
        self.check_options(options)
        variant = options.get("variant") or self.default_variant(seats)
        return engine.setup(seats, variant, seed)

    def to_act(self, state: FlowState) -> frozenset[int]:
        return frozenset() if state.over else frozenset((state.turn_seat,))

    def legal_actions(self, state: FlowState, seat: int) -> Sequence[PlaceTile | PlaceReservation]:
        return engine.legal_actions(state, seat)

    def apply(self, state: FlowState, seat: int, action: PlaceTile | PlaceReservation) -> FlowState:
        if isinstance(action, PlaceTile):
            return engine.place_tile(state, seat, action)
        if isinstance(action, PlaceReservation):
            return engine.place_reservation(state, seat, action)
        raise IllegalAction("In Flow you place a tile or your Reservation Tile.")

    def view(self, state: FlowState, seat: int | None) -> FlowState:
        return engine.view(state, seat)

    def result(self, state: FlowState) -> Result | None:
        return scoring.result(state)

    def round_label(self, state: FlowState) -> str:
        label = f"Round {state.round}"
        return f"{label} (inner rings only)" if state.first_round else label

    def describe(self, state: FlowState, seat: int, action: PlaceTile | PlaceReservation) -> str:
        who = seat_and_species(seat)
        if isinstance(action, PlaceReservation):
            return f"{who} reserved {square_name(action.square)}."
        where = square_name(action.square)
        if state.reservations[seat] == action.square:
            where += " (their reserved square)"
        face = FACES[FACE_INDEX[action.tile]]
        if action.tile in LAIR_FACE_IDS:
            return f"{who} placed the lair tile {face.name} on {where} and put a lair token on it."
        return f"{who} placed a {face.name} on {where}."

    def events(self, before: FlowState, after: FlowState) -> list[str]:
        lines = [territory_line(t) for t in after.territories[len(before.territories):]]
        if after.pile_size < before.pile_size:
            lines.append(f"{seat_name(before.turn_seat)} drew a river tile.")
        for seat, (old, new) in enumerate(zip(before.reservations, after.reservations)):
            if old >= 0 and new < 0 and after.tiles[old] < 0:
                lines.append(
                    f"{seat_name(seat)} holds no more tiles: the reservation on "
                    f"{square_name(old)} goes back to the box."
                )
        for turn in range(before.turn + 1, after.turn):
            lines.append(f"{seat_name(turn % after.seats)} cannot place anything and skips the turn.")
        if after.over and not before.over:
            lines.append("The board is full: the game is over.")
        return lines

    summary_headings = narration.HEADINGS

    def changes(self, before: FlowState, after: FlowState, actor: int) -> Changes:
        return narration.changes(before, after, actor)

    def bots(self) -> dict[str, Bot]:
        from .bots import GREEDY_BOT

        return {"greedy": GREEDY_BOT, "random": RANDOM_BOT}


GAME = FlowGame()
