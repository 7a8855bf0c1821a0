"""Set Up, as the rulebook lists it."""

from __future__ import annotations

import pytest

from river_tui.rules.core import IllegalAction
from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import PlaceCamp
from river_tui.rules.we_all_take.components import (
    ALL_ROLES, ALMANAC, COLOURS, OBJECTIVES, ROLES, SLOTS, STEWARD, WEATHER,
)
from river_tui.rules.we_all_take.state import ACTIONS, CAMPS

from support.wat_helpers import new_table, tile


def test_place_fish_tree_and_gravel_tokens_on_the_corresponding_slots():
    s = GAME.new(3, {}, 4)
    assert s.slots == [slot.kind for slot in SLOTS]


def test_lay_out_the_first_three_weather_cards_face_up_and_the_rest_face_down():
    s = GAME.new(3, {}, 4)
    assert len(s.almanac) == ALMANAC and len(s.deck) == len(WEATHER) - ALMANAC
    assert sorted(s.almanac + s.deck) == [w.id for w in WEATHER]
    assert len(WEATHER) == 12 and sum(w.storm for w in WEATHER) == 1


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_for_3_to_5_players_deal_one_role_card_to_each_player(seats):
    s = GAME.new(seats, {}, seats)
    assert len(set(s.roles)) == seats
    assert all(ALL_ROLES[r] in ROLES for r in s.roles)


@pytest.mark.parametrize("seats", [1, 2])
def test_for_solo_and_two_player_games_each_player_has_the_role_of_steward(seats):
    s = GAME.new(seats, {}, 1)
    assert [ALL_ROLES[r] for r in s.roles] == [STEWARD] * seats
    assert [OBJECTIVES[o] for o in STEWARD.objectives] == ["Conservation", "Agriculture", "Development"]


def test_there_are_ten_role_cards_one_for_each_pair_of_objectives():
    pairs = {frozenset(r.objectives) for r in ROLES}
    assert len(ROLES) == 10 and len(pairs) == 10 and all(len(p) == 2 for p in pairs)
    grocer, gardener = (next(r for r in ROLES if r.name == n) for n in ("Grocer", "Gardener"))
    assert set(grocer.objectives) & set(gardener.objectives) == {OBJECTIVES.index("Agriculture")}


def test_distribute_one_fish_one_tree_and_one_gravel_to_each_player():
    s = GAME.new(4, {}, 1)
    assert s.stock == [[1, 1, 1, 0, 0]] * 4


def test_camps_are_placed_in_turn_each_choosing_a_colour():
    s = GAME.new(3, {}, 1)
    assert s.phase == CAMPS and GAME.to_act(s) == {0}
    s = GAME.apply(s, 0, PlaceCamp(tile("W2"), "Purple"))
    assert GAME.to_act(s) == {1}
    with pytest.raises(IllegalAction, match="colour nobody has taken"):
        GAME.apply(s, 1, PlaceCamp(tile("E2"), "Purple"))
    with pytest.raises(IllegalAction, match="one camp"):
        GAME.apply(s, 1, PlaceCamp(tile("W2"), "Red"))
    with pytest.raises(IllegalAction, match="land tiles beside the river"):
        GAME.apply(s, 1, PlaceCamp(tile("R2"), "Red"))
    with pytest.raises(IllegalAction, match="land tiles beside the river"):
        GAME.apply(s, 1, PlaceCamp(tile("w1"), "Red"))
    legal = GAME.legal_actions(s, 1)
    assert PlaceCamp(tile("W2"), "Red") not in legal and PlaceCamp(tile("E2"), "Red") in legal
    assert len(legal) == 9 * (len(COLOURS) - 1)


def test_the_game_begins_once_every_camp_is_placed():
    s = new_table([("W1", "Red"), ("E3", "Blue")])
    assert s.phase == ACTIONS and s.season == 1
    assert s.colours == ["Red", "Blue"]


@pytest.mark.parametrize("variant", ["standard", "tutorial"])
def test_the_last_camp_placement_can_be_previewed_on_the_placing_seats_view(variant):
    """A view holds no dice; the season's first roll comes after the placement, so the
    preview shows the placement alone (a camp costs nothing) and the table is untouched."""
    from river_tui.rules.we_all_take.preview import preview

    s = GAME.new(2, {"variant": variant}, 3)
    s = GAME.apply(s, 0, PlaceCamp(tile("W1"), "Red"))
    view = GAME.view(s, 1)
    assert view.rng is None
    seen = preview(view, 1, PlaceCamp(tile("E1"), "Blue"))
    assert seen.problem is None and not any(seen.cost) and not any(seen.gain) and seen.pollution == 0
    assert "east 1" in seen.line
    assert preview(view, 1, PlaceCamp(tile("W1"), "Blue")).problem == "Only one camp may be on any given tile."
    assert view.phase == CAMPS and view.season == 0
    # Applied on the table, the same placement still begins the game at once.
    after = GAME.apply(s, 1, PlaceCamp(tile("E1"), "Blue"))
    assert after.phase == ACTIONS and after.season == 1
