"""Learn to play We All Take from the River: the rules of a first game, each told
in the rulebook's words the first time it applies to the learner (see
rules/guides.py), and what a move does for a seat, in one line (the hint's reason).
Points mean little here (objectives are met or not): a hint judges a choice by
its chance to win."""

from __future__ import annotations

from ..guides import WINS, Guide, LastMove, Lesson
from .actions import Accept, Build, Done, Exchange, Harvest, Move, Offer, Propose, Vote
from .components import CITY, KINDS, LAND_TILES, OBJECTIVES, POLLUTION, SLOTS
from .legal import legal_actions, offer_to
from .state import ACTIONS, CAMPS, EXCHANGE, OVER, PROPOSE, VOTE, WeState

SEED = 4
"""The guided game's seed (the learner and two computer seats, roles dealt): with a greedy
learner every lesson but the last season has come up by the learner's 14th decision (of 80);
the first offer at the table is a computer seat's teaching one (`teach`)."""


def _placing_camp(view: WeState, seat: int, last: LastMove) -> bool:
    return view.phase == CAMPS and view.colours[seat] is None


def _free_banks(view: WeState, seat: int) -> frozenset:
    taken = {st.place for st in view.structures.values()}
    return frozenset(("tile", tile) for tile in LAND_TILES if tile not in taken)


def _play_begins(view: WeState, seat: int, last: LastMove) -> bool:
    return view.phase == ACTIONS


def _eroded(view: WeState, seat: int, last: LastMove) -> bool:
    return any(event[0] in ("erode", "flood") for event in view.events)


def _eroded_tiles(view: WeState, seat: int) -> frozenset:
    return frozenset(("tile", event[1]) for event in view.events if event[0] in ("erode", "flood"))


def _acting(view: WeState, seat: int, last: LastMove) -> bool:
    return view.phase == ACTIONS and bool(view.groups) and view.groups[0][0] == seat


def _acting_tile(view: WeState, seat: int) -> frozenset:
    return frozenset({("tile", view.groups[0][1])}) if view.groups else frozenset()


def _built(view: WeState, seat: int, last: LastMove) -> bool:
    return last is not None and isinstance(last[1], Build)


def _built_where(view: WeState, seat: int) -> frozenset:
    newest = view.structures.get(view.next_id - 1)
    return frozenset({("tile", newest.place)}) if newest is not None else frozenset()


def _trading(view: WeState, seat: int, last: LastMove) -> bool:
    """An offer made at the table (to the learner or between the others), or waiting for the learner."""
    return (last is not None and isinstance(last[1], Offer)) or offer_to(view, seat) is not None


def _polluted(view: WeState, seat: int, last: LastMove) -> bool:
    return any(kind == POLLUTION for kind in view.slots)


def _pollution(view: WeState, seat: int) -> frozenset:
    return frozenset(("tile", SLOTS[slot].tile) for slot, kind in enumerate(view.slots) if kind == POLLUTION)


def _season_ends(view: WeState, seat: int, last: LastMove) -> bool:
    return view.phase == EXCHANGE


def _voting(view: WeState, seat: int, last: LastMove) -> bool:
    return view.phase == VOTE


def _proposed_tile(view: WeState, seat: int) -> frozenset:
    tile = view.proposal.tile if view.proposal is not None else None
    return frozenset({("tile", tile)}) if tile is not None else frozenset()


def _last_season(view: WeState, seat: int, last: LastMove) -> bool:
    return view.season == view.last_season and view.phase != OVER


LESSONS = (
    Lesson(
        "camp", "Your camp", "Set Up",
        "Each player places their camp on one of the gray rectangles on the hexagon land tiles "
        "adjacent to the river. Only one camp may be on any given tile. Your camp acts in its "
        "row's turn: it harvests, builds and moves.",
        "Choose your colour, then a marked land tile for your camp (arrows, Enter).",
        _placing_camp, _free_banks,
    ),
    Lesson(
        "season", "Seasons, turns and your role", "Beginning the Game; Objectives",
        "A game is ten seasons of five turns, one for each row of tiles. "
        "Each season's water level is a die roll plus the current weather. Your role card "
        "gives you two objectives: both must be complete at the end of the game to win.",
        "Your role, the water level and the weather: the side panels (i on a small screen).",
        _play_begins, in_sight=("wat-side",),
    ),
    Lesson(
        "harvest", "Your turn: harvest, build, move", "Player Actions",
        "If you have a structure in the current row, you may take actions with it. Harvest: your "
        "camp takes any one resource from its tile, or one fish from the river in its row. Build: "
        "pay one fish, then the cost of any number of structures. Move: to an adjacent land tile.",
        "Your acting structure's tile is marked. The list starts on a suggestion, the computer's move "
        "in your place: Enter does it (twice if it costs you), or choose your own; d is Done.",
        _acting, _acting_tile,
    ),
    Lesson(
        "erosion", "Water and erosion", "Adjusting the Water Level",
        "Each land tile has an elevation. If the water is higher, the tile erodes: one tree goes to "
        "the river and the water level drops by one. A wetlands tile first drains the water by one. "
        "A tile with no tree to lose floods: its structures lose their abilities this season.",
        "The marked tiles eroded or flooded: trees and levees keep land safe.",
        _eroded, _eroded_tiles,
    ),
    Lesson(
        "build", "Building", "Player Actions: Build",
        "A player must always pay one fish in order to take the build action, then may build any "
        "number of structures by paying their resource costs. New structures cannot take actions "
        "on the turn they are built, but passive structures (nets, farms) take effect immediately.",
        "The marked tile has a new structure; your camp builds in its own turn.",
        _built, _built_where,
    ),
    Lesson(
        "trade", "Trading", "Trading",
        "Players may trade with each other at any time, so long as all parties involved agree. "
        "Players may also give tokens to each other for free. Fish, trees, gravel, pollution and "
        "gold may all be traded.",
        "Accept or decline the offer; you may make offers of your own at any time.",
        _trading,
    ),
    Lesson(
        "pollution", "Pollution", "Pollution",
        "Farms, lumber mills, excavators and dredging boats add pollution to the river; it fills "
        "empty slots downriver. A slot with pollution holds nothing else until someone harvests it "
        "away. If all three estuary fish slots fill with pollution, everyone loses.",
        "The marked tiles hold pollution: any structure's harvest may remove one.",
        _polluted, _pollution,
    ),
    Lesson(
        "exchange", "The season ends", "Ending the Season",
        "At the end of all five turns the season is over. Players may exchange any two resource "
        "tokens, except pollution, for one gold, any number of times. Then players may spend one "
        "gold to propose a policy.",
        "Exchange tokens for gold if your objectives want gold, then Done.",
        _season_ends,
    ),
    Lesson(
        "vote", "A vote", "Policies",
        "All players vote on the proposal by descending order of camp elevation. If more than half "
        "of the total votes are in favor, the policy is enacted; a tie fails. At any time during "
        "the vote players may spend gold to gain an equal number of extra votes.",
        "Vote for or against; gold buys extra votes.",
        _voting, _proposed_tile,
    ),
    Lesson(
        "end", "The last season", "Objectives",
        "This is the last season. At its end every role is revealed, and each player wins only if "
        "both their objectives are complete: Conservation, Agriculture (15 fish), Development (the "
        "city), Capital (the most gold) or Charity.",
        "Make sure your objectives hold when the season ends.",
        _last_season,
    ),
)


RESOURCES = range(3)
"""Fish, trees and gravel (`KINDS`): what a fair first offer trades."""


def teach(view: WeState, seat: int, learner: int) -> Offer | Propose | None:
    """A computer seat's teaching move, if one is due: the table's first offer, or a proposal."""
    return first_offer(view, seat, learner) or first_proposal(view, seat)


def first_proposal(view: WeState, seat: int) -> Propose | None:
    """In the first three seasons, while no policy stands, a computer seat that can pay
    the gold proposes one (the city where it may, else the first it may), so that a vote
    is seen whatever the learner plays."""
    if view.phase != PROPOSE or view.season > 3 or view.city >= 0 or view.protected or view.subsidy:
        return None
    proposals = [move for move in legal_actions(view, seat) if isinstance(move, Propose)]
    return next((move for move in proposals if move.policy == CITY), proposals[0] if proposals else None)


def first_offer(view: WeState, seat: int, learner: int) -> Offer | None:
    """The table's first offer: from the third turn of the first season, a computer seat
    that acts while no offer has been made offers the learner one of its resources for
    one of another kind the learner holds, giving what it holds most of for what it holds
    least of, so trading is seen whatever the learner plays."""
    if view.phase != ACTIONS or (view.season, view.turn) < (1, 2) or view.offers or view.answered:
        return None
    mine = view.stock[seat]
    fair = [
        move for move in legal_actions(view, seat)
        if isinstance(move, Offer) and move.to == learner and sum(move.give) == 1 and sum(move.get) == 1
        and all(move.give[k] + move.get[k] == 0 for k in range(len(KINDS)) if k not in RESOURCES)
    ]
    return max(fair, key=lambda move: mine[move.give.index(1)] - mine[move.get.index(1)], default=None)


GUIDE = Guide(
    seed=SEED,
    seats=3,
    lessons=LESSONS,
    teach=teach,
    suggests=True,
    judged_by=WINS,
    scoring={objective: f"Objectives: {objective}, met (1) or not (0); both of your role's must be met to win."
             for objective in OBJECTIVES},
)
