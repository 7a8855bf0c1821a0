"""The hint: the normal search's best choices for the seat to act, each with its
estimate in the game's terms and a line of why, from the seat's view alone."""

from __future__ import annotations

import random

import pytest

from river_tui.rules.bots.advice import TOP, advise, advise_elsewhere
from river_tui.rules.bots.hints import hints_for
from river_tui.rules.bots.levels import searcher
from river_tui.rules.registry import get_game

from support.bots_helpers import GAMES, position_at

SEATS = {"glassworks": 2, "flow": 2, "riverside": 3, "we-all-take": 3}
MOVES = {"glassworks": 3, "flow": 3, "riverside": 30, "we-all-take": 30}
ITERATIONS = 24  # few: the first choice must equal the bot's for any count
GAME_ITERATIONS = {"riverside": 2}  # each of Riverside's is every move played to the end


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hints_first_choice_is_the_normal_bots_move_for_the_same_view_and_seed(game_id):
    game = get_game(game_id)
    state, seat = position_at(game_id, SEATS[game_id], MOVES[game_id])
    view = game.view(state, seat)
    hints = hints_for(game).for_level("normal")
    iterations = GAME_ITERATIONS.get(game_id, ITERATIONS)
    bot_move = searcher(game, hints, seat, random.Random(11)).choose(view, hints.thinking.normal, iterations)
    advice = advise(game, view, seat, random.Random(11), iterations)
    assert advice[0].action == bot_move
    legal = list(game.legal_actions(view, seat))
    assert 1 <= len(advice) <= TOP and all(choice.action in legal for choice in advice)
    assert len({choice.action for choice in advice}) == len(advice)


def test_glassworks_hints_say_expected_vp_and_why_in_the_games_words():
    game = get_game("glassworks")
    state, seat = position_at("glassworks", 2, 3)
    advice = advise(game, game.view(state, seat), seat, random.Random(3), ITERATIONS)
    for choice in advice:
        assert choice.estimate.startswith("worth about ") and choice.estimate.endswith(" VP")
        assert choice.why.startswith(("to gather the ", "the satchel then holds", "fills the satchel"))


def test_a_hint_thought_in_the_worker_process_gives_the_same_choices_as_here():
    game = get_game("glassworks")
    state, seat = position_at("glassworks", 2, 3)
    view = game.view(state, seat)
    there = advise_elsewhere(game, view, seat, 99)
    assert there and all(choice.action in list(game.legal_actions(view, seat)) for choice in there)


def test_the_only_legal_move_is_hinted_as_such():
    game = get_game("glassworks")
    state, seat = position_at("glassworks", 2, 4)  # a gather from the one tile beside the placed piece
    view = game.view(state, seat)
    (only,) = game.legal_actions(view, seat)
    (choice,) = advise(game, view, seat, random.Random(3), ITERATIONS)
    assert choice.action == only and choice.estimate == "the only move"


def test_a_move_the_search_does_not_weigh_among_others_is_still_hinted():
    """We All Take's first step (a camp's colour): the search weighs a single move."""
    game = get_game("we-all-take")
    state = game.new(3, {}, 4)
    seat = min(game.to_act(state))
    view = game.view(state, seat)
    assert len(game.legal_actions(view, seat)) > 1
    (choice,) = advise(game, view, seat, random.Random(3), ITERATIONS)
    assert choice.action in game.legal_actions(view, seat) and choice.estimate == "the one move the computer weighs here"
