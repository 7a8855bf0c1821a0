"""The records in plain lines: per game, its players who played most first (50
a game), each with games played and won, best and mean score (records.json, the
same file the Records screen reads); then each game's ratings, the highest first
(ratings.json, as the Records screen's ``t``), each with its trend in words."""

from __future__ import annotations

from ..records import players, ratings
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
    return (lines or ["No finished games yet."]) + rating_lines()


def rating_lines() -> list[str]:
    """Each game's ladder, a line a rated name: its place, rating, games and trend."""
    table = ratings.load()
    if table.problem:
        return [f"The ratings file {ratings.FILE_NAME} cannot be used ({table.problem}); it is kept aside, "
                "never deleted, when the next game ends."]
    lines = []
    for entry in available():
        ladder = table.ladders.get(entry.id)
        if ladder is None:
            continue
        rows = ladder.ranked()
        lines.append(f"{entry.title} ratings (openskill: mu - 3 sigma, 0 for a newcomer), the highest first:")
        for place, (name, computer, rating) in enumerate(rows[:MOST_PER_GAME], start=1):
            who = f"the computer ({name})" if computer else name
            games = f"{rating.games} game{'s' if rating.games != 1 else ''}"
            lines.append(f"{place} of {len(rows)}: {who} {rating.shown:.1f} after {games}, {trend_words(rating)}.")
    return lines or ["No rated games yet: a finished game between two or more rated seats rates them."]


def trend_words(rating: ratings.Rating) -> str:
    """"up 4.2 over the last 5 games", "steady over ...", "new"."""
    change = rating.change()
    if change is None:
        return "new"
    way = f"up {change:.1f}" if change > 0.05 else f"down {-change:.1f}" if change < -0.05 else "steady"
    return f"{way} over the last {len(rating.trend)} games"
