"""The city under water, one test per rulebook sentence, played through the Game contract.

"If the tile the city is on floods, immediately add three pollution to the river. Place a
flood token on top of the city. Treat the city as if it is not there until the beginning
of the next season. If the city is flooded on the last season of the game, the development
objective fails." The token is placed "construction side face up", so every sentence holds
for a construction site as for a complete city.
"""

from __future__ import annotations

import pytest

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import DONE, Contribute
from river_tui.rules.we_all_take.components import ALL_ROLES, EMPTY, POLLUTION
from river_tui.rules.we_all_take.season_end import place_city
from river_tui.rules.we_all_take.state import CONTRIBUTE, EXCHANGE, OVER

from support.wat_helpers import at_turn, new_table, set_stock, slots_of, tile

ROLE = {r.name: r.id for r in ALL_ROLES}
CITY_TILE = "W3"  # elevation 4, row 2: no tree once the city token covers its slots


def before_the_flood(complete: bool, last_season: bool):
    """Three seats (a Mayor and a Tycoon need the city); the city on W3; the acting seat's
    camp on W2 (row 1) is about to end its turn, and the water the next turn (row 2, with
    a "+" on the line) will be 6, above W3's elevation 4."""
    s = new_table([("W1", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    s.roles = [ROLE["Mayor"], ROLE["Tycoon"], ROLE["Gardener"]]
    place_city(s, tile(CITY_TILE))
    s.city_complete = complete
    for slot in slots_of("E4", "gravel"):  # room downriver for the flood's pollution (the estuary stays alive)
        s.bank[s.slots[slot]] += 1
        s.slots[slot] = EMPTY
    if last_season:
        s.season = s.last_season
    s = at_turn(s, 1, 5)
    assert s.groups and s.groups[0][0] == 2  # the Yellow camp on W2 acts
    return s


def play_on(s, until):
    """Every seat to act passes (Done) until ``until(s)`` holds or the game is over."""
    for _ in range(200):
        if until(s) or s.phase == OVER:
            return s
        seat = min(GAME.to_act(s))
        s = GAME.apply(s, seat, DONE)
    raise AssertionError(f"still in phase {s.phase} after 200 passes")


@pytest.mark.parametrize("complete", [False, True], ids=["construction site", "complete city"])
def test_if_the_tile_the_city_is_on_floods_immediately_add_three_pollution_to_the_river(complete):
    s = before_the_flood(complete, last_season=False)
    pollution_in_box = s.bank[POLLUTION]
    after = GAME.apply(s, 2, DONE)  # the turn passes to row 2: W3 floods
    assert ("city flood", tile(CITY_TILE), complete) in after.events
    assert pollution_in_box - after.bank[POLLUTION] == 3  # nothing else made pollution
    assert any("three pollution" in line for line in GAME.events(s, after))


@pytest.mark.parametrize("complete", [False, True], ids=["construction site", "complete city"])
def test_place_a_flood_token_on_top_of_the_city(complete):
    after = GAME.apply(before_the_flood(complete, last_season=False), 2, DONE)
    assert tile(CITY_TILE) in after.flooded and after.city_flooded_in == after.season


def test_treat_the_city_as_if_it_is_not_there_a_flooded_construction_site_takes_no_contributions():
    s = before_the_flood(complete=False, last_season=False)
    for seat in range(3):
        set_stock(s, seat, fish=2, tree=2, gravel=2)
    s = play_on(GAME.apply(s, 2, DONE), lambda s: s.phase == EXCHANGE)
    season = s.season
    s = play_on(s, lambda s: s.phase == CONTRIBUTE or s.season != season)
    assert s.phase != CONTRIBUTE and s.site == [0, 0, 0]  # nobody was asked to contribute
    assert s.season == season + 1  # the next season began


def test_treat_the_city_as_if_it_is_not_there_until_the_beginning_of_the_next_season():
    s = before_the_flood(complete=False, last_season=False)
    for seat in range(3):
        set_stock(s, seat, fish=2, tree=2, gravel=2)
    s = play_on(GAME.apply(s, 2, DONE), lambda s: s.phase == EXCHANGE)
    season = s.season
    s = play_on(s, lambda s: s.season != season)
    assert tile(CITY_TILE) not in s.flooded  # the flood token is gone with the new season
    # At the end of that season, the site takes contributions again.
    s = play_on(s, lambda s: s.phase == CONTRIBUTE or s.season != season + 1)
    assert tile(CITY_TILE) not in s.flooded and s.phase == CONTRIBUTE
    seat = min(GAME.to_act(s))
    assert Contribute("fish") in GAME.legal_actions(s, seat)


def test_a_flooded_construction_site_refuses_a_contribution_with_the_reason():
    s = before_the_flood(complete=False, last_season=False)
    s = play_on(GAME.apply(s, 2, DONE), lambda s: s.phase == EXCHANGE)
    s.phase = CONTRIBUTE  # as if the season's end had reached the construction site
    s.ready = set()
    set_stock(s, 0, fish=1)
    with pytest.raises(Exception, match="site"):
        GAME.apply(s, 0, Contribute("fish"))


@pytest.mark.parametrize("complete", [False, True], ids=["construction site", "complete city"])
def test_if_the_city_is_flooded_on_the_last_season_of_the_game_the_development_objective_fails(complete):
    s = before_the_flood(complete, last_season=True)
    s = play_on(GAME.apply(s, 2, DONE), lambda s: False)
    assert s.phase == OVER
    result = GAME.result(s)
    assert result.scores[0] == 0 and result.scores[1] == 0  # no Development, so no Charity nor Capital to lean on
    assert "Development failed for Seat 1 (Red), the Mayor: the city flooded in the last season" in result.notes
    assert not result.winners & {0, 1}


def test_a_city_flooded_in_the_last_season_fails_development_whatever_happens_after():
    """Even a site somehow completed after the flood (here set by hand) does not count."""
    s = before_the_flood(complete=False, last_season=True)
    s = play_on(GAME.apply(s, 2, DONE), lambda s: False)
    s.city_complete, s.site = True, [0, 0, 0]
    notes = GAME.result(s).notes
    assert "Development failed for Seat 2 (Blue), the Tycoon: the city flooded in the last season" in notes


def test_a_city_flooded_in_an_earlier_season_still_counts_if_complete_at_the_end():
    s = before_the_flood(complete=False, last_season=False)
    s = play_on(GAME.apply(s, 2, DONE), lambda s: s.phase == EXCHANGE)
    s.season = s.last_season  # the flood was last season's
    s.city_flooded_in = s.season - 1
    s.city_complete = True
    s.flooded = set()
    s.phase = OVER
    assert "Development met for Seat 1 (Red), the Mayor: the city is built" in GAME.result(s).notes
