"""Ending the Season: gold, policies and votes, the city, the almanac, the Storm."""

from __future__ import annotations

import pytest

from river_tui.rules.core import IllegalAction
from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import (
    ACCEPT, DONE, BuyVotes, CityBuy, Contribute, Exchange, Offer, Propose, Vote,
)
from river_tui.rules.we_all_take.components import FISH, GOLD, POLLUTION, SEASONS, WEATHER
from river_tui.rules.we_all_take.narration import changes
from river_tui.rules.we_all_take.seasons import advance, end_season, finish_season
from river_tui.rules.we_all_take.state import CONTRIBUTE, EXCHANGE, PROPOSE, VOTE

from support.wat_helpers import (
    FAIR, STORM, at_turn, held, new_table, play, set_stock, tile,
)

THREE = [("W4", "Red"), ("E1", "Blue"), ("W2", "Yellow")]  # camps at 3, 8 and 6


def season_end(camps=THREE, **stocks):
    s = new_table(camps)
    s = at_turn(s, 4, 0)
    end_season(s)
    for seat, counts in stocks.items():
        set_stock(s, int(seat[-1]), **counts)
    return s


def all_done(s, phase):
    while s.phase == phase:
        if not GAME.to_act(s):  # a step built by hand that nobody is asked in
            s = s.clone()
            advance(s)
            continue
        s = GAME.apply(s, min(GAME.to_act(s)), DONE)
    return s


def test_exchange_any_two_resource_tokens_except_pollution_for_one_gold():
    s = season_end(seat0=dict(fish=1, tree=1, pollution=2))
    assert s.phase == EXCHANGE and GAME.to_act(s) == {0, 1, 2}
    legal = GAME.legal_actions(s, 0)
    assert Exchange("fish", "tree") in legal and Exchange("pollution", "pollution") not in legal
    with pytest.raises(IllegalAction, match="subsidy"):
        GAME.apply(s, 0, Exchange("pollution", "pollution"))
    s = GAME.apply(s, 0, Exchange("tree", "fish"))
    assert s.stock[0] == [0, 0, 0, 2, 1]
    assert GAME.to_act(s) == {1, 2}  # two pollution and no subsidy: nothing left to exchange
    s.subsidy = True
    s = GAME.apply(s, 0, Exchange("pollution", "pollution"))  # "two pollution tokens can be sold for one gold"
    assert s.stock[0] == [0, 0, 0, 0, 2]


def test_the_season_end_waits_until_every_player_is_ready():
    s = season_end()
    s = GAME.apply(s, 1, DONE)
    assert GAME.to_act(s) == {0, 2} and s.phase == EXCHANGE


def test_a_seat_with_nothing_to_exchange_is_not_asked_and_the_log_says_so_once():
    """"Players may exchange any combination of two resource tokens, except pollution, for
    one gold token": with fewer than two such tokens (and no city market or sale) there is
    nothing to be ready with, so the step does not wait for that seat's "done"."""
    s = new_table(THREE)
    s = at_turn(s, 4, 0)
    set_stock(s, 0, fish=1, pollution=3)  # one fish; pollution only sells under the subsidy
    set_stock(s, 1, gold=4)  # gold only, and no city to buy from
    end_season(s)
    assert s.phase == EXCHANGE and GAME.to_act(s) == {2}
    # Not asked: nothing but trade offers ("at any time") is open to them.
    assert all(isinstance(a, Offer) for a in GAME.legal_actions(s, 0) + GAME.legal_actions(s, 1))
    lines = [line for line in GAME.events(s, s) if "nothing to exchange" in line]
    assert lines == ["Seat 1 and Seat 2 have nothing to exchange for gold this season: not asked"]
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(s, 0, DONE)
    # A gift can give a seat something to exchange after all: then it is asked.
    s = GAME.apply(s, 2, Offer(0, (0, 1, 0, 0, 0), (0, 0, 0, 0, 0)))
    assert GAME.to_act(s) == {0, 2}  # Red answers the gift (a gift is put to its receiver like any offer)
    s = GAME.apply(s, 0, ACCEPT)
    assert GAME.to_act(s) == {0, 2}
    s = GAME.apply(s, 0, Exchange("fish", "tree"))
    assert GAME.to_act(s) == {2}  # and once it has exchanged all it could, no "done" is asked
    s = GAME.apply(s, 2, DONE)
    assert s.phase == PROPOSE


def test_the_subsidy_or_the_citys_market_give_a_seat_something_to_exchange():
    s = season_end(seat0=dict(pollution=2), seat1=dict(gold=1), seat2=dict(fish=1))
    assert GAME.to_act(s) == set()
    s.subsidy = True
    assert GAME.to_act(s) == {0}
    s.city, s.city_complete = tile("E3"), True
    assert GAME.to_act(s) == {0, 1}


def test_a_seat_that_exchanged_all_it_could_is_not_asked_for_done():
    s = season_end(seat0=dict(fish=1, tree=1), seat1=dict(), seat2=dict())
    assert GAME.to_act(s) == {0}
    s = GAME.apply(s, 0, Exchange("fish", "tree"))
    assert s.phase == PROPOSE and s.stock[0][GOLD] == 1


def test_when_nobody_can_exchange_the_season_goes_straight_to_the_policies():
    s = new_table(THREE)
    s = at_turn(s, 4, 0)
    for seat in range(3):
        set_stock(s, seat, gravel=1)
    end_season(s)
    advance(s)
    assert s.phase != EXCHANGE
    assert "Seat 1, Seat 2 and Seat 3 have nothing to exchange for gold this season: not asked" in GAME.events(s, s)


def test_a_complete_city_sells_any_resource_for_one_gold():
    s = season_end(seat0=dict(gold=2))
    assert not any(isinstance(a, CityBuy) for a in GAME.legal_actions(s, 0))
    s.city, s.city_complete = tile("E3"), True
    s = GAME.apply(s, 0, CityBuy("gravel"))
    assert s.stock[0][2] == 1 and s.stock[0][GOLD] == 1


def test_proposing_costs_one_gold_and_players_vote_by_descending_camp_elevation():
    s = season_end(seat0=dict(gold=1))
    s = all_done(s, EXCHANGE)
    assert s.phase == PROPOSE and GAME.to_act(s) == {0}  # Blue and Yellow have no gold to propose
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Propose("city", tile("R2")))  # the city goes on a land tile
    s = GAME.apply(s, 0, Propose("subsidy"))
    assert s.stock[0][GOLD] == 0 and s.phase == VOTE
    assert s.voters == [1, 2, 0] and GAME.to_act(s) == {1}
    s = play(s, (1, Vote(True)), (2, Vote(False)), (0, Vote(True)))
    assert s.subsidy  # 2 of 3: more than half


def test_a_tie_vote_fails():
    s = season_end(camps=[("W4", "Red"), ("E1", "Blue")], seat0=dict(gold=1))
    s = all_done(s, EXCHANGE)
    s = play(s, (0, Propose("subsidy")), (1, Vote(False)), (0, Vote(True)))
    assert not s.subsidy


def test_gold_buys_extra_votes_at_any_time_until_everyone_settles():
    s = season_end(seat0=dict(gold=4), seat1=dict(gold=1))
    s = all_done(s, EXCHANGE)
    s = play(s, (1, DONE), (0, Propose("subsidy", None)))  # Blue passes; Red pays a gold to propose
    s = play(s, (1, Vote(False)), (2, Vote(False)), (0, Vote(True)))
    assert s.phase == VOTE and GAME.to_act(s) == {1}  # bidding, in the same order; Yellow has no gold
    s = play(s, (1, DONE), (0, BuyVotes(2)))
    assert GAME.to_act(s) == {1}  # Blue may answer the purchase
    s = play(s, (1, BuyVotes(1)))
    assert GAME.to_act(s) == {0}  # Blue is out of gold
    s = GAME.apply(s, 0, DONE)  # Red settles with a gold left; nobody else can afford more
    # 3 for (Red + 2 bought) against 3 (Blue + 1 bought, Yellow): a tie fails
    assert not s.subsidy and s.phase in (PROPOSE, CONTRIBUTE, "actions")
    line = [e for e in s.events if e[0] == "vote"][0]
    assert line[4:7] == (3, 6, False)


def test_bought_votes_can_carry_a_vote():
    s = season_end(seat0=dict(gold=3))
    s = all_done(s, EXCHANGE)
    s = play(s, (0, Propose("subsidy")), (1, Vote(False)), (2, Vote(False)), (0, Vote(True)))
    s = play(s, (0, BuyVotes(2)))
    assert s.subsidy  # 3 of 5 votes


def test_a_unanimous_vote_needs_no_bidding():
    s = season_end(seat0=dict(gold=3), seat1=dict(gold=3))
    s = all_done(s, EXCHANGE)
    s = play(s, (1, DONE), (0, Propose("subsidy")))
    s = play(s, (1, Vote(True)), (2, Vote(True)), (0, Vote(True)))
    assert s.subsidy and s.phase != VOTE  # Blue and Red could buy votes, but it could not matter


def test_policies_can_be_revoked_the_same_way_and_the_city_is_permanent():
    s = season_end(seat0=dict(gold=3))
    s.subsidy = True
    s.protected = {tile("W3")}
    s = all_done(s, EXCHANGE)
    proposals = {(a.policy, a.tile) for a in GAME.legal_actions(s, 0) if isinstance(a, Propose)}
    assert ("end subsidy", None) in proposals and ("subsidy", None) not in proposals
    assert ("unprotect", tile("W3")) in proposals and ("protect", tile("W3")) not in proposals
    assert ("protect", tile("R3")) in proposals  # "Any one tile on the board, land or river"
    s.city = tile("E2")
    proposals = {(a.policy, a.tile) for a in GAME.legal_actions(s, 0) if isinstance(a, Propose)}
    assert not any(policy == "city" for policy, _ in proposals)


def test_city_development_clears_the_tile_and_resources_complete_it_at_five_fish_wood_and_gravel():
    s = season_end(camps=[("W4", "Red")], seat0=dict(gold=1, fish=5, tree=5, gravel=5))
    s = all_done(s, EXCHANGE)
    s = play(s, (0, Propose("city", tile("W3"))), (0, Vote(True)))
    assert s.city == tile("W3") and held(s, "W3") == [None, None, None]
    assert s.phase == CONTRIBUTE
    for kind in ("fish", "tree", "gravel") * 5:
        s = GAME.apply(s, 0, Contribute(kind))
    assert s.city_complete and s.site == [0, 0, 0] and s.stock[0][:3] == [0, 0, 0]
    assert s.phase not in (CONTRIBUTE,)


def test_contributions_cannot_go_beyond_five_of_a_kind():
    s = season_end(camps=[("W4", "Red")], seat0=dict(fish=7))
    s.city = tile("W3")
    s = all_done(s, EXCHANGE)
    assert s.phase == CONTRIBUTE
    for _ in range(5):
        s = GAME.apply(s, 0, Contribute("fish"))
    assert s.site == [5, 0, 0] and s.phase != CONTRIBUTE  # nothing more it can add


def test_land_protection_marks_the_chosen_tile():
    s = season_end(camps=[("W4", "Red")], seat0=dict(gold=1))
    s = all_done(s, EXCHANGE)
    s = play(s, (0, Propose("protect", tile("R2"))), (0, Vote(True)))
    assert s.protected == {tile("R2")}


def test_next_season_discards_the_weather_shifts_the_almanac_and_draws_a_card():
    s = new_table([("W1", "Red")])
    almanac, deck = list(s.almanac), list(s.deck)
    s = at_turn(s, 4, 0)
    finish_season(s)
    assert s.almanac == almanac[1:] + deck[:1] and s.discard == almanac[:1] and s.season == 2


def test_the_season_starts_with_a_d6_plus_the_current_weather():
    s = new_table([("W1", "Red")])
    card = WEATHER[s.almanac[0]]
    roll = [e for e in s.events if e[0] == "season"][0][3]
    assert 1 <= roll <= 6
    water_at_start = [e for e in s.events if e[0] == "turn"][0][4]
    assert water_at_start == roll + card.modifier


def test_the_storm_reverses_the_season_and_its_final_water_level_adds_to_the_next_roll():
    s = new_table([("W1", "Red")])
    s = at_turn(s, 0, 0)
    s.almanac = [FAIR, STORM, FAIR]
    finish_season(s)  # season 2 is the Storm
    assert s.storm and s.order == (4, 3, 2, 1, 0)
    s.turn, s.water = 4, 5
    end_season(s)
    assert s.storm_carry == 5
    finish_season(s)
    season = [e for e in s.events if e[0] == "season"][-1]
    assert season[4] == 5 and not s.storm
    assert [e for e in s.events if e[0] == "turn"][-1][4] == season[3] + 5


def test_a_storm_in_the_last_season_adds_an_extra_season():
    s = new_table([("W1", "Red")])
    s = at_turn(s, 4, 0)
    s.season = SEASONS - 1
    s.almanac = [FAIR, STORM, FAIR]
    finish_season(s)
    assert s.season == SEASONS and s.last_season == SEASONS + 1
    end_season(s)
    s = all_done(s, EXCHANGE)
    assert s.season == SEASONS + 1 and s.phase != "over"


def test_the_game_ends_after_the_last_season_with_the_roles_revealed():
    s = new_table([("W1", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    s = at_turn(s, 4, 0)
    s.season = s.last_season
    end_season(s)
    s = all_done(s, EXCHANGE)
    assert s.phase == CONTRIBUTE and GAME.to_act(s) == {0, 1, 2}  # the last trading window
    s = all_done(s, CONTRIBUTE)
    assert GAME.to_act(s) == frozenset() and GAME.result(s) is not None
    assert GAME.view(s, 0).roles == s.roles
    assert set(held(s, "ES")) <= {None, "fish", "pollution"}
    assert s.stock[0][POLLUTION] >= 0 and s.stock[0][FISH] >= 0


def test_a_contribution_reads_as_added_to_the_city_not_as_paid():
    s = season_end(camps=[("W4", "Red")], seat0=dict(fish=2))
    s.city = tile("W3")
    s = all_done(s, EXCHANGE)
    after = GAME.apply(s, 0, Contribute("fish"))
    lines = [line for _, line in changes(s, after, 0).lines]
    assert lines[0].endswith("added 1 fish to the city's construction site"), lines
    assert not any("paid" in line for line in lines)
