"""A program plays a seat through the line protocol (docs/protocol.md): the
example bot plays a whole game, both when River TUI starts it and when it starts
River TUI; a program that answers garbage, too late, too much, twice, or ends is
told in one sentence and the computer plays that move; what it is sent is only
its seat's view."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from river_tui.plain.console import Console
from river_tui.plain.game import PlainGame
from river_tui.plain.program import LineChannel, Program
from river_tui.plain.program_seat import ProgramSeat
from river_tui.plain.protocol import MOST_ANSWER, BadAnswer, read_answer
from river_tui.play.table import Seat, Table

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "river_bot.py"


def play_with(command: str, game_id: str = "flow", time_limit: float = 10.0) -> tuple[Table, ProgramSeat, str]:
    table = Table.create(game_id, [Seat("Bot", "easy"), Seat("Computer", "easy")], {}, seed=6, autosave=False)
    program = ProgramSeat(table, 0, Program(command), time_limit)
    out = io.StringIO()
    PlainGame(table, Console(io.StringIO(), out), seed=1, programs={0: program}).run()
    return table, program, out.getvalue()


@pytest.mark.parametrize("game_id", ["glassworks", "riverside", "flow", "we-all-take"])
def test_the_example_program_plays_a_seat_to_the_end(game_id):
    table, program, text = play_with(f"{sys.executable} {EXAMPLE}", game_id)
    assert table.finished and program.problems == []
    assert program.turns == sum(1 for seat, _ in table.log if seat == 0) > 3
    assert "Bot (program)" in text and "Game over." in text


def test_the_example_program_runs_river_tui_and_plays_through_its_stdin_and_stdout(river_home):
    river = [sys.executable, "-m", "river_tui", "play-seat", "glassworks", "--seat", "2", "--seed", "4"]
    done = subprocess.run([sys.executable, str(EXAMPLE), "--run", *river], capture_output=True, text=True,
                          env={**os.environ, "RIVER_TUI_HOME": str(river_home)}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Scores [")
    assert done.stderr == ""  # no error was sent to it


def program(tmp_path: Path, first_turn: str) -> str:
    """A program that does ``first_turn`` (Python lines, with ``message`` the turn),
    then answers every later turn with its first legal move."""
    body = textwrap.dedent("""\
        import json, sys
        turns = 0
        for raw in sys.stdin:
            message = json.loads(raw)
            if message["type"] != "turn":
                continue
            turns += 1
            if turns == 1:
        {first}
                continue
            print(json.dumps({{"move": message["legal"][0]}}), flush=True)
        """).format(first=textwrap.indent(first_turn, " " * 8))
    path = tmp_path / "program.py"
    path.write_text(body)
    return f"{sys.executable} {path}"


@pytest.mark.parametrize("first_turn, sentence", ids=lambda v: v[:30], argvalues=[
    ('print("hello there", flush=True)', 'The answer is not JSON: answer one line such as {"move": "..."}.'),
    ('print(json.dumps({"move": "fly away"}), flush=True)', '"fly away" is not one of the legal moves.'),
    ('print("x" * 100000, flush=True)', "The answer was too long (a move is one short line)."),
    ('sys.stdout.write("y" * 70000); sys.stdout.flush(); print(flush=True)',
     "The answer was too long (a move is one short line)."),
    ('print(json.dumps([1, 2]), flush=True)', 'The answer is not a JSON object such as {"move": "..."}.'),
    ('sys.stdout.buffer.write(b"\\xff\\xfe\\n"); sys.stdout.flush()', "The answer is not UTF-8 text."),
])
def test_a_bad_answer_is_told_and_the_computer_plays_that_move(tmp_path, first_turn, sentence):
    table, seat, text = play_with(program(tmp_path, first_turn))
    assert table.finished
    assert seat.problems == [sentence]
    assert f"Bot's program: {sentence} The computer played " in text
    assert seat.turns == sum(1 for s, _ in table.log if s == 0)  # it played every later move itself


def test_a_late_answer_is_told_and_passed_over(tmp_path):
    # It answers nothing on its first turn until told it was too late, then answers
    # that turn anyway (marked as turn 1), then plays on.
    late = ('for raw in sys.stdin:\n'
            '    if json.loads(raw)["type"] == "error":\n'
            '        break\n'
            'print(json.dumps({"turn": 1, "move": message["legal"][0]}), flush=True)')
    # (3 seconds: the later answers, which come at once, must never be late on a busy machine)
    table, seat, text = play_with(program(tmp_path, late), time_limit=3)
    assert table.finished
    assert seat.problems == ["No answer came within 3 seconds."]  # the late answer is no problem twice


def test_a_program_that_ends_leaves_its_moves_to_the_computer(tmp_path):
    table, seat, text = play_with(program(tmp_path, "sys.exit(0)"))
    assert table.finished
    assert seat.problems == ["The program ended (its output closed); the computer plays its moves from now on."]
    assert seat.gone and seat.turns == 1


def test_a_second_answer_to_one_turn_is_passed_over(tmp_path):
    # Both lines name their turn, so the second is passed over whenever it comes:
    # before the next turn is asked (told as unasked) or after (an answer to an earlier turn).
    twice = 'print(json.dumps({"turn": 1, "move": message["legal"][0]}), flush=True)\n' * 2
    table, seat, _ = play_with(program(tmp_path, twice))
    assert table.finished and seat.problems == []
    assert seat.turns == sum(1 for s, _ in table.log if s == 0)


def test_what_a_program_is_sent_is_its_seats_view_only():
    table = Table.create("flow", [Seat("Bot", "easy"), Seat("Computer", "easy")], {}, seed=6, autosave=False)
    sent = io.BytesIO()
    seat = ProgramSeat(table, 0, LineChannel(io.BytesIO(b""), sent), 5)  # it sends nothing back
    seat.choose()
    messages = [json.loads(raw) for raw in sent.getvalue().splitlines()]
    turn = next(m for m in messages if m["type"] == "turn")
    hands = turn["view"]["hands"]
    assert hands[0] == list(table.state.hands[0])  # its own hand
    assert set(hands[1]) == {"?"}  # the other's tiles, face down
    assert turn["view"]["pile"] is None and "rng" not in turn["view"]


@pytest.mark.parametrize("raw, words", ids=str, argvalues=[
    (b'{"move": 3}', "The answer names no move"),
    (b'{"index": 99}', "index must be a whole number from 0 to 1."),
    (b'{"index": true}', "index must be a whole number from 0 to 1."),
    (b'{"turn": 7, "move": "a"}', "The answer is for turn 7, not turn 2."),
    (b'{"a": {"b": {"c": {"d": {"e": 1}}}}}', "The answer is nested too deep."),
    (b"[" * 1500 + b"]" * 1500, "The answer is not JSON"),
    (b'"' + b"z" * MOST_ANSWER + b'"', "The answer was longer than"),
])
def test_an_answer_is_read_with_care(raw, words):
    with pytest.raises(BadAnswer) as caught:
        read_answer(raw, 2, ["a", "b"], ["A", "B"])
    assert caught.value.reason.startswith(words)


def test_an_answer_names_a_move_by_its_words_or_its_place_in_the_list():
    assert read_answer(b'{"move": "  PLACE  x "}', 2, ["place x", "b"], ["A", "B"]) == "A"
    assert read_answer(b'{"index": 1}', 2, ["a", "b"], ["A", "B"]) == "B"
    assert read_answer(b'{"turn": 1, "move": "a"}', 2, ["a", "b"], ["A", "B"]) is None  # late: passed over


@pytest.mark.parametrize("argv, sentence", [
    (["--seat", "3"], "river-tui: --seat must be between 1 and 2."),
    (["--time-limit", "0"], "river-tui: --time-limit must be between 0.1 and 3600 seconds."),
    (["--bot", "oracle"], "river-tui: Flow: Untamed Rivers has no computer player 'oracle'"),
    (["--program", "/no/such/program"], "river-tui: The program '/no/such/program' cannot be started"),
])
def test_play_seat_refuses_what_it_cannot_do_in_one_sentence(capsys, argv, sentence):
    from river_tui import cli

    with pytest.raises(SystemExit) as exit_info:
        cli.main(["play-seat", "flow", *argv])
    assert exit_info.value.code in (1, 2)
    assert capsys.readouterr().err.startswith(sentence)
