"""The city's keeper: a computer seat keeps the city from the flood after the Storm.

"If the city is flooded on the last season of the game, the development objective
fails." After the Storm "retain the final water level. Add that number to the initial
water level the next season"; "Levee - ... treat the tile as if it were at one higher
elevation for each levee on it"; "They needed to have their camp on the tile when they
did so." Most cities lost at three seats flooded so, with no levee built.
"""

from __future__ import annotations

from random import Random

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import DONE, Build, Move
from river_tui.rules.we_all_take.bots import table_mate_moves
from river_tui.rules.we_all_take.components import GRAVEL, LEVEE, ROLES, WEATHER
from river_tui.rules.we_all_take.evaluation import targets
from river_tui.rules.we_all_take.flood_watch import levees_on
from river_tui.rules.we_all_take.season_end import place_city
from river_tui.rules.we_all_take.state import ACTIONS

from support.wat_helpers import at_turn, new_table, set_stock, tile

ROLE = {r.name: r.id for r in ROLES}
CARD = {card.name: card.id for card in WEATHER}


def greedy(s, seat=0):
    return GAME.bots()["greedy"].choose(GAME, GAME.view(s, seat), seat, Random(1))


def storm_top_row(role: str, after: str):
    """Seat 0 (``role``) has its camp on W1 (elevation 9), the city's tile; it is the
    Storm's last turn, the top row's, the water there 5; ``after`` is the next season's
    weather. Seat 0 holds a fish and eight gravel."""
    s = new_table([("W1", "Red"), ("E4", "Blue"), ("W3", "Yellow")])
    s.roles = [ROLE[role], ROLE["Grocer"], ROLE["Philanthropist"]]
    place_city(s, tile("W1"))
    s.season = 5
    s.almanac = [CARD["The Storm"], CARD[after], CARD["Drought"]]
    s = at_turn(s, 0, 5, storm=True)
    set_stock(s, 0, fish=1, gravel=8)
    return s


def keep_building(s, choose):
    """Seat 0's moves on its turn until it is done or moves on to something else."""
    for _ in range(10):
        move = choose(s)
        if not isinstance(move, Build) or move.kind != LEVEE:
            return s
        s = GAME.apply(s, 0, move)
    raise AssertionError("still building levees after ten")


def test_the_keeper_builds_the_levees_that_hold_the_water_the_storm_leaves():
    """5 carried into a Rainy Season (+2): up to 6 + 2 + 5 = 13 at W1, four over its 9.
    A Mayor (Development) builds four levees, for the fish and eight gravel it holds,
    with the greedy judgement and in the moves the search weighs."""
    s = storm_top_row("Mayor", after="Rainy Season")
    assert table_mate_moves(GAME.view(s, 0), 0) == [Build(s.camp_of(0).id, LEVEE)]
    built = keep_building(s, greedy)
    assert levees_on(built, tile("W1")) == 4 and built.stock[0][2] == 0
    assert keep_building(s, lambda s: table_mate_moves(GAME.view(s, 0), 0)[0]).structures == built.structures


def test_after_a_drought_a_conservation_seat_builds_fewer_and_none_without_a_storm():
    """A Guide (Conservation: the flood's three pollution) keeps it too: 5 carried into
    Showers (+1) reach 12 at most, three levees; into a Drought (-2), 9, W1's own height:
    no levee. Storm or none, a seat whose
    objectives the flood does not touch (a Grocer's) builds none."""
    assert levees_on(keep_building(storm_top_row("Guide", after="Showers"), greedy), tile("W1")) == 3
    calm = storm_top_row("Guide", after="Drought")
    grocer = storm_top_row("Grocer", after="Rainy Season")
    for s in (calm, grocer):
        assert len(table_mate_moves(GAME.view(s, 0), 0)) > 1  # nothing forced: the search weighs them all
        assert greedy(s) != Build(s.camp_of(0).id, LEVEE)


def walking(season: int, almanac: tuple[str, str, str]):
    """A Tycoon's camp (Development) on W3, row 2 of the season ``season``; the city on W1,
    no camp on it."""
    s = new_table([("W3", "Red"), ("E4", "Blue"), ("E2", "Yellow")])
    s.roles = [ROLE["Tycoon"], ROLE["Grocer"], ROLE["Guide"]]
    place_city(s, tile("W1"))
    s.season = season
    s.almanac = [CARD[name] for name in almanac]
    s.discard = []
    return at_turn(s, 2, 3)


def test_the_builder_walks_to_the_city_in_time_while_the_storm_may_still_come():
    """Two rows from the city, in season 7 of 10, the Storm not yet played nor in sight:
    the Tycoon's camp steps up toward W1 (a Storm in season 9 would flood the last season
    and shows only in season 7's almanac's last place at the earliest)."""
    s = walking(7, ("Fair Skies", "Showers", "Dry Spell"))
    assert s.phase == ACTIONS and 0 in GAME.to_act(s)
    step = Move(s.camp_of(0).id, tile("W2"))
    assert table_mate_moves(GAME.view(s, 0), 0) == [step] and greedy(s) == step


def test_the_builder_stays_to_gather_while_there_is_time_or_no_storm_to_come():
    """In season 4 there is time to set out later; once the Storm is played (in the
    discard), nothing can flood the last season: its camp gathers instead."""
    early = walking(4, ("Fair Skies", "Showers", "Dry Spell"))
    played = walking(7, ("Fair Skies", "Showers", "Dry Spell"))
    played.discard = [CARD["The Storm"]]
    for s in (early, played):
        assert len(table_mate_moves(GAME.view(s, 0), 0)) > 1
        assert not isinstance(greedy(s), Move) or greedy(s) == DONE


def test_the_keeper_holds_two_levees_gravel_while_the_storm_may_still_come():
    """W1 holds no gravel and the Storm shows only two seasons ahead: a Guide on the
    city's tile wants the gravel of two levees (so it neither sells it nor lets it go
    for another token), until the Storm is played."""
    s = storm_top_row("Guide", after="Fair Skies")
    s.storm = False
    s.almanac = [CARD["Fair Skies"], CARD["Showers"], CARD["Dry Spell"]]
    s.discard = []
    mine = [st for st in s.structures.values() if st.owner == 0]
    objectives = ROLES[ROLE["Guide"]].objectives
    assert targets(s, 0, mine, 5.0, objectives)[GRAVEL] == 4
    s.discard = [CARD["The Storm"]]
    assert targets(s, 0, mine, 5.0, objectives)[GRAVEL] == 0
