"""The analysis asked for in a replay (A) and on the scores screen: progress, Esc
stops it keeping what is done, the move list marks the moves, B shows a marked
move's better choice on the board."""

from __future__ import annotations

import threading

from textual.widgets import ProgressBar, Static

from river_tui.app.river_app import RiverApp
from river_tui.play import analysis
from river_tui.play.analysis import decision as analysis_decision
from river_tui.play.analysis import run as analysis_run
from river_tui.play.replay import revealed
from river_tui.screens.analysis import AnalysisScreen
from river_tui.screens.replay import MoveList, open_replay
from river_tui.screens.scores import ScoresScreen
from river_tui.play.table import Seat

from support.replay_games import bot_table
from support.waiting import DEADLINE, wait_until


def two_seat_game():
    """A finished 2-seat Glassworks game, saved (fewer decisions than three seats)."""
    return bot_table("glassworks", seed=3, seats=[Seat("Ann"), Seat("Computer 1", "greedy")])


def quick(monkeypatch) -> None:
    """Glassworks analysed at a hundredth of a second a decision: these tests are about
    the screens (bench/analysis_time.py measures the analysis)."""
    monkeypatch.setitem(analysis_decision.JUDGING, "glassworks", analysis.Judging(0.01, (0.5, 1.0, 2.0)))


async def analysed(pilot, key_target=None) -> AnalysisScreen:
    await pilot.press("A")
    await wait_until(lambda: isinstance(pilot.app.screen, AnalysisScreen), "the analysis screen",
                     pause=lambda: pilot.pause(0.05))
    screen = pilot.app.screen
    await wait_until(lambda: not screen.running, "the analysis to end", pause=lambda: pilot.pause(0.05))
    await pilot.pause()
    return screen


def status(pilot) -> str:
    return str(pilot.app.screen.query_one("#status").render())


def footer_offers(screen, key: str) -> bool:
    """Whether the footer lists ``key`` (shown and enabled where the keys are)."""
    active = screen.active_bindings.get(key)
    return active is not None and active.binding.show and active.enabled


async def test_a_replays_analysis_marks_its_moves_and_b_shows_the_better_choice(monkeypatch):
    quick(monkeypatch)
    table = two_seat_game()
    app = RiverApp()
    async with app.run_test(size=(120, 40)) as pilot:
        open_replay(app, table, 0)
        await pilot.pause()
        replay_screen = app.screen
        assert footer_offers(replay_screen, "A") and not footer_offers(replay_screen, "B")
        screen = await analysed(pilot)
        result = screen.result
        assert result.complete
        assert "Done:" in str(screen.query_one("#analysis-status", Static).render())
        summary = str(screen.query_one("#analysis-lines", Static).render())
        assert all(f"{seat.name}: " in summary for seat in table.seats)
        assert screen.query_one(ProgressBar).progress == len(result.wanted)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is replay_screen
        marks = result.marks(analysis.judging_of(table.game))
        assert marks, "a game of greedy seats has moves the search would not make"
        moves = replay_screen.query_one(MoveList)
        for move, mark in marks.items():
            assert str(moves.get_option_at_index(move + 1).prompt).split(". ", 1)[1].startswith(f"{mark} ")
        assert footer_offers(replay_screen, "B")
        move = max(marks, key=lambda m: result.decisions[m].loss)
        moves.highlighted = move + 1
        await pilot.pause()
        assert "points lost (B: the better choice)" in status(pilot) or "…" in status(pilot)
        as_played = table.game.digest(replay_screen.view)
        await pilot.press("B")
        await pilot.pause()
        seat = table.log[move][0]
        better = revealed(table.game.apply(table.state_at(move), seat, result.decisions[move].best))
        assert table.game.digest(replay_screen.view) == table.game.digest(better) != as_played
        assert "the better choice on the board" in status(pilot)
        await pilot.press("B")
        await pilot.pause()
        assert table.game.digest(replay_screen.view) == as_played


async def test_esc_stops_the_analysis_keeping_what_is_done_and_the_next_goes_on(monkeypatch):
    quick(monkeypatch)
    table = two_seat_game()
    hold, held = threading.Event(), threading.Event()
    judged = []
    real_judge = analysis_run.judge

    def judge(*args, **kwargs):
        if len(judged) == 3:
            held.set()
            hold.wait(DEADLINE)  # the fourth waits until Esc is pressed
        judged.append(args[1])
        return real_judge(*args, **kwargs)

    monkeypatch.setattr(analysis_run, "judge", judge)
    app = RiverApp()
    async with app.run_test(size=(80, 24)) as pilot:
        open_replay(app, table)
        await pilot.pause()
        await pilot.press("A")
        await wait_until(lambda: isinstance(app.screen, AnalysisScreen) and held.is_set(), "the fourth decision",
                         pause=lambda: pilot.pause(0.05))
        screen = app.screen
        await pilot.press("escape")
        assert "Stopping after this decision" in str(screen.query_one("#analysis-status", Static).render())
        hold.set()
        await wait_until(lambda: not screen.running, "the analysis to stop", pause=lambda: pilot.pause(0.05))
        await pilot.pause()
        assert len(screen.result.decisions) == 4 and not screen.result.complete
        assert "Stopped: 4 of" in str(screen.query_one("#analysis-status", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        resumed = await analysed(pilot)
        assert resumed.result.complete and judged[:4] == sorted(resumed.result.decisions)[:4]
        assert len(judged) == len(resumed.result.wanted)  # the four were not judged again


async def test_the_scores_screen_analyses_and_its_replay_shows_the_marks(monkeypatch):
    quick(monkeypatch)
    table = two_seat_game()
    app = RiverApp()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(ScoresScreen(table))
        await pilot.pause()
        screen = await analysed(pilot)
        result = screen.result
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        moves = app.screen.query_one(MoveList)
        for move, mark in result.marks(analysis.judging_of(table.game)).items():
            assert str(moves.get_option_at_index(move + 1).prompt).split(". ", 1)[1].startswith(f"{mark} ")
