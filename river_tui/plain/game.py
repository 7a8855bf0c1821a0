"""A game in plain mode: the table's moves as lines, and a prompt line when a
person is to move.

Each log line of the table is printed once, as it happens. When it is a person's
turn one line says what they may do (the moves of the moment by verb); they type
a move in the notation (docs/notation.md) or a command (`help` lists them). At one
keyboard, a game with secrets asks the next player to press Enter before their
turn, and everything a seat is shown comes from its own `Game.view`.
"""

from __future__ import annotations

import difflib
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

from ..play.table import Table, UndoRefused
from ..rules.core import Action, IllegalAction
from ..rules.notation import NotationError, notation_of
from .boards import scores_of, sections_of
from .console import Console
from .program_seat import ProgramSeat
from .scores import final_lines

MENU = "menu"
QUIT = "quit"

COMMANDS = {
    "board": "board, or one part of it: board NAME (the parts are listed by 'board parts')",
    "mine": "your own part of the board: your hand, sheet or role",
    "moves": "every move you may make now (moves VERB: only those)",
    "last": "the last moves (last 10: the last ten)",
    "recap": "what happened since your last turn",
    "scores": "the scores so far",
    "turn": "whose turn it is and what they may do",
    "rules": "the rules of the game",
    "undo": "take back your last move",
    "save": "save the game now (every move is saved anyway)",
    "quit": "back to the menu (the game stays saved)",
    "help": "these commands",
}
"""The commands a player may type instead of a move, and what each does."""

ALIASES = {"?": "help", "q": "quit", "menu": "quit", "hand": "mine", "role": "mine", "sheet": "mine"}

RECENT = 5
"""Log lines `last` shows unless asked for more."""


class PlainGame:
    """One table played line by line; ``run`` returns `MENU` or `QUIT`."""

    def __init__(self, table: Table, console: Console, seed: int | None = None,
                 programs: Mapping[int, ProgramSeat] | None = None) -> None:
        self.table = table
        self.programs = dict(programs or {})
        """The seats programs play (protocol.py); the table counts them as computer seats."""
        self.console = console
        self.game = table.game
        self.notation = notation_of(self.game)
        self.sections = sections_of(self.game.id)
        self.scores = scores_of(self.game.id)
        self.rng = random.Random(seed)
        self.printed = 0
        """How many of the table's log lines have been printed."""
        self.shown: int | None = None
        """The seat whose eyes the lines are for now (at one keyboard, after a handover)."""

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.table.seats]

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
        self.printed = len(self.table.log_lines)
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
        lines = self.table.log_lines
        new = lines[self.printed :]
        self.console.say(*new)
        for program in self.programs.values():
            program.moved(new)
        self.printed = len(lines)

    def _hand_to(self, seat: int) -> bool:
        """At one keyboard, a game with secrets hands over before another person's
        turn; False when they would rather go back to the menu."""
        people = sum(1 for s in self.table.seats if s.is_human)
        if self.shown == seat or not self.game.hidden_information or people < 2:
            self.shown = seat
            return True
        name = self.names[seat]
        self.console.say(f"Pass the keyboard to {name}: {name}, press Enter when ready (q: back to the menu).")
        answer = self.console.ask(("q",))
        if answer is None or answer.strip().lower() in ("q", "quit"):
            return False
        self.shown = seat
        return True

    def _turn(self, seat: int) -> str | None:
        """Prompt ``seat`` and read lines until a move is made; a returned word ends the game loop."""
        self.console.say(self.turn_line(seat))
        moves_before = len(self.table.log)
        while len(self.table.log) == moves_before and seat in self.table.human_seats_to_act():
            legal = list(self.table.legal_actions(seat))
            written = [self.notation.format(a) for a in legal]
            typed = self.console.ask([*written, *COMMANDS])
            if typed is None:
                return QUIT
            typed = typed.strip()
            if not typed:
                continue
            word, _, rest = typed.partition(" ")
            command = ALIASES.get(word.lower(), word.lower())
            if command in COMMANDS and not self._is_verb(command):
                outcome = self.command(seat, command, rest.strip(), written)
                if outcome is not None:
                    return outcome
                continue
            self._play(seat, typed, legal, written)
        return None

    def _is_verb(self, word: str) -> bool:
        return any(verb.word == word for verb in self.notation.verbs)

    def _play(self, seat: int, typed: str, legal: Sequence[Action], written: Sequence[str]) -> None:
        try:
            action = self.notation.parse(typed)
        except NotationError as err:
            self.console.say(err.reason + self._near(typed, written))
            return
        try:
            self.table.apply(seat, action)
        except IllegalAction as err:
            self.console.say(self.table.named(err.reason) + self._near(typed, written))
            return
        self._print_new_lines()
        if self.table.save_notice():
            self.console.say(self.table.save_notice())

    def _near(self, typed: str, written: Sequence[str]) -> str:
        """" Did you mean place Wh h?" for a near miss of a legal move."""
        close = difflib.get_close_matches(typed, written, n=3, cutoff=0.6)
        return f" Did you mean {' or '.join(close)}?" if close else ""

    # --- what is said ----------------------------------------------------------------
    def turn_line(self, seat: int) -> str:
        """"Round 2: Ann, your move: place (13 ways) or draw (draw Wh,Pt,Cc,Bs)."."""
        where = self.game.round_label(self.table.state)
        legal = [self.notation.format(a) for a in self.table.legal_actions(seat)]
        return f"{where + ': ' if where else ''}{self.names[seat]}, your move: {self.choices(legal)}."

    @staticmethod
    def choices(written: Sequence[str]) -> str:
        """The moves grouped by verb: a verb with one move shows it whole."""
        by_verb = Counter(line.split(" ", 1)[0] for line in written)
        whole = {line.split(" ", 1)[0]: line for line in written}
        parts = [whole[verb] if count == 1 else f"{verb} ({count} ways)" for verb, count in by_verb.items()]
        return ", ".join(parts[:-1]) + (" or " if len(parts) > 1 else "") + parts[-1] if parts else "nothing"

    def command(self, seat: int, command: str, rest: str, written: Sequence[str]) -> str | None:
        say = self.console.say
        view = self.table.view(seat)
        if command == "help":
            say("Type a move, or one of these (Tab completes both):")
            say(*(f"  {name}: {words}" for name, words in COMMANDS.items()))
        elif command == "board":
            self._board(view, seat, rest)
        elif command == "mine":
            self._board(view, seat, self.names[seat])
        elif command == "moves":
            chosen = [line for line in written if not rest or line.split(" ", 1)[0] == rest.lower()]
            say(f"{len(chosen)} moves:", *chosen)
        elif command == "last":
            count = int(rest) if rest.isdigit() and 0 < int(rest) <= 1000 else RECENT
            lines = self.table.log_lines[-count:]
            say(*(lines or ["No move has been made yet."]))
        elif command == "recap":
            recent = self.table.recent(seat)
            say(*(recent.summary or ["Nothing has happened since your last turn."]))
        elif command == "scores":
            say(*(self.scores(view, self.names) if self.scores else ["This game's scores are counted at the end."]))
        elif command == "turn":
            say(self.turn_line(seat))
        elif command == "rules":
            say(*rules_summary(self.game.id))
        elif command == "undo":
            self._undo()
        elif command == "save":
            say(f"Saved: {self.table.path}." if self.table.save() else self.table.save_notice() or "Not saved.")
        elif command == "quit":
            say("The game is saved: Continue in the menu brings it back." if self.table.path else "Back to the menu.")
            return MENU
        return None

    def _board(self, view, seat: int, part: str) -> None:
        sections = self.sections(view, seat, self.names)
        if part.lower() == "parts":
            self.console.say("Parts: " + ", ".join(name for name, _ in sections) + ".")
            return
        chosen = [lines for name, lines in sections if not part or name.lower() == part.lower()]
        if not chosen:
            self.console.say(f"There is no part called {part!r}; the parts are: "
                             + ", ".join(name for name, _ in sections) + ".")
        for lines in chosen:
            self.console.say(*lines)

    def _undo(self) -> None:
        try:
            taken = self.table.undo()
        except UndoRefused as err:
            self.console.say(str(err))
            return
        self.printed = len(self.table.log_lines)
        self.console.say(f"Took back {taken} move{'s' if taken != 1 else ''}.")


def rules_summary(game_id: str) -> list[str]:
    """The rules summary the app's help shows (the game's ``screen.md`` before its
    keys), as plain lines."""
    folder = game_id.replace("-", "_")
    path = Path(__file__).resolve().parent.parent / "screens" / folder / "screen.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return ["This game has no rules summary; see its rulebook."]
    text = text.split("\n## Keys", 1)[0]
    paragraphs = [" ".join(p.split()).replace("**", "").replace("`", "") for p in text.split("\n\n")]
    return [p.lstrip("# ") for p in paragraphs if p]
