"""The state of a game of Flow: the board, the hands, the piles and the territories."""

from __future__ import annotations

from dataclasses import dataclass

from ..rng import Rng

STRATEGY, BASIC = "strategy", "basic"
"""The variants: Strategy mode (two actions a turn), or the rulebook's basic game."""

HIDDEN = "?"
"""A tile another seat holds, as a view shows it."""

RESERVATION_IN_HAND = -1
RESERVATION_SPENT = -2
"""``reservations[seat]`` is the reserved square, or one of these."""

SINGLE, DUAL, LAKE, LOOP = "single", "dual", "oxbow lake", "oxbow loop"


@dataclass(frozen=True, slots=True)
class Territory:
    """A closed river: ``steps`` are the (square, river) passes from end to end, so
    a tile passed twice appears twice and ``length`` (L) is their number.

    ``owners`` holds the seats owning the Lairs at its ends (none for oxbows);
    ``placer`` placed the tile that closed it.
    """

    kind: str
    steps: tuple[tuple[int, int], ...]
    owners: tuple[int, ...]
    placer: int

    @property
    def length(self) -> int:
        return len(self.steps)

    @property
    def title(self) -> str:
        """"single territory", "dual territory", "oxbow lake" or "oxbow loop"."""
        return f"{self.kind} territory" if self.kind in (SINGLE, DUAL) else self.kind

    @property
    def squares(self) -> tuple[int, ...]:
        return tuple(square for square, _ in self.steps)

    def points(self) -> dict[int, int]:
        """What it scores, by seat: +L to each Lair's owner, +1 to the placer of an oxbow."""
        if self.kind in (LAKE, LOOP):
            return {self.placer: 1}
        out: dict[int, int] = {}
        for owner in self.owners:
            out[owner] = out.get(owner, 0) + self.length
        return out


@dataclass(slots=True)
class FlowState:
    """Everything on and around the table.

    ``tiles[square]`` is a placed tile code (see board.py) or -1; ``lair_owner``
    the seat whose token is on the Lair there, or -1. ``pile`` counts the face-down
    river tiles by face (None in a view: only ``pile_size`` shows).
    """

    seats: int
    variant: str
    locked_open: bool
    tiles: tuple[int, ...]
    lair_owner: tuple[int, ...]
    reservations: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    pile: tuple[int, ...] | None
    pile_size: int
    actions_left: int
    turn: int
    empty_squares: int
    territories: tuple[Territory, ...]
    rng: Rng | None

    @property
    def turn_seat(self) -> int:
        """Seat 0 begins and turns go round the table; a skipped turn is still a turn."""
        return self.turn % self.seats

    @property
    def round(self) -> int:
        return self.turn // self.seats + 1

    @property
    def first_round(self) -> bool:
        return self.turn < self.seats

    @property
    def over(self) -> bool:
        return self.empty_squares == 0

    def copy(self) -> FlowState:
        return FlowState(
            self.seats,
            self.variant,
            self.locked_open,
            self.tiles,
            self.lair_owner,
            self.reservations,
            self.hands,
            self.pile,
            self.pile_size,
            self.actions_left,
            self.turn,
            self.empty_squares,
            self.territories,
            self.rng,
        )
