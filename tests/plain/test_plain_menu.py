"""The app's screens in plain mode: the menu, the setup's questions, a game, the
scores, the list of saves (load and replay), the records and the help, answered
line by line; and `river-tui --plain` on the command line."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from river_tui import cli
from river_tui.plain.console import Console
from river_tui.plain.menu import PlainApp

from support.plain_player import ReadingPlayer


def run_menu(script: list[str]) -> str:
    out = io.StringIO()
    PlainApp(Console(ReadingPlayer(out, script=script, end_after_script=True), out)).run()
    return out.getvalue()


def test_a_new_game_is_set_up_by_answering_questions_then_played_and_continued():
    text = run_menu([
        "1",  # New game
        "flow", "", # Flow, 2 seats (the default)
        "", "Ann",  # seat 1: human (the default), named Ann
        "2", "",  # seat 2: the easy computer, named by default
        "",  # the variant by default
        "reserve D2",
        "quit",
        "continue",
        "quit",
        "8",  # Quit
    ])
    assert "Which game? 1 River Valley Glassworks, 2 Riverside, 3 Flow: Untamed Rivers," in text
    assert "How many seats? 1 2, 2 3, 3 4, 4 5 [1]" in text
    assert "Flow: Untamed Rivers: Ann, Computer 1 (computer, easy)." in text
    assert "Ann (Dolphin) reserved D2." in text
    assert text.count("Flow: Untamed Rivers: Ann, Computer 1") == 2  # continued: the same game again
    assert "1 moves played so far" in text or "2 moves played so far" in text


def test_a_finished_game_shows_its_scores_then_replays_and_counts_in_the_records():
    text = run_menu(["1", "glassworks", "", "easy", "", "easy", "", "records", "replay", "1", "", "", "b", "board",
                     "v", "q", "help", "quit"])
    assert "Game over." in text and "Winner" in text
    assert "River Valley Glassworks: Computer 1 (easy) played 1, won" in text
    assert "Replay of River Valley Glassworks" in text
    assert "Replay 1/" in text and "Replay 2/" in text
    assert "Lake: " in text  # the board at that move
    assert "Computer 1's eyes, all revealed" in text  # v: the first seat's eyes (a spectator's before)
    assert "River TUI in plain mode" in text


def test_an_answer_that_is_no_choice_is_asked_again():
    text = run_menu(["9", "quit"])
    assert "Menu: Type a number from 1 to 8 (1 New game, 2 Learn to play, 3 Continue," in text


def test_river_tui_plain_plays_from_the_command_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # a pipe: no terminal, no readline
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--plain", "new", "flow", "--players", "2", "--bots", "2", "--seed", "3"])
        raise SystemExit(0)
    out = capsys.readouterr().out
    assert exit_info.value.code == 0
    assert out.startswith("Flow: Untamed Rivers: Computer 1 (computer, easy), Computer 2 (computer, easy).")
    assert "Game over." in out


def test_a_seat_of_the_setup_may_be_played_by_a_program():
    example = Path(__file__).resolve().parents[2] / "examples" / "river_bot.py"
    text = run_menu(["1", "flow", "", "a program", f"{sys.executable} {example}", "", "easy", "", "", "quit"])
    assert "Seat 1's program (a command, run without a shell)? []" in text
    assert "Flow: Untamed Rivers: Program (program), Computer 1 (computer, easy)." in text
    assert "Game over." in text and "'s program:" not in text  # it played every move of its own
