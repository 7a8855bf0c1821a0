"""What one seat at a table is told and may type, line by line: the core of a
plain game, shared by a game at one keyboard (game.py) and a seat at a server's
table over SSH (net/plain_link.py).

It holds a table through the `TableWindow` interface (play/window.py) and says
lines through a callable. Every position it describes is the seat's own
`Game.view`; the moves it offers are `legal_actions` of that view.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from ..play.table import UndoRefused
from ..play.window import TableWindow
from ..rules.core import Action, IllegalAction
from ..rules.notation import NotationError, notation_of
from .boards import scores_of, sections_of

MENU = "menu"
"""What a line answers when its player leaves the table."""

COMMANDS = {
    "board": "board, or one part of it: board NAME (the parts are listed by 'board parts')",
    "mine": "your own part of the board: your hand, sheet or role",
    "moves": "every move you may make now (moves place L03: only those that begin so)",
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


class SeatLines:
    """One seat's (or a watcher's: None) lines at ``table``."""

    def __init__(self, table: TableWindow, say: Callable[..., None], commands: dict[str, str] | None = None) -> None:
        self.table = table
        self.say = say
        self.commands = commands or COMMANDS
        self.game = table.game
        self.notation = notation_of(self.game)
        self.sections = sections_of(self.game.id)
        self.scores = scores_of(self.game.id)
        self.printed = len(table.log_lines)
        """How many of the table's log lines have been said."""
        self.told: list[Callable[[list[str]], None]] = []
        """Also handed every new log line (a program playing a seat hears each move)."""

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.table.seats]

    def legal(self, seat: int) -> list[Action]:
        """What ``seat`` may do now, from its own view."""
        return list(self.game.legal_actions(self.table.view(seat), seat))

    def written(self, seat: int | None) -> list[str]:
        return [] if seat is None else [self.notation.format(a) for a in self.legal(seat)]

    def catch_up(self) -> list[str]:
        """Say the log lines written since last time; returns them."""
        lines = self.table.log_lines
        if len(lines) < self.printed:  # an undo took lines back
            self.printed = len(lines)
        new = lines[self.printed :]
        self.say(*new)
        self.printed = len(lines)
        for listener in self.told:
            listener(new)
        return new

    # --- what is said ----------------------------------------------------------------
    def turn_line(self, seat: int) -> str:
        """"Round 2: Ann, your move: place (13 ways) or draw (draw Wh,Pt,Cc,Bs)."."""
        where = self.game.round_label(self.table.state)
        return f"{where + ': ' if where else ''}{self.names[seat]}, your move: {choices(self.written(seat))}."

    def waiting_line(self) -> str:
        acting = sorted(self.table.to_act())
        where = self.game.round_label(self.table.state)
        who = ", ".join(self.names[s] for s in acting) or "nobody"
        return f"{where + ': ' if where else ''}{who} to move."

    # --- what is typed ---------------------------------------------------------------
    def typed(self, seat: int | None, text: str) -> str | None:
        """Answer one line typed by ``seat`` (None: a watcher): a command or a move.
        Returns `MENU` when the player leaves the table."""
        text = text.strip()
        if not text:
            return None
        word, _, rest = text.partition(" ")
        command = ALIASES.get(word.lower(), word.lower())
        if command in self.commands and not self._is_verb(command):
            return self.command(seat, command, rest.strip())
        if seat is None:
            self.say("You are watching this table; only seated players move.")
        elif not self.game.may_act(self.table.state, seat):
            self.say(f"It is not your turn. {self.waiting_line()}")
        else:
            self.play(seat, text)
        return None

    def _is_verb(self, word: str) -> bool:
        return any(verb.word == word for verb in self.notation.verbs)

    def play(self, seat: int, typed: str) -> bool:
        """Play the move typed for ``seat``: True when it was made."""
        written = self.written(seat)
        try:
            action = self.notation.parse(typed)
        except NotationError as err:
            self.say(err.reason + near(typed, written))
            return False
        try:
            self.table.apply(seat, action)
        except IllegalAction as err:
            self.say(self.table.named(err.reason) + near(typed, written))
            return False
        self.catch_up()
        notice = self.table.save_notice()
        if notice:
            self.say(notice)
        return True

    def command(self, seat: int | None, command: str, rest: str) -> str | None:
        say = self.say
        view = self.table.view(seat)
        if command == "help":
            say("Type a move, or one of these (Tab completes both at a terminal):")
            say(*(f"  {name}: {words}" for name, words in self.commands.items()))
        elif command == "board":
            self._board(view, seat, rest)
        elif command == "mine":
            if seat is None:
                say("You are watching: you have no hand, sheet or role here.")
            else:
                self._board(view, seat, self.names[seat])
        elif command == "moves":
            start = " ".join(rest.split()).lower()
            chosen = [line for line in self.written(seat) if line.lower().startswith(start)]
            say(f"{len(chosen)} move{'s' if len(chosen) != 1 else ''}:", *chosen)
        elif command == "last":
            count = int(rest) if rest.isdigit() and 0 < int(rest) <= 1000 else RECENT
            say(*(self.table.log_lines[-count:] or ["No move has been made yet."]))
        elif command == "recap":
            say(*(self.table.recent(seat).summary or ["Nothing has happened since your last turn."]))
        elif command == "scores":
            say(*(self.scores(view, self.names) if self.scores else ["This game's scores are counted at the end."]))
        elif command == "turn":
            acting = seat is not None and self.game.may_act(self.table.state, seat)
            say(self.turn_line(seat) if acting else self.waiting_line())
        elif command == "rules":
            say(*rules_summary(self.game.id))
        elif command == "undo":
            self._undo(seat)
        elif command == "save":
            say(f"Saved: {self.table.path}." if self.table.save() else self.table.save_notice() or "Not saved.")
        elif command == "quit":
            return MENU
        return None

    def _board(self, view, seat: int | None, part: str) -> None:
        sections = self.sections(view, seat, self.names)
        names = ", ".join(name for name, _ in sections)
        if part.lower() == "parts":
            self.say(f"Parts: {names}.")
            return
        chosen = [lines for name, lines in sections if not part or name.lower() == part.lower()]
        if not chosen:
            self.say(f"There is no part called {part[:40]!r}; the parts are: {names}.")
        for lines in chosen:
            self.say(*lines)

    def _undo(self, seat: int | None) -> None:
        if seat is None:
            self.say("You are watching this table; only seated players take moves back.")
            return
        try:
            taken = self.table.undo(seat)
        except UndoRefused as err:
            self.say(str(err))
            return
        self.printed = len(self.table.log_lines)
        self.say(f"Took back {taken} move{'s' if taken != 1 else ''}.")


def choices(written: Sequence[str]) -> str:
    """The moves grouped by verb: a verb with one move shows it whole."""
    by_verb = Counter(line.split(" ", 1)[0] for line in written)
    whole = {line.split(" ", 1)[0]: line for line in written}
    parts = [whole[verb] if count == 1 else f"{verb} ({count} ways)" for verb, count in by_verb.items()]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def near(typed: str, written: Sequence[str]) -> str:
    """" Did you mean place Wh h?" for a near miss of a legal move."""
    close = difflib.get_close_matches(typed, written, n=3, cutoff=0.6)
    return f" Did you mean {' or '.join(close)}?" if close else ""


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
