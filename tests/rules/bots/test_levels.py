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
from river_tui.play.table import Seat, Table

from support.bots_helpers import GAMES, TOY_GAME


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_offers_three_levels_beside_its_own_bots(game_id):
    game = get_game(game_id)
    bots = bot_catalogue(game)
    assert set(LEVELS) | set(game.bots()) == set(bots)
    assert bots["easy"].choose is game.bots().get("easy", game.bots()["greedy"]).choose


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


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_each_level_searches_with_its_own_hints_for_its_own_time(level, monkeypatch):
    """Normal and hard differ in the CPU seconds of the game's `Thinking` and,
    where the game says so, in their hints (Flow's hard level plays to the end)."""
    from river_tui.rules.bots import levels
    from river_tui.rules.bots.hints import hints_for

    game = get_game("flow")
    asked = []

    class Recording:
        def __init__(self, game, hints, seat, rng):
            self.hints = hints

        def choose(self, view, seconds):
            asked.append((self.hints, seconds))
            return game.legal_actions(view, 1)[0]

    monkeypatch.setattr(levels, "Search", Recording)
    state = game.new(2, {}, 5)
    while 1 not in game.to_act(state):
        state = game.apply(state, 0, game.legal_actions(state, 0)[0])
    bot = bot_catalogue(game)[level]
    assert bot.name == level
    bot.choose(game, game.view(state, 1), 1, random.Random(1))
    hints = hints_for(game)
    assert asked == [(hints.for_level(level), getattr(hints.thinking, level))]
    assert hints.thinking.hard > hints.thinking.normal


def test_the_search_levels_think_in_a_worker_only_when_asked(monkeypatch):
    from river_tui.rules.bots import thinking_process

    game = get_game("glassworks")
    here, there = bot_catalogue(game), bot_catalogue(game, separate_process=True)
    assert [there[level].name for level in LEVELS] == list(LEVELS)
    assert there["easy"].choose is here["easy"].choose  # the greedy bot is quick: it stays in the caller
    sent = []
    monkeypatch.setattr(thinking_process.Worker, "think", lambda self, *request: sent.append(request) or "answer")
    state = game.new(2, {}, 5)
    seat = min(game.to_act(state))
    assert there["hard"].choose(game, game.view(state, seat), seat, random.Random(1)) == "answer"
    assert [(g, level, s) for g, level, _, s, _ in sent] == [("glassworks", "hard", seat)]


def test_the_game_chooses_the_tree_or_rollouts_and_easy_is_named_so():
    from river_tui.rules.bots.hints import hints_for
    from river_tui.rules.bots.levels import searcher
    from river_tui.rules.bots.rollouts import Rollouts
    from river_tui.rules.bots.search import Search

    riverside, flow = get_game("riverside"), get_game("flow")
    assert type(searcher(riverside, hints_for(riverside), 0, random.Random(1))) is Rollouts
    assert type(searcher(flow, hints_for(flow), 0, random.Random(1))) is Search
    assert bot_catalogue(flow)["easy"].name == "easy"


def test_a_worker_never_starts_another_worker(monkeypatch):
    """Inside a thinking process a search level thinks itself: were it ever
    asked for a separate process there, workers would start without end."""
    from river_tui.rules.bots import thinking_process

    monkeypatch.setenv(thinking_process.IN_A_WORKER, "1")
    monkeypatch.setattr(thinking_process, "_idle", [])
    monkeypatch.setattr(thinking_process, "Worker", lambda: pytest.fail("a worker started another"))
    game = get_game("glassworks")
    state = game.new(2, {}, 5)
    seat = min(game.to_act(state))
    choice = bot_catalogue(game, separate_process=True)["normal"].choose(game, game.view(state, seat), seat, random.Random(1))
    assert choice in game.legal_actions(state, seat)
