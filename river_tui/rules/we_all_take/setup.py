"""Set Up: the resource tokens on the map, the weather deck and almanac, the roles
dealt face down, and each player's starting tokens. The players then place their
camps ("Beginning the Game", `seasons`)."""

from __future__ import annotations

from ..rng import Rng
from .components import ALMANAC, BANK, ROLE_SEATS, ROLES, ROWS, SEASONS, SLOTS, START_STOCK, STEWARD, SUPPLY, WEATHER
from .state import CAMPS, TUTORIAL, WeState


def set_up(seats: int, variant: str, seed: int) -> WeState:
    """"Place fish, tree, and gravel resource tokens on the corresponding slots", shuffle
    the weather deck and lay out the almanac, deal the roles face down (Steward for one
    or two players), and give each player one fish, one tree and one gravel."""
    rng = Rng(seed)
    bank = list(BANK)
    slots = []
    for slot in SLOTS:
        slots.append(slot.kind)
        bank[slot.kind] -= 1
    stock = []
    for _ in range(seats):
        stock.append(list(START_STOCK))
        for k, n in enumerate(START_STOCK):
            bank[k] -= n
    tutorial = variant == TUTORIAL
    weather = [] if tutorial else rng.shuffled([w.id for w in WEATHER])
    if seats >= ROLE_SEATS:
        roles = rng.shuffled([r.id for r in ROLES])[:seats]
    else:
        roles = [STEWARD.id] * seats
    return WeState(
        seats=seats, variant=variant, rng=rng, phase=CAMPS,
        colours=[None] * seats, roles=roles,
        season=0, last_season=SEASONS, storm=False, order=(), turn=0, water=0, storm_carry=0,
        almanac=weather[:ALMANAC], deck=weather[ALMANAC:], discard=[],
        slots=slots, loose=[0] * (4 * ROWS), flooded=set(), eroded=set(), protected=set(),
        subsidy=False, city=-1, city_complete=False, city_flooded_in=0, site=[0, 0, 0],
        stock=stock, bank=bank, sea=[0, 0, 0, 0],
        structures={}, next_id=0, supply=[dict(SUPPLY) for _ in range(seats)],
        used={}, exhausted=set(), fresh=set(), open_build=-1,
        groups=[], offers=(), deals=[0] * seats, answered=(), ready=set(),
        proposers=[], proposal=None, voters=[], votes=[], bought=[], vote_turn=0, settled=0,
        destroyed=False, events=[],
    )
