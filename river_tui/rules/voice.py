"""Whose words a move is said in. The log tells what a seat did, in the past
("Seat 2 placed a bend on D3."); a hint advises the player at the keys what to do
now ("Place a bend on D3."). Each game's `describe` writes a move once, through a
`Voice`, so the log and the hint always name the same move the same way."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Voice:
    """``who``: the seat as the log names it ("Seat 2"); None for advice, said to
    the seat's own player."""

    who: str | None = None

    def did(self, past: str, now: str) -> str:
        """A sentence's start: "Seat 2 placed" (the log) or "Place" (advice)."""
        if self.who is None:
            return now[:1].upper() + now[1:]
        return f"{self.who} {past}"

    def also(self, past: str, now: str) -> str:
        """A later verb of the same sentence: "placed" or "place"."""
        return now if self.who is None else past

    @property
    def their(self) -> str:
        """The seat's own: "their" (the log) or "your" (advice)."""
        return "your" if self.who is None else "their"

    def by(self, thing: str, past: str, now: str) -> str:
        """A move made with one of the seat's pieces: "Seat 2's boat harvested"
        (the log) or "With your boat, harvest" (advice)."""
        if self.who is None:
            return f"With your {thing}, {now}"
        return f"{self.who}'s {thing} {past}"


ADVICE = Voice()
"""Advice to the seat's player: what to do now."""
