"""The hint key: the computer's best three choices for your move, with its estimate
and why; Enter plays the highlighted one, Esc closes; a game played with hints
says so on its scores and is recorded apart."""

from __future__ import annotations

import random

from textual.widgets import OptionList

from river_tui.app.river_app import RiverApp
from river_tui.play.table import Seat, Table
from river_tui.records.players import load
from river_tui.screens.game_base import GameScreen
from river_tui.screens.hint_panel import THINKING, HintPanel
from river_tui.screens.scores import ScoresScreen

from support.waiting import wait_until, workers_done


def glassworks_table() -> Table:
    return Table.create("glassworks", [Seat("Ann"), Seat("Computer 2", "easy")], {}, seed=3)


async def open_hint(app: RiverApp, pilot) -> None:
    """Once the game is on screen, the hint key, until its panel is up."""
    await wait_until(lambda: isinstance(app.screen, GameScreen), "the game", pause=pilot.pause)
    await pilot.press("exclamation_mark")
    await wait_until(lambda: isinstance(app.screen, HintPanel), "the hint panel", pause=pilot.pause)


async def test_the_hint_shows_its_best_choices_and_enter_plays_the_first():
    table = glassworks_table()
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_hint(app, pilot)
        panel = app.screen
        status = panel.query_one("#hint-status")
        assert str(status.render()) == THINKING or panel.advice  # it says it thinks until the answer comes
        await wait_until(lambda: panel.advice, "the computer's advice", pause=lambda: pilot.pause(0.05))
        options = panel.query_one(OptionList)
        # At most three: the moves the search tried in its time (Glassworks thinks 0.01 s).
        assert options.option_count == len(panel.advice) and 1 <= len(panel.advice) <= 3
        first = str(options.get_option_at_index(0).prompt)
        # Said as what to do now, not as the log's "Ann placed ...".
        assert first.split()[1] in ("Place", "Gather", "Draw", "Start", "Send", "Pass") and " VP: " in first, first
        assert "Ann" not in first
        # A long choice wraps under its own words, not under its number.
        prompts = [str(options.get_option_at_index(n).prompt) for n in range(options.option_count)]
        assert any(len(p.splitlines()) > 2 for p in prompts), prompts
        assert all(line.startswith("   ") for p in prompts for line in p.splitlines()[1:]), prompts
        await pilot.press("enter")
        await wait_until(lambda: table.log, "the move played", pause=pilot.pause)
        assert table.log[0] == (0, panel.advice[0].action)
        assert table.hints.seats == {0}


async def test_esc_closes_the_hint_and_plays_nothing():
    table = glassworks_table()
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_hint(app, pilot)
        await pilot.press("escape")
        await wait_until(lambda: isinstance(app.screen, GameScreen), "the game again", pause=pilot.pause)
        assert table.log == []


async def test_a_game_played_with_a_hint_says_so_on_its_scores_and_is_recorded_apart():
    table = glassworks_table()
    table.hints.note(0)
    app = RiverApp(table, bot_delay=0)
    greedy = table.game.bots()["greedy"]
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(lambda: isinstance(app.screen, GameScreen), "the game", pause=pilot.pause)
        screen = app.screen
        while not table.finished:
            await wait_until(lambda: table.finished or 0 in table.to_act(), "Ann's turn", pause=pilot.pause)
            if not table.finished:
                screen.play(greedy.choose(table.game, table.view(0), 0, random.Random(len(table.log))))
        await wait_until(lambda: isinstance(app.screen, ScoresScreen), "the scores", pause=pilot.pause)
        assert "Played with hints: Ann" in str(app.screen.query_one("#notes").render())
    records = load()
    assert set(records.games["glassworks"]) == {"Ann (with hints)"}


def test_who_asked_for_hints_is_kept_in_the_save():
    table = glassworks_table()
    table.hints.note(1)
    table.apply(0, table.legal_actions(0)[0])
    again = Table.load(table.path, read_only=True)
    assert again.hints.seats == {1}


async def test_the_screen_answers_while_the_hint_thinks_and_esc_closes_it(monkeypatch):
    """The hint thinks in a thread (waiting on the worker process): held at a gate
    here, the panel says it thinks, Esc closes it at once, and its late answer plays nothing."""
    import threading

    from river_tui.screens import hint_panel

    gate = threading.Event()
    real = hint_panel.advise_elsewhere

    def held(*args):
        gate.wait(30)
        return real(*args)

    monkeypatch.setattr(hint_panel, "advise_elsewhere", held)
    table = glassworks_table()
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_hint(app, pilot)
        assert str(app.screen.query_one("#hint-status").render()) == THINKING
        await pilot.press("escape")
        await wait_until(lambda: isinstance(app.screen, GameScreen), "the game again", pause=pilot.pause)
        gate.set()
        await workers_done(app, pilot)
        assert table.log == [] and isinstance(app.screen, GameScreen)


async def test_the_hint_names_each_choice_in_full_where_the_log_keeps_it_from_the_others():
    # At a table of two, Riverside's log says only "Ann chose their dice" until the
    # phase resolves; the hint is Ann's own, so it names her dice.
    table = Table.create("riverside", [Seat("Ann"), Seat("Computer 2", "easy")], {}, seed=5)
    app = RiverApp(table, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_hint(app, pilot)
        panel = app.screen
        await wait_until(lambda: panel.advice, "the computer's advice", pause=lambda: pilot.pause(0.05))
        prompts = [str(panel.query_one(OptionList).get_option_at_index(n).prompt) for n in range(len(panel.advice))]
        assert all(" die (" in prompt and "guide boat" in prompt for prompt in prompts), prompts
        assert len(set(prompts)) == len(prompts)
