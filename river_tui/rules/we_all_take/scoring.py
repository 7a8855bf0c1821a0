"""Objectives, at the end of the game: roles revealed, each objective judged exactly
as written.

"Players must have both objectives complete at the end of the game to win" (the
Steward all three); "All players lose, regardless of whether they have completed their
objectives" if the river ecosystem was destroyed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Result, ScoreLine
from .components import (
    AGRICULTURE, ALL_ROLES, CHARITY, CONSERVATION, DEVELOPMENT, FISH, FISH_GOAL, GOLD,
    OBJECTIVES,
)
from .narration import role_card, seat_and_colour
from .river import pollution_on_map
from .state import OVER, WeState


@dataclass(frozen=True)
class Judgement:
    """One objective of one seat: met or not, why (in words that hold for every game, so
    they can be counted across games), and the figures behind it."""

    objective: int
    met: bool
    reason: str
    figures: str


def judge(s: WeState) -> list[list[Judgement]]:
    """Every seat's objectives, in the order printed on its role card."""
    plain = [[judge_objective(s, seat, o) for o in ALL_ROLES[s.roles[seat]].objectives if o != CHARITY] for seat in range(s.seats)]
    charity = _charity(s, plain)
    out = []
    for seat in range(s.seats):
        judged = iter(plain[seat])
        out.append([charity[seat] if o == CHARITY else next(judged) for o in ALL_ROLES[s.roles[seat]].objectives])
    return out


def judge_objective(s: WeState, seat: int, objective: int) -> Judgement:
    """One of the seat's objectives as the position stands now, judged exactly as the end
    of the game judges it: the live "met / not yet" of a role card. Not for Charity, which
    depends on the others' objectives (their roles are hidden until the end): `judge`
    settles it over every seat."""
    if objective == CHARITY:
        raise ValueError("Charity is judged over every seat at once: use judge()")
    if objective == CONSERVATION:
        # "Conservation - Ensure no pollution is on the map."
        left = pollution_on_map(s)
        return Judgement(objective, left == 0, "no pollution is on the map" if left == 0 else "pollution is still on the map", f"{left} pollution on the map")
    if objective == AGRICULTURE:
        # "Agriculture - Stockpile fifteen fish."
        fish = s.stock[seat][FISH]
        met = fish >= FISH_GOAL
        return Judgement(objective, met, f"{'stockpiled' if met else 'fewer than'} fifteen fish{' or more' if met else ' stockpiled'}", f"{fish} fish stockpiled, {FISH_GOAL} needed")
    if objective == DEVELOPMENT:
        # "Development - Build the city." "If the city is flooded on the last season of the game, the development objective fails."
        if s.city < 0:
            return Judgement(objective, False, "the city development policy never passed", "no city")
        if s.city_flooded_in == s.last_season:
            # Whatever happened after the flood, complete or still a construction site.
            return Judgement(objective, False, "the city flooded in the last season", "city flooded")
        if not s.city_complete:
            return Judgement(objective, False, "the city is still under construction", f"site holds {s.site[0]} fish, {s.site[1]} trees, {s.site[2]} gravel")
        return Judgement(objective, True, "the city is built", "city complete")
    # "Capital - Have more gold than any other player."
    gold = s.stock[seat][GOLD]
    others = max((s.stock[o][GOLD] for o in range(s.seats) if o != seat), default=-1)
    met = gold > others
    return Judgement(objective, met, "more gold than any other player" if met else "another player has as much gold or more", f"{gold} gold, the richest other player {max(others, 0)}")


def _charity(s: WeState, plain: list[list[Judgement]]) -> list[Judgement | None]:
    """"Charity - Ensure each other player has completed at least one objective." Charity
    itself counts as completed only when that holds, so it is settled from the bottom up:
    no Charity is met until the others' completed objectives make it so."""
    done = [any(j.met for j in judged) for judged in plain]
    met = [False] * s.seats
    charitable = [seat for seat in range(s.seats) if CHARITY in ALL_ROLES[s.roles[seat]].objectives]
    changed = True
    while changed:
        changed = False
        for seat in charitable:
            if not met[seat] and all(done[o] or met[o] for o in range(s.seats) if o != seat):
                met[seat] = changed = True
    out: list[Judgement | None] = [None] * s.seats
    for seat in charitable:
        lacking = [o for o in range(s.seats) if o != seat and not (done[o] or met[o])]
        reason = "every other player completed an objective" if met[seat] else "another player completed no objective"
        figures = "all others completed one" if met[seat] else f"{len(lacking)} player(s) completed none"
        out[seat] = Judgement(CHARITY, met[seat], reason, figures)
    return out


def result(s: WeState) -> Result | None:
    """None before the end; then each seat's objectives judged, and who won."""
    if s.phase != OVER:
        return None
    names = [seat_and_colour(s, seat) for seat in range(s.seats)]
    judged = judge(s)
    scores = tuple(sum(j.met for j in seat) for seat in judged)
    breakdown = tuple(
        tuple(ScoreLine(f"{OBJECTIVES[j.objective]}: {j.figures}", int(j.met)) for j in seat) for seat in judged
    )
    notes = [f"{names[seat]} was the {role_card(s.roles[seat])}" for seat in range(s.seats)]
    for seat, seat_judged in enumerate(judged):
        role = ALL_ROLES[s.roles[seat]].name
        for j in seat_judged:
            verdict = "met" if j.met else "failed"
            notes.append(f"{OBJECTIVES[j.objective]} {verdict} for {names[seat]}, the {role}: {j.reason}")
    if s.destroyed:
        notes.append("The river ecosystem was destroyed: all three estuary fish slots held pollution at the end of a season")
        return Result(scores, breakdown, frozenset(), tuple(notes), "The river ecosystem is destroyed: everyone loses.")
    winners = frozenset(seat for seat, seat_judged in enumerate(judged) if all(j.met for j in seat_judged))
    if winners:
        who = " and ".join(names[w] for w in sorted(winners))
        summary = f"{who} completed every objective and {'win' if len(winners) > 1 else 'wins'}."
    else:
        summary = "Nobody completed every objective: nobody wins."
    return Result(scores, breakdown, winners, tuple(notes), summary)
