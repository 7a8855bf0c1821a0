"""A tiny game used only by the tests to exercise the Game contract.

Seats take turns: ``Step(1)`` or ``Step(2)`` adds to a shared counter, ``Roll()``
adds a die. Each seat holds a secret card dealt at the start that only it may
see. Reaching 10 ends the game; the seat that reached it scores its secret card
plus 10, the others their secret card.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from river_tui.rules.core import Game, IllegalAction, Result, ScoreLine, ranked_winners
from river_tui.rules.rng import Rng


@dataclass(frozen=True)
class Step:
    amount: int


@dataclass(frozen=True)
class Roll:
    pass


@dataclass(frozen=True)
class ToyState:
    seats: int
    counter: int
    turn: int
    secrets: tuple[int | None, ...]
    finisher: int | None
    rng: Rng | None


class ToyGame(Game):
    id = "toy"
    title = "Toy Race"
    min_seats = 1
    max_seats = 3
    action_types = (Step, Roll)

    def new(self, seats, options, seed):
        rng = Rng(seed)
        secrets = tuple(rng.randint(1, 5) for _ in range(seats))
        return ToyState(seats, 0, 0, secrets, None, rng)

    def to_act(self, state):
        return frozenset() if state.finisher is not None else frozenset({state.turn})

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [Step(1), Step(2), Roll()]

    def apply(self, state, seat, action):
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn.")
        rng = state.rng.copy()
        if isinstance(action, Step) and action.amount in (1, 2):
            gain = action.amount
        elif isinstance(action, Roll):
            gain = rng.randint(1, 6)
        else:
            raise IllegalAction("You may only step 1 or 2, or roll.")
        counter = state.counter + gain
        finisher = seat if counter >= 10 else None
        return dataclasses.replace(
            state, counter=counter, turn=(seat + 1) % state.seats, finisher=finisher, rng=rng
        )

    def view(self, state, seat):
        secrets = tuple(s if i == seat or state.finisher is not None else None for i, s in enumerate(state.secrets))
        return dataclasses.replace(state, secrets=secrets, rng=None)

    def result(self, state):
        if state.finisher is None:
            return None
        scores = tuple(s + (10 if i == state.finisher else 0) for i, s in enumerate(state.secrets))
        breakdown = tuple(
            (ScoreLine("secret card", s), ScoreLine("reached 10", 10 if i == state.finisher else 0))
            for i, s in enumerate(state.secrets)
        )
        return Result(scores, breakdown, ranked_winners(scores))

    def describe(self, state, seat, action):
        return f"Seat {seat + 1} {'rolled' if isinstance(action, Roll) else f'stepped {action.amount}'}"

    def round_label(self, state):
        return f"Counter {state.counter}"


GAME = ToyGame()
