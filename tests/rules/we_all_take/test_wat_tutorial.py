"""Tutorial Mode: "For a simpler game experience, try playing without the water level.\""""

from __future__ import annotations

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.components import FISH
from river_tui.rules.we_all_take.nature import populate
from river_tui.rules.we_all_take.seasons import start_turn
from river_tui.rules.we_all_take.water import drain_canals

from support.wat_helpers import at_turn, clear_map, fill, held, new_table, put, slots_of, tile


def tutorial(camps=(("W2", "Red"),)):
    return new_table(list(camps), variant="tutorial")


def test_ignore_the_blue_weather_deck_completely():
    s = tutorial()
    assert s.almanac == [] and s.deck == [] and not s.storm
    assert GAME.default_variant(1) == "standard"


def test_the_turn_shows_the_seasons_that_have_passed_instead_of_the_water_level():
    s = tutorial()
    assert GAME.round_label(s).startswith("Season 1 of 10, 0 passed, turn ")
    assert not any("water" in line for line in GAME.events(s, s))


def test_land_tiles_cannot_erode_or_flood():
    s = tutorial()
    s = at_turn(s, 4, 99)
    clear_map(s)
    start_turn(s)
    assert not s.eroded and not s.flooded and s.water == 99


def test_always_populate_as_if_there_was_water_and_refill_gravel_slots():
    s = tutorial()
    s = at_turn(s, 2, -5)
    clear_map(s)
    fill(s, slots_of("R3")[0], "fish")
    populate(s)
    assert held(s, "W3") == ["tree", "gravel", "gravel"] and held(s, "E3") == ["tree", None]
    assert s.loose[4 * 2] == 1  # a fish spawned beside the one there


def test_canals_exclusively_make_farms_produce_more_fish():
    s = tutorial()
    put(s, 0, "farm", tile("W2"))
    put(s, 0, "canal", tile("W2"))
    put(s, 0, "canal", tile("W2"))
    s = at_turn(s, 1, 0)
    drain_canals(s)
    assert s.stock[0][FISH] == 3 and s.water == 0


def test_a_tutorial_game_plays_to_the_end():
    import random

    s = GAME.new(2, {"variant": "tutorial"}, 3)
    rng = random.Random(3)
    while GAME.to_act(s):
        seat = min(GAME.to_act(s))
        s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    assert GAME.result(s) is not None and s.season == 10
