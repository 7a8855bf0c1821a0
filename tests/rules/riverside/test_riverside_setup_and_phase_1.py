"""Setup, phase 1 "Roll dice and move ship", and the game end."""

from __future__ import annotations

import pytest

from river_tui.rules.riverside import GAME
from river_tui.rules.riverside.actions import ChooseDice
from river_tui.rules.riverside.components import EXTENSION_TILES, RIVER_TILES
from river_tui.rules.riverside.roll_and_move import begin_round, heating_area, temperature_of
from river_tui.rules.riverside.state import GAME_OVER, Sheet, evolve
from river_tui.rules.rng import Rng
from support.riverside_helpers import sheet, table


def test_give_each_player_a_score_sheet():
    state = GAME.new(4, {}, 1)
    assert state.sheets == (Sheet.blank(),) * 4


@pytest.mark.parametrize("seats", [0, 7])
def test_one_to_six_players_there_are_six_pencils(seats):
    with pytest.raises(ValueError, match="1 to 6"):
        GAME.new(seats, {}, 1)


def test_randomly_placing_the_10_river_tiles_in_two_rows_of_5():
    layouts = {(s.north, s.south) for s in (GAME.new(1, {}, seed) for seed in range(20))}
    for north, south in layouts:
        assert len(north) == len(south) == 5
        assert sorted(north + south) == sorted(t.id for t in RIVER_TILES)
    assert len(layouts) > 15


def test_the_2_extension_river_tiles_are_only_used_with_the_extension_variant():
    standard = GAME.new(1, {"variant": "standard"}, 3)
    extension = GAME.new(1, {"variant": "extension"}, 3)
    extra = {t.id for t in EXTENSION_TILES}
    assert not extra & set(standard.north + standard.south)
    assert len(extension.north) == len(extension.south) == 6
    assert extra <= set(extension.north + extension.south)


def test_unknown_variant_is_refused():
    with pytest.raises(ValueError, match="no variant"):
        GAME.new(2, {"variant": "river-monsters"}, 1)


def test_place_the_cruise_ship_on_the_designated_space_on_the_west_tile():
    state = GAME.new(1, {}, 11)
    # Round 1's phase 1 has already moved the ship from the west space (0).
    assert state.round == 1 and state.ship == state.temperature


def test_the_captain_rolls_the_green_die_and_all_base_dice():
    state = GAME.new(2, {}, 5)
    assert len(state.dice) == 6 and all(1 <= d <= 6 for d in state.dice)
    assert state.phase == 2 and GAME.to_act(state) == {0, 1}


def test_find_the_median_of_the_base_dice():
    assert temperature_of((6, 1, 3, 5, 2)) == 3
    assert temperature_of((1, 1, 1, 6, 6)) == 1


def test_dice_and_temperature_example_temperature_4_only_pink_higher():
    # white 2, yellow 4, brown 1, blue 4, pink 5: the temperature is 4 and only the
    # pink die is higher than 4 and goes to the heating area (with the green die).
    base = (2, 4, 1, 4, 5)
    assert temperature_of(base) == 4
    assert heating_area(base, 4) == (4,)


def test_if_the_3_highest_base_dice_are_equal_all_go_below_the_captain_tile():
    for base in ((5, 5, 5, 1, 2), (3, 6, 6, 6, 6), (4, 4, 4, 4, 4)):
        assert heating_area(base, temperature_of(base)) == ()


def test_the_green_die_is_always_in_the_heating_area():
    # No base die is above the temperature, yet the green die still costs fire.
    state = table(dice=(2, 4, 4, 4, 4, 4), sheets=(sheet(fire=24),))
    assert not any(state.in_heating_area(d) for d in range(5))
    choices = [a for a in GAME.legal_actions(state, 0) if isinstance(a, ChooseDice)]
    assert choices and not any(a.green for a in choices)


def test_move_ship_example_with_a_temperature_of_4_the_ship_moves_4_spaces():
    state = table(ship=7)
    rng = Rng(0)
    moved = begin_round(evolve(state, rng=rng), rng)
    assert moved.ship == 7 + moved.temperature
    assert moved.round == state.round + 1


def test_the_game_ends_immediately_after_phase_1_if_the_ship_reaches_the_anchor():
    state = table(seats=2)
    anchor = state.board.anchor
    rng = Rng(4)
    ended = begin_round(evolve(state, ship=anchor - 1, rng=rng), rng)
    assert ended.phase == GAME_OVER and ended.ship == anchor
    assert GAME.to_act(ended) == frozenset()
    assert GAME.result(ended) is not None


def test_or_passes_the_anchor_space():
    state = table()
    rng = Rng(4)
    before = evolve(state, ship=state.board.anchor - 1)
    after = begin_round(evolve(before, rng=rng), rng)
    assert after.temperature >= 1 and after.over


def test_the_game_goes_on_while_the_ship_is_short_of_the_anchor():
    state = table()
    anchor = state.board.anchor
    rng = Rng(4)
    after = begin_round(evolve(state, ship=anchor - 7, rng=rng), rng)
    assert not after.over and after.phase == 2 and GAME.result(after) is None


def test_a_whole_game_lasts_several_rounds_typically_8_to_11():
    rounds = []
    for seed in range(60):
        state = GAME.new(1, {}, seed)
        while not state.over:
            state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[-1])
        rounds.append(state.round)
    assert 8 <= sorted(rounds)[len(rounds) // 2] <= 11
