"""A saved game replayed line by line: Enter steps one move on, ``b`` one back,
``g N`` goes to move N, ``board`` shows the position (an unfinished game through
its first player's eyes only, a finished one with everything), ``v`` looks
through the next seat's eyes in a finished game, ``q`` ends. In a finished game
``analyse`` says where each player lost points (analysis.py); the moves that lost
most then say so as they are stepped to, and ``better`` puts the better choice
on the board."""

from __future__ import annotations

from typing import Any

from ..play.replay import Replay
from ..play.table import Table
from .analysis import analyse, mark_moves
from .boards import sections_of
from .console import Console
from .game import QUIT
from .seat_lines import MENU

COMMANDS = ("b", "g", "board", "v", "q", "analyse", "better")
HELP = ("Enter steps on, b back, g N goes to move N, board shows the position, v whose eyes, "
        "analyse where each player lost points (a finished game), better the better choice at a marked move, q ends.")


def replay(table: Table, console: Console, budget: dict[str, Any] | None = None) -> str:
    """``budget``: the analysis's (`plain.analysis.analyse`)."""
    model = Replay(table, position=0)
    sections = sections_of(table.game.id)
    names = [seat.name for seat in table.seats]
    console.say(f"Replay of {table.game.title}, {model.length} moves: {HELP}")
    console.say(model.status())
    while True:
        typed = console.ask(COMMANDS)
        if typed is None:
            return QUIT
        word, _, rest = typed.strip().lower().partition(" ")
        if word == "q":
            return MENU
        if word == "board":
            for _, lines in sections(model.view(model.viewer), model.viewer, names):
                console.say(*lines)
            continue
        if word == "analyse":
            result = analyse(table, console, budget)
            if result is not None:
                model.analysis = result
                model.notes = mark_moves(table, result)
            continue
        if word == "better":
            better(model, console)
            continue
        if word == "v":
            if not model.reveal_all:
                console.say("An unfinished game is seen through its first player's eyes only.")
                continue
            model.next_viewer()
            console.say(model.status())
            continue
        if word == "b":
            model.go(model.position - 1)
        elif word == "g" and rest.isdigit():
            model.go(int(rest[:7]))
        elif word == "":
            if model.position == model.length:
                console.say("That was the last move; q ends the replay.")
                continue
            model.go(model.position + 1)
        else:
            console.say(HELP)
            continue
        console.say(model.status(), *model.lines_at(model.position))


def better(model: Replay, console: Console) -> None:
    """At a move the analysis marked: its better choice on the board (any step goes back)."""
    decision = model.analysis.decisions.get(model.position - 1) if model.analysis is not None else None
    if decision is None or model.position not in model.notes:
        console.say("better shows the better choice at a move the analysis marked (analyse first).")
        return
    model.show_instead(decision.best)
    console.say(model.status(), "board shows it; any step goes back to the game as played.")
