"""A table as the lobby lists it, told by the worker holding it to the front.

The front never holds a game: it lists each table from the facts its worker last
sent (`described`), which say what the lobby shows (seats, turn, who looks at
it), what the front keeps in ``tables.json`` (path, owners, settings) and what
its idle timer and turn marks need.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...play.table import Seat, Table
from ...rules.core import Game
from ...rules.registry import get_game
from ..auth import Identity
from ..tables import GRACE, SharedTable


def described(shared: SharedTable) -> dict[str, Any]:
    """What the front needs to know of ``shared`` (msgpack-ready)."""
    table = shared.table
    return {
        "number": shared.number,
        "game": table.game.id,
        "seats": [[seat.name, seat.kind] for seat in table.seats],
        "owners": list(shared.owners),
        "stand_ins": {str(seat): level for seat, level in shared.stand_ins.items()},
        "finished": table.finished,
        "turn": shared.turn(),
        "waiting_since": min(shared.turn_began.values(), default=None),
        "connected": shared.connected(),
        "to_act": sorted(table.to_act()),
        "people_to_act": table.human_seats_to_act(),
        "changed_at": shared.changed_at,
        "path": str(shared.path),
        "grace": shared.grace,
        "timer": shared.timer,
        "hints": shared.hints,
    }


@dataclass
class Listed:
    """A table in a worker, as the lobby sees it: the attributes the lobby reads of a
    `SharedTable` (its seats, game and end through ``.table``, as there)."""

    number: int
    game: Game
    seats: list[Seat]
    owners: list[str | None]
    path: Path
    finished: bool = False
    stand_ins: dict[int, str] = field(default_factory=dict)
    turn_words: str = ""
    waiting_since: float | None = None
    connected_names: list[str] = field(default_factory=list)
    to_act: list[int] = field(default_factory=list)
    people_to_act: list[int] = field(default_factory=list)
    changed_at: float = 0.0
    grace: float = GRACE
    timer: float | None = None
    hints: bool = False

    @classmethod
    def of_table(cls, number: int, table: Table, path: Path, owners: list[str | None], settings: dict[str, Any]) -> Listed:
        """A table just created or restored, before its worker has described it."""
        return cls(
            number, table.game, list(table.seats), list(owners), path, table.finished,
            dict(settings.get("stand_ins", {})), "", None, [], sorted(table.to_act()), table.human_seats_to_act(),
            grace=settings.get("grace", GRACE), timer=settings.get("timer"), hints=settings.get("hints", False),
        )  # fmt: skip

    def update(self, facts: dict[str, Any]) -> None:
        """Take what the table's worker says of it now."""
        self.game = get_game(facts["game"])
        self.seats = [Seat(name, kind) for name, kind in facts["seats"]]
        self.owners = list(facts["owners"])
        self.stand_ins = {int(seat): level for seat, level in facts["stand_ins"].items()}
        self.finished = facts["finished"]
        self.turn_words = facts["turn"]
        self.waiting_since = facts["waiting_since"]
        self.connected_names = list(facts["connected"])
        self.to_act = list(facts["to_act"])
        self.people_to_act = list(facts["people_to_act"])
        self.changed_at = facts["changed_at"]
        self.grace = facts["grace"]
        self.timer = facts["timer"]
        self.hints = facts["hints"]

    @property
    def table(self) -> Listed:
        return self

    @property
    def title(self) -> str:
        return self.game.title

    def settings(self) -> dict[str, Any]:
        """The grace time, turn timer, stand-ins and hints, as a worker adopts them."""
        return {"grace": self.grace, "timer": self.timer, "stand_ins": dict(self.stand_ins), "hints": self.hints}

    def turn(self) -> str:
        return "finished" if self.finished else self.turn_words

    def waited(self, now: float) -> float:
        return 0.0 if self.waiting_since is None else now - self.waiting_since

    def connected(self) -> list[str]:
        return self.connected_names

    def seat_of(self, identity: Identity) -> int | None:
        if identity.fingerprint is None or identity.fingerprint not in self.owners:
            return None
        return self.owners.index(identity.fingerprint)

    def free_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human and self.owners[i] is None]
