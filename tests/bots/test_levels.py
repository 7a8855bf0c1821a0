"""Difficulty levels: what the catalogue offers, and where it is used (the setup
screen, the CLI, a table's computer seats)."""

from __future__ import annotations

import json
import random

import pytest

from river_tui import cli
from river_tui.rules.bots import LEVELS, bot_catalogue
from river_tui.rules.registry import get_game
from river_tui.screens.setup import kind_choices
from river_tui.table import Seat, Table

from bots.bots_helpers import GAMES, TOY_GAME


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_offers_three_levels_beside_its_own_bots(game_id):
    game = get_game(game_id)
    bots = bot_catalogue(game)
    assert set(LEVELS) | set(game.bots()) == set(bots)
    assert bots["easy"].choose is game.bots()["greedy"].choose


def test_a_game_the_search_does_not_know_keeps_its_own_bots():
    assert set(bot_catalogue(TOY_GAME)) == set(TOY_GAME.bots())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_setup_screen_offers_the_levels_first(game_id):
    assert [value for _, value in kind_choices(game_id)] == ["human", "easy", "normal", "hard", "random"]


def test_simulate_pits_a_level_against_another(capsys):
    assert cli.main(["simulate", "glassworks", "--bot", "normal,easy", "--games", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["bots"] == ["normal", "easy"] and out["games"] == 1 and not out["errors"]


def test_an_unknown_level_is_refused_in_one_sentence(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["simulate", "flow", "--bot", "expert"])
    assert exit_.value.code == 2
    assert "no computer player 'expert'" in capsys.readouterr().err


def test_a_table_lets_a_search_seat_think_in_its_worker_process():
    table = Table.create("flow", [Seat("Ann"), Seat("Computer", "normal")], {}, seed=5, autosave=False)
    seat = min(table.to_act())
    table.apply(seat, table.legal_actions(seat)[0])
    while 1 not in table.to_act():
        table.apply(0, table.legal_actions(0)[0])
    action = table.bot_choice(1, random.Random(1))
    assert action in table.legal_actions(1)
