"""The records in plain lines: per game, its players who played most first (50
a game), each with games played and won, best and mean score (records.json, the
same file the Records screen reads)."""

from __future__ import annotations

from ..records import players
from ..rules.registry import available

MOST_PER_GAME = 50


def record_lines() -> list[str]:
    records = players.load()
    lines = [f"The records file cannot be used: {records.problem}"] if records.problem else []
    for entry in available():
        tallies = {**records.games.get(entry.id, {}), **records.computers.get(entry.id, {})}
        for name, tally in sorted(tallies.items(), key=lambda item: -item[1].played)[:MOST_PER_GAME]:
            lines.append(f"{entry.title}: {name} played {tally.played}, won {tally.won}, "
                         f"best {tally.best}, mean {tally.mean:.1f}.")
    return lines or ["No finished games yet."]
