"""Final scoring ("Game End") and the achievements table."""

from __future__ import annotations

from ..core import Result, ScoreLine, ranked_winners
from .components import (
    ACHIEVEMENTS,
    CAPTAIN_REWARD,
    COLOURS,
    EXTENSION_ACHIEVEMENT_OFFSET,
    SOLO_CAPTAIN_TARGET,
    SOLO_VICTORY,
)
from .state import EXTENSION, RiversideState, Sheet


def guide_boat_points(sheet: Sheet, boat: int) -> int:
    """"For each of the five guide boats, add the crossed-out ticket points to your
    excursion points to get your guide boat points." """
    return sheet.ticket_points(boat) + sum(sheet.excursions[boat])


def captain_points(sheet: Sheet) -> int:
    """"Add the stave church points to the lowest of your five guide boat points
    to get your captain points." """
    return sum(sheet.church) + min(guide_boat_points(sheet, boat) for boat in range(len(COLOURS)))


def captain_rewards(captains: tuple[int, ...]) -> tuple[int, ...]:
    """"The players with the most/least captain points get +15/-15 points ... In
    case of a tie for most/least points, the tied players get the full
    reward/penalty." Solo: "+15 points if you have at least 50 captain points. If
    not, you get -15 points (you never get 0)." When every seat ties, each is both
    the most and the least and gets both (net 0)."""
    if len(captains) == 1:
        return (CAPTAIN_REWARD if captains[0] >= SOLO_CAPTAIN_TARGET else -CAPTAIN_REWARD,)
    most, least = max(captains), min(captains)
    return tuple((CAPTAIN_REWARD if c == most else 0) - (CAPTAIN_REWARD if c == least else 0) for c in captains)


def scores_now(sheets: tuple[Sheet, ...]) -> tuple[tuple[int, int], ...]:
    """Each sheet's final score as "Game End" would add it up were the game to end
    now, with its captain reward (+15/-15 against the other sheets, or solo against
    50 captain points): the guide boat points, the captain points (the stave church
    and the lowest guide boat again) and the reward; for a running total beside a
    sheet."""
    captains = tuple(captain_points(sheet) for sheet in sheets)
    return tuple(
        (sum(guide_boat_points(sheet, boat) for boat in range(len(COLOURS))) + captain + reward, reward)
        for sheet, captain, reward in zip(sheets, captains, captain_rewards(captains))
    )


def reward_reasons(sheets: tuple[Sheet, ...]) -> tuple[tuple[str, str], ...]:
    """Why each sheet's captain reward (`scores_now`) is what it is, in "Game End"'s
    words, a long form and a short one: "The players with the most/least captain points
    get +15/-15 points"; solo, "+15 points if you have at least 50 captain points"."""
    captains = tuple(captain_points(sheet) for sheet in sheets)
    if len(captains) == 1:
        target = SOLO_CAPTAIN_TARGET
        return ((f"at least {target} captain points", f"{target}+ captain points") if captains[0] >= target
                else (f"under {target} captain points",) * 2,)
    most, least = max(captains), min(captains)
    if most == least:
        return (("all tie for most (+15) and least (-15) captain points", "all tie: +15 -15 ="),) * len(captains)
    return tuple(("most captain points",) * 2 if c == most else ("least captain points",) * 2 if c == least
                 else ("neither most (+15) nor least (-15) captain points", "neither most nor least")
                 for c in captains)


def achievement_score(score: int, variant: str) -> int:
    """"When playing with the extension variant, subtract 25 points from your score
    before checking your achievement." """
    return score - EXTENSION_ACHIEVEMENT_OFFSET if variant == EXTENSION else score


def achievement(score: int, variant: str) -> str:
    """The achievements table."""
    score = achievement_score(score, variant)
    text = ACHIEVEMENTS[0][1]
    for lowest, words in ACHIEVEMENTS:
        if score >= lowest:
            text = words
    return text


def breakdown(sheet: Sheet, reward: ScoreLine) -> tuple[ScoreLine, ...]:
    """The score sheet's scoring, line by line, under the same labels for every
    seat: each boat's ticket and excursion points, then the captain points (the
    stave church and the lowest guide boat, which so counts twice), then the reward."""
    lines = []
    for boat, colour in enumerate(COLOURS):
        lines.append(ScoreLine(f"{colour.capitalize()} guide boat: tickets", sheet.ticket_points(boat)))
        lines.append(ScoreLine(f"{colour.capitalize()} guide boat: excursions", sum(sheet.excursions[boat])))
    lines.append(ScoreLine("Captain points: stave church boat", sum(sheet.church)))
    lines.append(ScoreLine("Captain points: lowest guide boat again", min(guide_boat_points(sheet, b) for b in range(len(COLOURS)))))
    lines.append(reward)
    return tuple(lines)


def reward_lines(captains: tuple[int, ...]) -> tuple[ScoreLine, ...]:
    """The +15/-15 line of each seat."""
    label = (
        f"Captain reward (+15 from {SOLO_CAPTAIN_TARGET} captain points, else -15)"
        if len(captains) == 1
        else "Captain reward (+15 most, -15 least captain points)"
    )
    return tuple(ScoreLine(label, reward) for reward in captain_rewards(captains))


def result(state: RiversideState) -> Result | None:
    """None before the end; then "Add up all points. The player with the highest final score is the winner.
    In case of a tie, the tied player with the most captain points wins. If there is
    still a tie, the tied players share the victory." """
    if not state.over:
        return None
    captains = tuple(captain_points(sheet) for sheet in state.sheets)
    lines = tuple(breakdown(sheet, reward) for sheet, reward in zip(state.sheets, reward_lines(captains)))
    scores = tuple(sum(line.points for line in seat) for seat in lines)
    winners = ranked_winners(scores, captains)
    notes = tuple(_note(seat, score, state) for seat, score in enumerate(scores))
    if state.seats == 1:
        # "When you play a solo game, a score of at least 300 points is considered a
        # victory!" -- checked like the achievements beside it (extension: after -25).
        won = achievement_score(scores[0], state.variant) >= SOLO_VICTORY
        winners = winners if won else frozenset()
        verdict = "a solo victory" if won else f"short of the {SOLO_VICTORY} a solo victory needs"
        summary = f"Seat 1 scored {scores[0]} points: {verdict}."
    else:
        names = " and ".join(f"Seat {s + 1}" for s in sorted(winners))
        best = max(scores)
        summary = f"{names} {'share the victory' if len(winners) > 1 else 'wins'} with {best} points."
    return Result(scores, lines, winners, notes, summary)


def _note(seat: int, score: int, state: RiversideState) -> str:
    counted = f" ({achievement_score(score, state.variant)} after the extension's -25)" if state.variant == EXTENSION else ""
    return f"Seat {seat + 1}{counted}: {achievement(score, state.variant)}"
