"""The computer seat: greedy on the points a move closes now, with an eye on the
Lairs whose rivers are still open.

A move is worth the points it scores for the bot, plus the change in the promise of
its open Lairs (a Lair whose river still runs into an empty square may yet close,
and the longer its river the more it will be worth), minus the same for the other
seats on average. A Reservation Tile is worth a share of the promise of the bot's
own Lairs whose rivers run into that square: reserving it keeps others from damming
them.

The greedy weighing, exactly, is "greedy" and the search's playout
(`choose_greedily`). The seat a player meets as "easy" (`EASY_BOT`) plays it the
way people do, with a
mood of its own at each decision (`choose_easily`): it minds the other seats'
Lairs more or less (always cutting them short made every game alike, and short),
now and then keeps its Lairs in hand for a later turn (always laying all three
first made every opening alike), and takes any move nearly as good as its best.
"""

from __future__ import annotations

import random
from collections import defaultdict

from ..core import RANDOM_BOT, Bot, Game
from .actions import PlaceReservation, PlaceTile
from .board import CONNECTIONS, FACE_INDEX, LAIR_FACE_IDS, PLAYABLE
from .components import LAIR
from .legal import legal_actions
from .state import FlowState
from .territories import OPEN, closed_by, follow, open_lairs

PROMISE_BASE = 2.0
PROMISE_PER_TILE = 0.5
RESERVATION_SHARE = 0.3
RESERVATION_COST = 0.5


def promise(length: int) -> float:
    """What an open Lair whose river has passed ``length`` tiles is worth for now."""
    return PROMISE_BASE + PROMISE_PER_TILE * length


class GreedyEvaluator:
    """Scores the moves of one seat on one board, trying each tile in place."""

    def __init__(self, state: FlowState, seat: int, others_weight: float = 1.0) -> None:
        """``others_weight``: how much the other seats' gains count against the
        bot's (1: the greedy weighing)."""
        self.others_weight = others_weight
        self.seat = seat
        self.seats = state.seats
        self.playable = PLAYABLE[state.locked_open]
        self.tiles = list(state.tiles)
        self.owners = list(state.lair_owner)
        self.running_into: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
        for owner, square, length, where in open_lairs(self.tiles, self.owners, self.playable):
            self.running_into[where].append((owner, square, length))

    def balance(self, gains: list[float]) -> float:
        """The bot's gain against the average gain of the other seats."""
        others = sum(gains) - gains[self.seat]
        return gains[self.seat] - self.others_weight * others / (self.seats - 1)

    def placement(self, action: PlaceTile) -> float:
        square = action.square
        tile_code = FACE_INDEX[action.tile] * 4 + action.rotation
        is_lair = action.tile in LAIR_FACE_IDS
        tiles, owners = self.tiles, self.owners
        tiles[square] = tile_code
        if is_lair:
            owners[square] = self.seat
        gains = [0.0] * self.seats
        for territory in closed_by(tiles, owners, self.playable, square, self.seat):
            for seat, points in territory.points().items():
                gains[seat] += points
        for owner, lair_square, length in self.running_into.get(square, ()):
            gains[owner] -= promise(length)
            gains[owner] += self._open_promise(lair_square)
        if is_lair:
            gains[self.seat] += self._open_promise(square)
        tiles[square] = -1
        owners[square] = -1
        return self.balance(gains)

    def _open_promise(self, lair_square: int) -> float:
        side = CONNECTIONS[self.tiles[lair_square]].index(LAIR)
        steps, stop, _ = follow(self.tiles, self.playable, lair_square, side)
        return promise(len(steps) + 1) if stop == OPEN else 0.0

    def reservation(self, action: PlaceReservation) -> float:
        mine = sum(
            promise(length)
            for owner, _, length in self.running_into.get(action.square, ())
            if owner == self.seat
        )
        return RESERVATION_SHARE * mine - RESERVATION_COST

    def value(self, action: PlaceTile | PlaceReservation) -> float:
        if isinstance(action, PlaceTile):
            return self.placement(action)
        return self.reservation(action)


def choose_greedily(game: Game, view: FlowState, seat: int, rng: random.Random) -> PlaceTile | PlaceReservation:
    evaluator = GreedyEvaluator(view, seat)
    best: list[PlaceTile | PlaceReservation] = []
    best_value = float("-inf")
    for action in legal_actions(view, seat):
        value = evaluator.value(action)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif value > best_value - 1e-9:
            best.append(action)
    return rng.choice(best)


NEARLY = 0.25
"""Easy takes any move within this many points of its best, by its weighing."""
KEEPS_LAIRS = 1 / 3
"""How often easy keeps its Lair tiles in hand for a turn, when it has a river tile to lay."""


def choose_easily(game: Game, view: FlowState, seat: int, rng: random.Random) -> PlaceTile | PlaceReservation:
    """The greedy weighing in a mood drawn for this decision: the other seats'
    gains count from not at all to fully; now and then its Lairs stay in hand for
    a later turn; and any move within `NEARLY` of the best will do."""
    evaluator = GreedyEvaluator(view, seat, others_weight=rng.random())
    moves = legal_actions(view, seat)
    if rng.random() < KEEPS_LAIRS:
        rivers = [a for a in moves if not (isinstance(a, PlaceTile) and a.tile in LAIR_FACE_IDS)]
        moves = rivers or moves
    weighed = [(evaluator.value(action), action) for action in moves]
    best = max(value for value, _ in weighed)
    return rng.choice([action for value, action in weighed if value >= best - NEARLY])


GREEDY_BOT = Bot("greedy", choose_greedily)
EASY_BOT = Bot("easy", choose_easily)
BOTS = {"greedy": GREEDY_BOT, "easy": EASY_BOT, "random": RANDOM_BOT}
