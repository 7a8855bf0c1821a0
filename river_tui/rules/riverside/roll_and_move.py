"""Phase 1, "Roll dice and move ship".

Phase 1 needs no choices: the captain rolls, the temperature follows, the ship
moves; so it runs by itself at the start of every round.
"""

from __future__ import annotations

from ..rng import Rng
from .components import DIE_FACES
from .state import GAME_OVER, PHASE_2_START, Draft, RiversideState


def roll_dice(rng: Rng) -> tuple[int, ...]:
    """The captain rolls the green die, then all 5 base dice."""
    return tuple(rng.randint(1, DIE_FACES) for _ in range(6))


def temperature_of(base: tuple[int, ...]) -> int:
    """"Find the median of the base dice: the middle die after sorting them in
    ascending order. This represents this round's temperature." """
    return sorted(base)[len(base) // 2]


def heating_area(base: tuple[int, ...], temperature: int) -> tuple[int, ...]:
    """Base dice (by index) placed in the heating area: "base dice with a higher
    value than the temperature"; the others go below the captain tile."""
    return tuple(i for i, value in enumerate(base) if value > temperature)


def begin_round(state: RiversideState, rng: Rng) -> RiversideState:
    """Phase 1 of the next round: roll, find the temperature, move the ship; then
    phase 2 for every seat, unless the game has ended.

    "The game ends immediately after Phase 1 of a round if the cruise ship reaches
    (or passes) the anchor space on the west tile." """
    dice = roll_dice(rng)
    temperature = temperature_of(dice[1:])
    anchor = state.board.anchor
    ship = min(state.ship + temperature, anchor)
    seats = state.seats
    if ship == anchor:
        return RiversideState(
            seats, state.variant, state.north, state.south, state.round + 1, GAME_OVER,
            dice, temperature, ship, state.sheets, (None,) * seats, (True,) * seats, rng,
        )  # fmt: skip
    drafts = tuple(Draft(sheet, PHASE_2_START) for sheet in state.sheets)
    return RiversideState(
        seats, state.variant, state.north, state.south, state.round + 1, 2,
        dice, temperature, ship, state.sheets, drafts, (False,) * seats, rng,
    )  # fmt: skip
