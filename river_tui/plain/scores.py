"""The scores screen in plain lines: who won, each seat's score and how it was
made, the way the rulebook scores (the same `Result` the app's scores screen shows)."""

from __future__ import annotations

from ..play.table import Table


def final_lines(table: Table) -> list[str]:
    result = table.result()
    if result is None:
        return []
    names = [seat.name for seat in table.seats]
    winners = [names[s] for s in sorted(result.winners)]
    out = ["Game over."]
    if result.summary:
        out.append(table.named(result.summary))
    out.append(f"Winner{'s' if len(winners) != 1 else ''}: {', '.join(winners) or 'nobody'}.")
    for seat, name in enumerate(names):
        lines = result.breakdown[seat]
        how = "; ".join(f"{line.label} {line.points}" for line in lines)
        out.append(f"{name}: {result.scores[seat]} points{' (' + how + ')' if how else ''}.")
    out.extend(table.named(note) for note in result.notes)
    return out
