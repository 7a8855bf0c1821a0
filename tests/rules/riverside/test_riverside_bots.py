"""The greedy computer seat: always legal, sensible, and far better than random."""

from __future__ import annotations

import random

from river_tui.rules.riverside import GAME
from river_tui.rules.riverside.actions import ChooseDice, EndExcursions, UsePower
from river_tui.rules.riverside.bots import GREEDY_BOT
from river_tui.rules.riverside.components import FAN_BASE, WARM_NIGHT
from river_tui.rules.riverside.state import Sheet

from support.riverside_helpers import RANGE_EXAMPLE, RANGE_EXAMPLE_SHIP, play, sheet, table

BOTS = GAME.bots()


def play_out(kinds, seed, variant=None):
    state = GAME.new(len(kinds), {"variant": variant}, seed)
    rng = random.Random(seed)
    while not state.over:
        for seat in sorted(GAME.to_act(state)):
            view = GAME.view(state, seat)
            action = BOTS[kinds[seat]].choose(GAME, view, seat, rng)
            assert action in GAME.legal_actions(view, seat)
            state = GAME.apply(state, seat, action)
    return GAME.result(state)


def test_greedy_beats_random_in_at_least_90_percent_of_200_two_seat_games():
    wins = 0
    for game in range(200):
        greedy = game % 2
        kinds = ["random", "random"]
        kinds[greedy] = "greedy"
        result = play_out(kinds, game)
        wins += result.winners == {greedy}
    assert wins >= 180


def test_greedy_plays_solo_games_of_both_variants_to_a_decent_score():
    scores = [play_out(["greedy"], 500 + game).scores[0] for game in range(12)]
    assert sum(scores) / len(scores) >= 250
    assert play_out(["greedy"], 7, "extension").scores[0] >= 200


def test_greedy_at_a_full_table_of_six():
    result = play_out(["greedy"] * 6, 11)
    assert min(result.scores) > 150


def test_greedy_chooses_more_seats_when_fire_is_plentiful():
    state = table(dice=(5, 1, 2, 3, 4, 6))
    action = GREEDY_BOT.choose(GAME, GAME.view(state, 0), 0, random.Random(0))
    assert isinstance(action, ChooseDice) and action.green


def test_greedy_uses_fan_base_and_warm_night_when_they_pay():
    ready = sheet(activated={FAN_BASE: 1, WARM_NIGHT: 1})
    state = table(dice=(6, 1, 2, 3, 4, 5), sheets=(ready,), round_=3)
    first = GREEDY_BOT.choose(GAME, GAME.view(state, 0), 0, random.Random(0))
    assert first == UsePower(FAN_BASE)
    state = play(state, 0, first)
    second = GREEDY_BOT.choose(GAME, GAME.view(state, 0), 0, random.Random(0))
    assert second == UsePower(WARM_NIGHT)  # the green 6 would cost 6 fire


def test_greedy_never_writes_a_zero_score():
    state = table(phase=3, layout=RANGE_EXAMPLE, ship=RANGE_EXAMPLE_SHIP, sheets=(Sheet.blank(),))
    action = GREEDY_BOT.choose(GAME, GAME.view(state, 0), 0, random.Random(0))
    assert action == EndExcursions()  # every village in range would score 0
