"""Objectives, judged at the end of the game exactly as written."""

from __future__ import annotations

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.components import ROLES, STEWARD
from river_tui.rules.we_all_take.scoring import judge
from river_tui.rules.we_all_take.state import OVER

from support.wat_helpers import clear_map, fill, new_table, set_stock, slots_of, tile

ROLE = {r.name: r.id for r in ROLES}


def ended(roles, **stocks):
    camps = [("W1", "Red"), ("E1", "Blue"), ("W2", "Yellow"), ("E2", "Purple"), ("W3", "Orange")]
    s = new_table(camps[: len(roles)])
    clear_map(s)
    s.roles = [ROLE.get(name, STEWARD.id) for name in roles]
    for seat in range(len(roles)):
        set_stock(s, seat, **stocks.get(f"seat{seat}", {}))
    s.phase = OVER
    return s


def verdicts(s):
    return [[j.met for j in seat] for seat in judge(s)]


def test_conservation_means_no_pollution_on_the_map_stockpiles_do_not_count():
    s = ended(["Gardener", "Grocer", "Mayor"], seat0=dict(pollution=3))
    assert verdicts(s)[0][0] is True
    fill(s, slots_of("W3")[0], "pollution")
    assert verdicts(s)[0][0] is False
    clear_map(s)
    s.loose[4 * 2 + 3] += 1
    s.bank[3] -= 1
    assert verdicts(s)[0][0] is False


def test_agriculture_means_stockpiling_fifteen_fish():
    s = ended(["Gardener", "Grocer", "Mayor"], seat0=dict(fish=14), seat1=dict(fish=15))
    assert verdicts(s)[0][1] is False and verdicts(s)[1][0] is True


def test_development_means_the_city_is_built_and_not_flooded_in_the_last_season():
    s = ended(["Mayor", "Grocer", "Tycoon"])
    assert verdicts(s)[0][0] is False
    s.city = tile("E3")
    assert verdicts(s)[0][0] is False  # under construction
    s.city_complete = True
    assert verdicts(s)[0][0] is True
    s.city_flooded_in = s.last_season
    assert verdicts(s)[0][0] is False and "flooded" in judge(s)[0][0].reason


def test_capital_means_strictly_more_gold_than_every_other_player():
    s = ended(["Grocer", "Tycoon", "Mayor"], seat0=dict(gold=3, fish=15), seat1=dict(gold=3))
    assert verdicts(s)[0] == [True, False] and verdicts(s)[1][1] is False
    set_stock(s, 0, gold=4, fish=15)
    assert verdicts(s)[0] == [True, True]


def test_charity_means_each_other_player_completed_at_least_one_objective():
    s = ended(["Cook", "Grocer", "Gardener"], seat1=dict(gold=1))
    # Grocer has Capital (most gold); Gardener has Conservation (clean map): Charity holds.
    assert verdicts(s)[0] == [False, True]
    fill(s, slots_of("W3")[0], "pollution")
    assert verdicts(s)[0] == [False, False]


def test_two_charities_do_not_prop_each_other_up():
    s = ended(["Volunteer", "Philanthropist", "Grocer"], seat2=dict(gold=2, fish=15))
    fill(s, slots_of("W3")[0], "pollution")
    # Volunteer and Philanthropist complete nothing but each other's Charity: neither counts.
    assert verdicts(s) == [[False, False], [False, False], [True, True]]
    clear_map(s)  # now the Volunteer's Conservation holds, so the Philanthropist's Charity holds too
    assert verdicts(s)[1] == [False, True] and verdicts(s)[0] == [True, True]


def test_players_must_have_every_objective_to_win_and_the_result_explains_each():
    s = ended(["Steward"], seat0=dict(fish=15))
    s.city, s.city_complete = tile("E3"), True
    result = GAME.result(s)
    assert result.winners == {0} and result.scores == (3,)
    assert result.notes[0].startswith("Seat 1 (Red) was the Steward: Conservation - Ensure no pollution is on the map.")
    assert any("Agriculture met for Seat 1 (Red), the Steward" in n for n in result.notes)
    set_stock(s, 0, fish=14)
    result = GAME.result(s)
    assert result.winners == frozenset() and result.scores == (2,)
    assert "Agriculture failed for Seat 1 (Red), the Steward: fewer than fifteen fish stockpiled" in result.notes
    assert [line.points for line in result.breakdown[0]] == [1, 0, 1]


def test_everyone_loses_when_the_ecosystem_is_destroyed_whatever_they_completed():
    s = ended(["Steward"], seat0=dict(fish=15))
    s.city, s.city_complete, s.destroyed = tile("E3"), True, True
    result = GAME.result(s)
    assert result.winners == frozenset() and "everyone loses" in result.summary


def test_views_never_show_another_seats_role_until_the_end():
    s = new_table([("W1", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    for seat in range(3):
        view = GAME.view(s, seat)
        assert view.roles[seat] == s.roles[seat]
        assert all(view.roles[o] is None for o in range(3) if o != seat)
    assert GAME.view(s, None).roles == [None, None, None]
    assert GAME.view(s, 0).rng is None and GAME.view(s, 0).deck == sorted(s.deck)


def test_the_end_reveals_information_so_undo_cannot_hide_the_roles_again():
    s = new_table([("W1", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    over = s.clone()
    over.phase = OVER
    assert GAME.reveals_information(s, over)
    assert not GAME.reveals_information(s, s.clone())


def test_one_objective_is_judged_mid_game_on_a_seats_view_as_the_end_judges_it():
    """The role card's live "met / not yet" asks `judge_objective` of the seat's own view."""
    import pytest

    from river_tui.rules.we_all_take.components import AGRICULTURE, CAPITAL, CHARITY
    from river_tui.rules.we_all_take.scoring import judge_objective

    s = new_table([("W1", "Red"), ("E1", "Blue"), ("W2", "Yellow")])
    s.roles = [ROLE["Grocer"], ROLE["Tycoon"], ROLE["Mayor"]]
    set_stock(s, 0, fish=15, gold=2)
    set_stock(s, 1, gold=2)
    view = GAME.view(s, 0)
    assert view.roles[1] is None  # the others' roles stay hidden mid-game
    fish = judge_objective(view, 0, AGRICULTURE)
    assert fish.met and fish.figures == "15 fish stockpiled, 15 needed"
    gold = judge_objective(view, 0, CAPITAL)
    assert not gold.met and gold.figures == "2 gold, the richest other player 2"
    s.phase = OVER
    assert [j.met for j in judge(s)[0]] == [fish.met, gold.met]
    with pytest.raises(ValueError):
        judge_objective(view, 0, CHARITY)
