"""The city's keeper: a computer seat whose camp stands on the city's tile builds levees
there against the water the almanac shows coming, when a flood of the city costs its
objectives; a seat whose objective is the city walks its camp there when it is free.

"If the city is flooded on the last season of the game, the development objective
fails"; a city flooded in any season adds three pollution to the river. The water that
floods the top row's city is the season after a Storm's ("Add that number to the initial
water level the next season", `flood_watch`), and only a levee raises the tile ("Red
built a levee to protect the city from flooding when it is complete. They needed to have
their camp on the tile when they did so."). The keeper sets out, a row a season, in
time to stand on the tile by the season before the last while the Storm may still come
then (it shows in the almanac two seasons ahead, too late for a camp far down the
river to set out; earlier, its camp gathers for the city), and builds when a levee is
lacking: in the Storm's own season its top row acts last, when the water it leaves
behind is known.
"""

from __future__ import annotations

from .actions import Build, Move
from .components import DEVELOPMENT, LEVEE, ROLE_SEATS, TILES
from .evaluation import role_of
from .flood_watch import KEEPERS, levees_lacking, storm_may_flood_the_end
from .legal import phase_moves
from .state import ACTIONS, WeState


def keeps_the_city(s: WeState, seat: int) -> bool:
    """A seat at a table of roles whose objectives a flood of the city costs: Development
    ("the development objective fails"), Conservation (the flood's three pollution) or
    Charity (the others' city), once the city is placed on the top row (the only place
    `flood_watch` reads the water for)."""
    return (
        s.seats >= ROLE_SEATS and s.city >= 0 and not s.tutorial and TILES[s.city].row == 0
        and bool(KEEPERS & set(role_of(s, seat).objectives))
    )


def on_the_city(s: WeState, seat: int) -> bool:
    camp = s.camp_of(seat)
    return camp is not None and camp.place == s.city


def keep_the_city(s: WeState, seat: int) -> Build | Move | None:
    """The keeper's step now, if it has one: a levee on the city's tile when one is
    lacking and it can build, else a step of its camp toward the tile (up its side of
    the river, while no other camp stands there), never in the game's last season."""
    if s.phase != ACTIONS or s.season >= s.last_season or not keeps_the_city(s, seat):
        return None
    camp = s.camp_of(seat)
    if camp is None:
        return None
    moves = phase_moves(s, seat)
    if camp.place == s.city:
        levee = Build(camp.id, LEVEE)
        return levee if levees_lacking(s) and levee in moves else None
    if DEVELOPMENT not in role_of(s, seat).objectives:
        return None  # only the city's own builder walks to it
    if s.camp_on(s.city) is not None or TILES[camp.place].side != TILES[s.city].side:
        return None
    if not storm_may_flood_the_end(s) or s.season < s.last_season - 1 - TILES[camp.place].row:
        return None  # no Storm can flood the last season, or time enough to set out later
    toward = [m for m in moves if isinstance(m, Move) and m.structure == camp.id and TILES[m.tile].row < TILES[camp.place].row]
    return min(toward, key=lambda m: TILES[m.tile].row) if toward else None
