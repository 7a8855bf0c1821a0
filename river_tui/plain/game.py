"""A game at one keyboard in plain mode: the table's moves as lines, and a prompt
line when a person is to move.

Each log line of the table is printed once, as it happens. When it is a person's
turn one line says what they may do (the moves of the moment by verb); they type
a move in the notation (docs/notation.md) or a command (`help` lists them;
seat_lines.py answers both). A game with secrets asks the next player to type
ready before their turn, and everything a seat is shown comes from its own
`Game.view` (the handover is passed by typing ready: an Enter too many after a
move passes nothing). Computer seats move in turn, and a seat a program plays
(program_seat.py) is asked through the line protocol.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from ..play.table import Table
from .console import Console
from .program_seat import ProgramSeat
from .scores import final_lines
from .seat_lines import COMMANDS, MENU, SeatLines

QUIT = "quit"
READY = "ready"
"""What the next player types at a handover (or their name)."""


class PlainGame:
    """One table played line by line; ``run`` returns `MENU` or `QUIT`."""

    def __init__(self, table: Table, console: Console, seed: int | None = None,
                 programs: Mapping[int, ProgramSeat] | None = None) -> None:
        self.table = table
        self.programs = dict(programs or {})
        """The seats programs play (protocol.py); the table counts them as computer seats."""
        self.console = console
        self.game = table.game
        self.lines = SeatLines(table, console.say)
        self.lines.told.extend(program.moved for program in self.programs.values())
        self.notation = self.lines.notation
        self.rng = random.Random(seed)
        self.shown: int | None = None
        """The seat whose eyes the lines are for now (at one keyboard, after a handover)."""

    @property
    def names(self) -> list[str]:
        return self.lines.names

    # --- the loop --------------------------------------------------------------------
    def run(self) -> str:
        for program in self.programs.values():
            program.hello()
        try:
            return self._run()
        finally:
            for program in self.programs.values():
                program.finish()

    def _run(self) -> str:
        self.console.say(f"{self.game.title}: {', '.join(self._seat_words())}.")
        self.console.say("Type 'help' for the commands; moves are written as in docs/notation.md.")
        if self.table.log:
            self.console.say(f"{len(self.table.log)} moves played so far; 'last' shows the latest.")
        while not self.table.finished:
            humans = self.table.human_seats_to_act()
            if not humans:
                self._computer_moves()
                continue
            seat = humans[0]
            if not self._hand_to(seat):
                return MENU
            outcome = self._turn(seat)
            if outcome is not None:
                return outcome
        self._print_new_lines()
        self.console.say(*final_lines(self.table))
        if self.table.records_notice:
            self.console.say(self.table.records_notice)
        return MENU

    def _seat_words(self) -> list[str]:
        return [
            s.name if s.is_human else f"{s.name} (program)" if i in self.programs else f"{s.name} (computer, {s.kind})"
            for i, s in enumerate(self.table.seats)
        ]

    def _computer_moves(self) -> None:
        seat = self.table.bot_seats_to_act()[0]
        program = self.programs.get(seat)
        if program is None:
            action = self.table.bot_choice(seat, self.rng)
        else:
            action, problem = program.choose()
            if problem:
                self.console.say(f"{self.names[seat]}'s program: {problem} "
                                 f"The computer played {self.notation.format(action)} for it.")
        self.table.apply(seat, action)
        self._print_new_lines()

    def _print_new_lines(self) -> None:
        self.lines.catch_up()

    def _hand_to(self, seat: int) -> bool:
        """At one keyboard, a game with secrets hands over before another person's
        turn, which they pass by typing ready (or their name); False when they would
        rather go back to the menu."""
        people = sum(1 for s in self.table.seats if s.is_human)
        if self.shown == seat or not self.game.hidden_information or people < 2:
            self.shown = seat
            return True
        name = self.names[seat]
        self.console.say(f"Pass the keyboard to {name}: {name}, type ready when you have it (q: back to the menu).")
        while True:  # a word, not Enter alone: an Enter too many after a move must not show the next seat's lines
            answer = self.console.ask((READY, "q"))
            if answer is None or answer.strip().lower() in ("q", "quit"):
                return False
            if answer.strip().lower() in (READY, name.lower()):
                self.shown = seat
                return True
            self.console.say(f"Type ready when {name} has the keyboard (q: back to the menu).")

    def _turn(self, seat: int) -> str | None:
        """Prompt ``seat`` and read lines until a move is made; a returned word ends the game loop."""
        self.console.say(self.lines.turn_line(seat))
        moves_before = len(self.table.log)
        while len(self.table.log) == moves_before and seat in self.table.human_seats_to_act():
            typed = self.console.ask([*self.lines.written(seat), *COMMANDS])
            if typed is None:
                return QUIT
            if self.lines.typed(seat, typed) == MENU:
                self.console.say("The game is saved: Continue in the menu brings it back."
                                 if self.table.path else "Back to the menu.")
                return MENU
        return None
