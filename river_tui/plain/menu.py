"""The app's screens in plain lines: the menu, the new-game setup (questions with
defaults), the list of saves, the records and the help. Each question is one
line listing its numbered answers; Enter alone takes the default."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from ..play.table import CannotSave, Seat, Table, resume_latest
from ..rules.bots import LEVELS, bot_catalogue
from ..rules.registry import available, get_game
from ..saves.format import SaveError
from ..saves.store import list_saves
from .analysis import analyse
from .console import Console
from .game import QUIT, PlainGame
from .learn import GuidedPlainGame, guided_games
from .program import Program
from .program_seat import ProgramSeat
from .records import record_lines
from .replay import replay
from .seat_lines import MENU

HUMAN = "human"
PROGRAM = "a program"
"""The seat kind whose moves come from a program through the line protocol (docs/protocol.md)."""
MOST_NAME = 24
"""Characters of a seat's name kept."""

MENU_CHOICES = ("New game", "Learn to play", "Continue", "Load a save", "Replay a save", "Records", "Help", "Quit")

HELP = (
    "River TUI in plain mode: every screen is lines of text, printed once each.",
    "Questions list numbered answers: type the number (or a word of the answer); Enter alone takes the one in brackets.",
    "In a game, type a move in the move notation (docs/notation.md), with Tab completing it at a terminal;",
    "'help' lists the commands (board, mine, moves, last, recap, scores, turn, rules, undo, save, quit).",
    "At one keyboard, a game with secrets asks the next player to type ready before their turn.",
    "Every move is saved as it is made; Continue brings the last game back.",
    "After a game, 'analyse' at the menu (or in the Replay of a finished save) says where each player lost points.",
)
ANALYSE = "analyse"
"""Typed at the menu after a game ends: that game's analysis."""


class PlainApp:
    """River TUI's menu and screens, line by line."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.finished: Path | None = None
        """The save of the game that ended last here, which ``analyse`` at the menu analyses."""

    def run(self, table: Table | None = None) -> int:
        if table is not None and self.play(table) == QUIT:
            return 0
        while True:
            self.console.say("River TUI. " + " · ".join(f"{n}: {c}" for n, c in enumerate(MENU_CHOICES, 1)))
            choice = self.choose("Menu:", MENU_CHOICES, 0, {ANALYSE: self.analyse_finished})
            if choice is None or MENU_CHOICES[choice] == "Quit":
                return 0
            outcome = {
                "New game": self.new_game,
                "Learn to play": self.learn,
                "Continue": self.continue_game,
                "Load a save": self.load,
                "Replay a save": self.replay,
                "Records": self.records,
                "Help": self.help,
            }[MENU_CHOICES[choice]]()
            if outcome == QUIT:
                return 0

    # --- questions -----------------------------------------------------------------
    def choose(self, question: str, answers: Sequence[str], default: int,
               commands: Mapping[str, Callable[[], None]] | None = None) -> int | None:
        """Ask until an answer is given: its index (None: input ended); a word of
        ``commands`` does its command and asks again."""
        commands = commands or {}
        while True:
            typed = self.console.ask([*answers, *map(str, range(1, len(answers) + 1)), *commands])
            if typed is None:
                return None
            typed = typed.strip().lower()
            if not typed:
                return default
            if typed in commands:
                commands[typed]()
                continue
            if typed.isdigit() and 1 <= int(typed) <= len(answers):
                return int(typed) - 1
            exact = [i for i, a in enumerate(answers) if a.lower() == typed]
            within = [i for i, a in enumerate(answers) if typed in a.lower()]
            if exact or len(within) == 1:
                return (exact or within)[0]
            listed = ", ".join(f"{n} {a}" for n, a in enumerate(answers, 1))
            self.console.say(f"{question} Type a number from 1 to {len(answers)} ({listed}).")

    def question(self, question: str, answers: Sequence[str], default: int) -> int | None:
        listed = ", ".join(f"{n} {a}" for n, a in enumerate(answers, 1))
        self.console.say(f"{question} {listed} [{default + 1}]")
        return self.choose(question, answers, default)

    def text(self, question: str, default: str, most: int = MOST_NAME) -> str | None:
        self.console.say(f"{question} [{default}]")
        typed = self.console.ask()
        if typed is None:
            return None
        name = " ".join(typed.split())[:most]
        return name if name.isprintable() and name else default

    # --- the screens ---------------------------------------------------------------
    def play(self, table: Table, programs: dict[int, str] | None = None) -> str:
        """Play ``table``; ``programs``: the command playing each program seat (the
        save counts those seats as the easy computer, which stands in for a bad answer)."""
        seats = {}
        try:
            for seat, command in (programs or {}).items():
                try:
                    seats[seat] = ProgramSeat(table, seat, Program(command))
                except ValueError as err:
                    self.console.say(f"{err} The computer (easy) plays {table.seats[seat].name}'s seat.")
            outcome = PlainGame(table, self.console, programs=seats).run()
        finally:
            table.close()
        if table.finished and table.path is not None:
            self.finished = table.path
            self.console.say(f"Type {ANALYSE} at the menu for where each player lost points, move by move.")
        return outcome

    def analyse_finished(self) -> None:
        """The analysis of the game that ended last (analysis.py)."""
        if self.finished is None:
            self.console.say("No game has ended here yet: Replay a save of a finished game, then type analyse.")
            return
        try:
            table = Table.load(self.finished, read_only=True)
        except SaveError as err:
            self.console.say(str(err))
            return
        analyse(table, self.console)

    def new_game(self) -> str | None:
        entries = available()
        picked = self.question("Which game?", [e.title for e in entries], 0)
        if picked is None:
            return QUIT
        game = get_game(entries[picked].id)
        counts = list(range(game.min_seats, game.max_seats + 1))
        default = counts.index(max(game.min_seats, min(2, game.max_seats)))
        picked = self.question("How many seats?", [str(c) for c in counts], default)
        if picked is None:
            return QUIT
        levels = [k for k in LEVELS if k in bot_catalogue(game)]
        kinds = [HUMAN, *levels, PROGRAM]
        seats: list[Seat] = []
        programs: dict[int, str] = {}
        for index in range(counts[picked]):
            kind = self.question(f"Seat {index + 1} is played by:", kinds, 0 if index == 0 else 2)
            if kind is None:
                return QUIT
            if kinds[kind] == PROGRAM:
                command = self.text(f"Seat {index + 1}'s program (a command, run without a shell)?", "", 1000)
                if not command:
                    self.console.say("No command given: the computer (easy) plays this seat.")
                else:
                    programs[index] = command
            human = kinds[kind] == HUMAN
            number = sum(1 for i, s in enumerate(seats) if s.is_human == human and i not in programs) + 1
            default = "Program" if index in programs else f"{'Player' if human else 'Computer'} {number}"
            name = self.text(f"Seat {index + 1}'s name?", default)
            if name is None:
                return QUIT
            seats.append(Seat(name, levels[0] if kinds[kind] == PROGRAM else kinds[kind]))
        options = {}
        if game.variants:
            variant_ids = [v.id for v in game.variants]
            default_variant = variant_ids.index(game.default_variant(len(seats)) or variant_ids[0])
            picked = self.question("Which variant?", [v.title for v in game.variants], default_variant)
            if picked is None:
                return QUIT
            options["variant"] = variant_ids[picked]
        try:
            table = Table.create(game.id, seats, options)
        except (CannotSave, ValueError) as err:
            self.console.say(str(err))
            return MENU
        return self.play(table, programs)

    def learn(self) -> str | None:
        """A guided first game (practice: not saved, not in the records)."""
        entries = guided_games()
        picked = self.question("Learn which game?", [e.title for e in entries], 0)
        if picked is None:
            return QUIT
        game = GuidedPlainGame(entries[picked].id, self.console)
        try:
            return game.run()
        finally:
            game.table.close()

    def continue_game(self) -> str | None:
        table, skipped = resume_latest()
        if skipped:
            self.console.say(f"Passed over a save: {skipped}")
        if table is None:
            self.console.say("There is no game to continue.")
            return MENU
        return self.play(table)

    def _pick_save(self, what: str):
        listings = [item for item in list_saves() if item.data is not None][:50]
        if not listings:
            self.console.say("There are no saves yet.")
            return None
        rows = [
            f"{item.data.game} {'finished' if item.data.finished else item.data.turn or 'started'}, "
            f"{', '.join(s.name for s in item.data.seats)}, {item.data.updated[:16].replace('T', ' ')}"
            for item in listings
        ]
        self.console.say(f"{what} (the latest first):", *(f"{n}: {row}" for n, row in enumerate(rows, 1)))
        picked = self.choose(what, rows, 0)
        return None if picked is None else listings[picked].path

    def load(self) -> str | None:
        path = self._pick_save("Which save?")
        if path is None:
            return MENU
        try:
            table = Table.load(path)
        except SaveError as err:
            self.console.say(str(err))
            return MENU
        return self.play(table)

    def replay(self) -> str | None:
        path = self._pick_save("Replay which save?")
        if path is None:
            return MENU
        try:
            table = Table.load(path, read_only=True)
        except SaveError as err:
            self.console.say(str(err))
            return MENU
        return replay(table, self.console)

    def records(self) -> str | None:
        self.console.say(*record_lines())
        return MENU

    def help(self) -> str | None:
        self.console.say(*HELP)
        return MENU
