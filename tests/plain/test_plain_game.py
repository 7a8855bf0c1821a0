"""Plain mode plays every game line by line through text alone: a player who
reads the printed lines and types moves in the notation plays a whole game, every
log line is printed exactly once, and a seat's lines never hold another seat's
secret (tests/support/plain_player.py reads and types)."""

from __future__ import annotations

import io

import pytest

from river_tui.plain.console import Console
from river_tui.plain.game import QUIT, PlainGame
from river_tui.plain.seat_lines import MENU
from river_tui.play.table import Seat, Table

from support.plain_player import ReadingPlayer

GAMES = ("glassworks", "riverside", "flow", "we-all-take")


def played(table: Table, **player) -> tuple[str, ReadingPlayer, str]:
    out = io.StringIO()
    reader = ReadingPlayer(out, **player)
    outcome = PlainGame(table, Console(reader, out), seed=5).run()
    return out.getvalue(), reader, outcome


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_is_played_by_reading_lines_and_typing_moves(game_id):
    table = Table.create(game_id, [Seat("Ann"), Seat("Bob", "random")], {}, seed=4, autosave=False)
    text, reader, outcome = played(table, seed=2)
    assert table.finished and outcome == MENU
    lines = text.splitlines()
    # every move Ann made was typed in the notation, as a line she read in the list
    assert sum(1 for seat, _ in table.log if seat == 0) == sum(1 for typed in reader.typed if typed != "moves")
    # nothing printed twice: each log line of the game appears as often as the game wrote it
    for line in set(table.log_lines):
        assert lines.count(line) == table.log_lines.count(line), line
    assert lines.count("Game over.") == 1
    result = table.result()
    assert f"Ann: {result.scores[0]} points" in text and f"Bob: {result.scores[1]} points" in text
    assert "\x1b" not in text  # no cursor movement, no colour


def test_each_seat_at_one_keyboard_sees_only_its_own_secret():
    from support.net.secret_game import GAME as SECRET, WORDS  # registers the secret game

    table = Table.create(SECRET.id, [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    secrets = table.state.secrets
    text, _, _ = played(table, on_turn=lambda new: ["board"])
    segments = text.split("Pass the keyboard to ")[1:]
    assert len(segments) >= 6  # a handover before every turn
    for segment in segments:
        seat = 0 if segment.startswith("Ann:") else 1
        assert secrets[seat] in segment  # the board shows your own secret
        others = [word for word in WORDS if word != secrets[seat]]
        assert not any(word in segment for word in others), segment


def test_we_all_take_roles_stay_with_their_seats_at_one_keyboard():
    table = Table.create("we-all-take", [Seat("Ann"), Seat("Bob"), Seat("Cy")], {}, seed=8, autosave=False)
    from river_tui.rules.we_all_take.narration import role_card

    cards = [role_card(role) for role in table.state.roles]
    assert len(set(cards)) == 3
    text, _, _ = played(table, on_turn=lambda new: ["mine", "board"], seed=3)
    for segment in text.split("Pass the keyboard to ")[1:]:
        if table.finished and "Game over." in segment:
            segment = segment.split("Game over.")[0]  # the scores reveal every role
        seat = ["Ann", "Bob", "Cy"].index(segment.split(":")[0])
        assert cards[seat] in segment
        assert not any(card in segment for n, card in enumerate(cards) if n != seat)


def test_a_wrong_move_gets_the_rules_sentence_and_a_near_one_a_suggestion():
    table = Table.create("flow", [Seat("Ann"), Seat("Bob", "random")], {}, seed=1, autosave=False)
    legal = PlainGame(table, Console(io.StringIO(), io.StringIO())).notation.format(table.legal_actions(0)[0])
    verb, tile, turn, square = legal.split()
    taken = "D4"  # the start tile's square
    text, _, outcome = played(table, script=[f"{verb} {tile} {turn} {taken}", "plase" + legal[len(verb):], "plaice", "quit"])
    lines = text.splitlines()
    assert outcome == MENU
    assert any(line.startswith("The central square holds the start tile.") for line in lines)  # the rules' sentence
    assert any("Did you mean " + legal in line for line in lines)
    assert "There is no move 'plaice'; the moves are: place, reserve." in text
    assert not table.log  # nothing was played


def test_queries_answer_at_once_and_undo_takes_back_a_move():
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob", "greedy")], {}, seed=1, autosave=False)
    first = PlainGame(table, Console(io.StringIO(), io.StringIO())).notation.format(table.legal_actions(0)[0])
    text, _, _ = played(table, script=["moves draw", "board parts", "board lake", "turn", "last", "scores", "help", "undo",
                                       first, "last 50", "undo", "recap", "rules", "quit"])
    assert "Parts: river, lake, Ann, Bob." in text
    listed = text.split("moves:\n", 1)[1].splitlines()
    count = int(text.split(" moves:", 1)[0].splitlines()[-1])
    assert count == len([a for a in table.game.legal_actions(table.state_at(0), 0) if type(a).__name__ == "Draw"])
    assert all(line.startswith("draw ") for line in listed[:count])
    assert "Lake: " in text and "Bag: " in text
    assert "There is no move of yours to take back." in text
    assert "Took back" in text
    assert "Ann: now 0 VP = rows 0 + columns 0 + overflow 0" in text
    assert "Place & Gather" in text  # the rules summary, without the app's keys
    assert "## Keys" not in text and "arrows" not in text


def test_input_ending_leaves_the_game_saved_and_quits(river_home):
    table = Table.create("riverside", [Seat("Ann"), Seat("Bob")], {}, seed=1)
    text, _, outcome = played(table, script=["ready", "dice white"], end_after_script=True)  # ready: the handover
    assert outcome == QUIT
    again = Table.load(table.path)
    assert len(again.log) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_mine_shows_your_own_part_of_the_board(game_id):
    table = Table.create(game_id, [Seat("Ann"), Seat("Bob", "random")], {}, seed=4, autosave=False)
    text, _, _ = played(table, script=["mine", "board parts", "quit"])
    assert "There is no part" not in text
    parts = next(line for line in text.splitlines() if line.startswith("Parts: "))
    assert "Ann" in parts and "Bob" in parts  # each seat's part goes by its name


def test_an_enter_too_many_after_a_move_passes_no_handover():
    table = Table.create("flow", [Seat("Ann"), Seat("Bob")], {"variant": "basic"}, seed=2, autosave=False)
    move = PlainGame(table, Console(io.StringIO(), io.StringIO())).notation.format(table.legal_actions(0)[0])
    text, _, outcome = played(table, script=["ready", move, "", "bob", "quit"], end_after_script=True)
    after = text.split(move.split()[0] + " ", 1)[-1]
    handover = after.index("Pass the keyboard to Bob")
    asked_again = after.index("Type ready when Bob has the keyboard")
    bobs_turn = after.index("Bob, your move")
    assert handover < asked_again < bobs_turn  # the empty line showed nothing; typing his name did
