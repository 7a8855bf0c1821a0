"""How high the water may rise over the city's tile in the seasons the almanac shows, and
the levees that keep the city dry there (what a computer seat that needs the city reads).

"If the city is flooded on the last season of the game, the development objective
fails." The city covers its tile's slots, so the tile holds no tree and floods, rather
than erodes, whenever the water passes its elevation. A season's initial water is the
six-sided die plus the weather card's modifier, the most 6 + 3; after the Storm "retain
the final water level. Add that number to the initial water level the next season", and
the top row, where the city stands (`bots._city_site`), meets that water first. "Levee -
When calculating erosion, treat the tile as if it were at one higher elevation for each
levee on it."
"""

from __future__ import annotations

from .components import CHARITY, CONSERVATION, COST, DEVELOPMENT, GRAVEL, LEVEE, SUPPLY, TILES, WEATHER
from .state import ACTIONS, WeState

KEEPERS = frozenset({DEVELOPMENT, CONSERVATION, CHARITY})
"""The objectives a flood of the city costs: Development ("the development objective
fails"), Conservation (the flood's three pollution), Charity (the others' city)."""
DIE = 6
"""The six-sided die's highest face: a levee plan covers every roll."""
STORM_CARRY = 5
"""The water a Storm season is guessed to end at before it ends (its top row, where the
water is retained, ended at 4 or 5 in simulated games: the water rises by the two "+"
lines on its way up and falls with each tile it erodes)."""
UNSEEN_MODIFIER = 1
"""The modifier guessed for a season whose weather card is not yet in the almanac (the
twelve cards' modifiers average 0.75)."""


STORM = next(card.id for card in WEATHER if card.storm)


def storm_may_flood_the_end(s: WeState) -> bool:
    """Whether the Storm may still be the weather of the season before the last (or of
    the last, which then is followed by one more): not yet played, and either shown for
    one of those seasons or not yet shown while one of their cards is still unseen."""
    if STORM in s.discard:
        return False
    if STORM in s.almanac:
        return s.season + s.almanac.index(STORM) >= s.last_season - 1
    return s.season + len(s.almanac) <= s.last_season


def levees_on(s: WeState, tile: int) -> int:
    return sum(1 for st in s.structures.values() if st.place == tile and st.kind == LEVEE)


def worst_water(s: WeState) -> int:
    """The highest initial water that a season still to come and shown by the almanac
    (or the season after a Storm it shows) may start at; 0 when there is none. The
    current season's is known already."""
    worst = 0
    last = s.last_season
    cards = s.almanac
    for index in range(1, len(cards) + 1):  # the season ``s.season + index``
        before = WEATHER[cards[index - 1]]
        if before.storm and s.season + index - 1 == last and index > 1:
            last += 1  # "If the storm would be the last season of the game, play for one extra season."
        if s.season + index > last:
            break
        if index < len(cards):
            modifier = WEATHER[cards[index]].modifier
        elif before.storm:
            modifier = UNSEEN_MODIFIER
        else:
            break  # an unseen season after an ordinary one: nothing is known of it yet
        carry = 0
        if before.storm:
            # The Storm's last turn is the top row's: its water then is what is retained.
            ended = index == 1 and (s.phase != ACTIONS or s.row == 0)
            carry = s.water if ended else STORM_CARRY
        worst = max(worst, DIE + modifier + carry)
    return worst


def levees_wanted(s: WeState) -> int:
    """How many levees the city's tile should have now, so that the water the almanac
    shows coming cannot pass it (at most a seat's supply of levees); 0 without a city on
    the top row, or in the tutorial, whose river never floods."""
    if s.city < 0 or s.tutorial or TILES[s.city].row != 0:
        return 0
    return max(0, min(SUPPLY[LEVEE], worst_water(s) - TILES[s.city].elevation))


def levees_lacking(s: WeState) -> int:
    """Levees still to build on the city's tile for the water in sight."""
    return max(0, levees_wanted(s) - levees_on(s, s.city)) if s.city >= 0 else 0


READY_LEVEES = 2
"""Levees the keeper holds the gravel for while the Storm may still flood the last season
and is not yet in sight: the tile it stands on may hold no gravel, and the Storm shows
only two seasons ahead (the water it leaves, 4 or 5, and a modifier of 0 need two)."""


def levee_gravel_wanted(s: WeState) -> int:
    """The gravel the city's keeper holds for levees: those lacking for the water in sight,
    else `READY_LEVEES` while the Storm may still flood the last season."""
    if s.city < 0 or s.tutorial or TILES[s.city].row != 0:
        return 0
    lacking = levees_lacking(s)
    if not lacking and storm_may_flood_the_end(s):
        lacking = max(0, READY_LEVEES - levees_on(s, s.city))
    return COST[LEVEE][GRAVEL] * lacking

