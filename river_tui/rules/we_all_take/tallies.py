"""The figures `river-tui simulate` gathers from computer-only games of We All Take
(`Game.tallies`): how the computer seats fare, and how they behave as table-mates."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Offer, Propose
from .scoring import judge
from .state import WeState
from .trading import declined_unchanged

CITY_BUILT = "city built"
EVERY_SEAT_MET_ONE = "every seat met an objective"
POLICIES_PROPOSED = "policies proposed"
DECLINED_OFFERS_REPEATED = "declined offers made again unchanged"
WINS_THROWN_AWAY = "seats that met every objective at their last decision but not at the end"


def tallies(moves: Sequence[tuple[WeState, int, object]], final: WeState) -> dict[str, float]:
    judged = judge(final)
    before_last: dict[int, WeState] = {}
    for before, seat, _ in moves:
        before_last[seat] = before
    thrown = sum(
        1 for seat, before in before_last.items()
        if all(j.met for j in judge(before)[seat]) and not all(j.met for j in judged[seat])
    )
    repeated = sum(
        1 for before, seat, action in moves
        if isinstance(action, Offer) and declined_unchanged(before, seat, action.to, tuple(action.give), tuple(action.get))
    )
    return {
        CITY_BUILT: float(final.city_complete and final.city_flooded_in != final.last_season),
        EVERY_SEAT_MET_ONE: float(all(any(j.met for j in seat) for seat in judged)),
        POLICIES_PROPOSED: float(sum(1 for _, _, action in moves if isinstance(action, Propose))),
        DECLINED_OFFERS_REPEATED: float(repeated),
        WINS_THROWN_AWAY: float(thrown),
    }
