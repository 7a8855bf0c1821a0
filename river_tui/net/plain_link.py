"""`ssh -p PORT alice@host plain`: the server's lobby and tables in plain lines,
for screen readers and braille displays (and for scripts).

A `PlainLink` stands where a session's Textual app would (the table registry
talks to it the same way: ``call_later``, ``notify``, ``your_move``), but writes
lines: every line once, in the order things happen, no colour or cursor
movement. Typed lines are read as they come (with or without a terminal: with
one, the server echoes what is typed and Backspace works). In the lobby: the
tables, who is here, the lobby's chat, the records, sitting down, watching, a new table. At a
table: the plain game commands of `plain.seat_lines` (the seat's own view only),
the table's chat and whispers (`say`, `@name ...`), who is here, takebacks (Y/N).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from typing import Any

from ..plain.seat_lines import COMMANDS, MENU, SeatLines, choices
from ..plain.records import record_lines
from ..plain.scores import final_lines
from ..rules.bots import LEVELS, bot_catalogue
from ..rules.registry import available, get_game
from ..safe_text import plain
from .auth import Identity
from .chat import ChatLine, LobbyWindow
from .tables import SeatTable, SharedTable, TableRegistry

log = logging.getLogger(__name__)


MOST_LINE = 1024
"""Characters of one typed line kept; the rest is dropped."""

LOBBY_COMMANDS = {
    "tables": "the tables on the server, whose move it is, and which seats are free",
    "who": "who is on the server now, and where",
    "sit N": "sit at table N (in your own seat, else the first free one, else watch)",
    "watch N": "watch table N",
    "new GAME SEATS [COMPUTERS] [LEVEL]": "start a table: e.g. new flow 2 1 easy",
    "say TEXT": "write to everyone in the lobby",
    "records": "the server's records: each game's players, games played and won, best and mean scores",
    "help": "these commands",
    "quit": "leave the server",
}

TABLE_COMMANDS = {
    **{name: words for name, words in COMMANDS.items() if name != "quit"},
    "say": "write to the table (say @bob TEXT whispers to bob)",
    "who": "who is at the table, here, away or gone",
    "y / n": "agree or refuse when someone asks to take back a move",
    "lobby": "back to the lobby (your seat stays yours)",
}


class PlainLink:
    """One SSH session in plain mode; ``write`` puts bytes on its channel."""

    def __init__(self, identity: Identity, registry: TableRegistry, write: Callable[[bytes], None], echo: bool) -> None:
        self.identity = identity
        self.registry = registry
        self.write = write
        self.echo = echo
        """Whether the client has a terminal (ssh -t): then the server echoes what is typed."""
        self.screen = None
        """No Textual screen is ever shown (a takeback's question is a line)."""
        self.window: SeatTable | None = None
        self.lines: SeatLines | None = None
        self._typed = bytearray()
        self._early = bytearray()
        """What was typed before the lobby was shown (a pipe sends all at once): read then."""
        self._started = False
        self._leaving = False
        self._answers: set[asyncio.Task[None]] = set()
        """Answers still being worked out (the records, read in a thread): said before the session ends."""
        self._done: asyncio.Future[None] | None = None
        self._lobby = LobbyWindow(registry.lobby_chat, self, identity)
        self._presence_said = ""
        self._prompted: tuple[int, frozenset[int]] | None = None
        """The moves made and the seats to act when the last prompt was said."""
        self.elsewhere: Callable[[bytes], None] | None = None
        """Where bytes go once this session's stream has left this process (with workers:
        to the table's worker, or back to the front): what came after the line that moved it."""

    # --- what the registry calls (as it calls a session's app) -------------------------------
    def call_later(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        asyncio.get_running_loop().call_soon(functools.partial(callback, *args, **kwargs))

    def notify(self, message: str, *args: Any, **kwargs: Any) -> None:
        self.say(str(message))

    def your_move(self, sentence: str, title: str) -> None:
        self.say(sentence)

    def push_screen(self, screen: Any) -> None:
        """The registry shows a question (a takeback's): here it is a line, answered with y or n."""
        question = getattr(screen, "question", None)
        if question is not None:
            self.say(str(question))

    def last_change(self) -> float:
        return self.registry.last_change(self)

    def key_pressed(self) -> None:
        self.registry.key_pressed(self)

    def exit(self) -> None:
        self._leaving = True
        if self._done is not None and not self._done.done():
            self._done.set_result(None)

    # --- the session -----------------------------------------------------------------
    async def run_async(self) -> None:
        self._done = asyncio.get_running_loop().create_future()
        self.registry.arrive(self, self.identity)
        try:
            self._begin()
            self._started = True
            if self._early:
                self.feed(bytes(self._early))
                self._early.clear()
            if self._leaving:
                self.exit()  # input ended, or ctrl+d, before the lobby was up: once its lines are read
            await self._done
            await asyncio.gather(*self._answers)
        finally:
            self._leave_table()
            self._lobby.stop(self._heard_in_lobby)
            self.registry.forget(self)

    def _begin(self) -> None:
        """Where the session starts: the lobby."""
        self._enter_lobby(first=True)

    def _leave_server(self) -> None:
        self.exit()

    def _back_to_lobby(self) -> None:
        self._leave_table()
        self._enter_lobby()

    def say(self, *lines: str) -> None:
        for text in lines:
            for line in str(text).split("\n"):
                self.write(plain(line).encode("utf-8") + b"\r\n")

    def feed(self, data: bytes) -> None:
        """Bytes typed: whole lines are answered; with a terminal, echoed as typed."""
        if not self._started:
            self._early += data[: MOST_LINE * 64 - len(self._early)]
            return
        for index, byte in enumerate(data):
            if self.elsewhere is not None:  # the line before moved the stream: the rest follows it
                self.elsewhere(data[index:])
                return
            if byte in (0x0D, 0x0A):
                if byte == 0x0A and not self._typed and self._last_was_return:
                    self._last_was_return = False
                    continue  # the \n of a \r\n
                self._last_was_return = byte == 0x0D
                if self.echo:
                    self.write(b"\r\n")
                text = self._typed.decode("utf-8", "replace")
                self._typed.clear()
                self.key_pressed()
                self.typed(text)
            elif byte in (0x7F, 0x08):
                if self._typed:
                    del self._typed[-1]
                    if self.echo:
                        self.write(b"\b \b")
            elif byte == 0x03 or byte == 0x04:  # ctrl+c, ctrl+d: leave
                self._leave_server()
            elif byte >= 0x20 and len(self._typed) < MOST_LINE:
                self._typed.append(byte)
                if self.echo:
                    self.write(bytes([byte]))

    _last_was_return = False

    # --- the lobby -----------------------------------------------------------------------
    def _enter_lobby(self, first: bool = False) -> None:
        self.registry.watch_lobby(self, self._lobby_changed)
        self._lobby.listen(self._heard_in_lobby)
        if first:
            self.say(f"River TUI, in plain lines. Hello, {self.identity.name}. 'help' lists what you may type.")
            mine = self.registry.your_moves(self.identity)
            if mine:
                self.say(f"It is your move at {len(mine)} table{'s' if len(mine) > 1 else ''}: "
                         + ", ".join(str(shared.number) for shared in mine) + ".")
        self.say("You are in the lobby.")
        self._tables()

    def _lobby_changed(self) -> None:
        """The lobby's tables changed: nothing is said (``tables`` lists them)."""

    def _heard_in_lobby(self, line: ChatLine) -> None:
        if self.window is None:
            self.say(f"{line.sender} (lobby): {line.text}")

    def _tables(self) -> None:
        tables = sorted(self.registry.tables.values(), key=lambda shared: shared.number)
        if not tables:
            self.say("No table is open; 'new GAME SEATS' starts one (e.g. new flow 2 1).")
            return
        mine = {shared.number for shared in self.registry.your_moves(self.identity)}
        for shared in tables:
            self.say(self._table_line(shared, shared.number in mine))

    @staticmethod
    def _table_line(shared: SharedTable, yours: bool) -> str:
        seats = []
        for number, seat in enumerate(shared.table.seats):
            if not seat.is_human:
                seats.append(f"{seat.name} (computer)")
            elif shared.owners[number] is None:
                seats.append(f"seat {number + 1} free")
            else:
                seats.append(seat.name)
        flag = "your move at " if yours else ""
        return f"{flag}table {shared.number}: {shared.title}; {', '.join(seats)}; {shared.turn()}."

    def _lobby_typed(self, text: str) -> None:
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("help", "?"):
            self.say(*(f"  {name}: {words}" for name, words in LOBBY_COMMANDS.items()))
        elif word == "tables":
            self._tables()
        elif word == "who":
            self.say("On the server now: " + ", ".join(self.registry.whereabouts()) + ".")
        elif word in ("sit", "watch", "join"):
            self._sit(rest.strip(), watch=word == "watch")
        elif word == "new":
            self._new(rest.split())
        elif word == "records":
            task = asyncio.get_running_loop().create_task(self._records())
            self._answers.add(task)
            task.add_done_callback(self._answers.discard)
        elif word in ("say", "c"):
            refusal = self._lobby.say(rest)
            if refusal is not None:
                self.say(refusal)
        elif word in ("quit", "q", "exit"):
            self.exit()
        else:
            self.say("In the lobby: tables, who, sit N, watch N, new GAME SEATS, say TEXT, records, help, quit.")

    async def _records(self) -> None:
        """Read in a thread: a big records file never holds up the server."""
        self.say(*await asyncio.to_thread(record_lines))

    def _sit(self, number: str, watch: bool) -> None:
        shared = self.registry.tables.get(int(number)) if number.isdigit() and len(number) < 7 else None
        if shared is None:
            self.say(f"There is no table {number[:10] or '(give its number)'}; 'tables' lists them.")
            return
        if watch:
            window = self.registry.watch(shared, self, self.identity)
        else:
            window = self.registry.join(shared, self, self.identity)
        self._open_table(window)

    def _new(self, words: list[str]) -> None:
        games = [entry.id for entry in available()]
        if not words or words[0] not in games:
            self.say(f"new GAME SEATS [COMPUTERS] [LEVEL]: the games are {', '.join(games)}.")
            return
        game = get_game(words[0])
        numbers = [int(w) for w in words[1:3] if w.isdigit() and len(w) < 3]
        seats = numbers[0] if numbers else max(game.min_seats, min(2, game.max_seats))
        bots = numbers[1] if len(numbers) > 1 else 0
        level = words[3] if len(words) > 3 else None
        if level is not None and level not in bot_catalogue(game):
            self.say(f"{game.title} has no computer level {level[:20]!r}; the levels are {', '.join(LEVELS)}.")
            return
        try:
            game.check_seats(seats)
            shared = self.registry.create(self.identity, game.id, seats, bots, game.default_variant(seats),
                                          computer=level)
        except ValueError as err:
            self.say(str(err))
            return
        self._open_table(self.registry.join(shared, self, self.identity))

    # --- a table -------------------------------------------------------------------------
    def _open_table(self, window: SeatTable) -> None:
        self.registry.watch_lobby(self, None)
        self._lobby.stop(self._heard_in_lobby)
        self.window = window
        self.lines = SeatLines(window, self.say, TABLE_COMMANDS)
        window.listeners.append(self._table_changed)
        window.presence.listeners.append(self._presence_changed)
        window.chat.listen(self._heard_at_table)
        shared = window.shared
        seat = window.seat
        who = "watching" if seat is None else f"in seat {seat + 1} ({shared.table.seats[seat].name})"
        self.say(f"Table {shared.number}: {shared.title}, you are {who}. 'help' lists what you may type; "
                 "'lobby' goes back.")
        self._presence_said = f"At the table: {window.presence.words()}."
        self.say(self._presence_said)
        earlier = window.chat.history()[-5:]
        if earlier:
            self.say("Lately at this table:", *(self._chat_words(line) for line in earlier))
        self._prompt()

    def _leave_table(self) -> None:
        window = self.window
        if window is None:
            return
        if self._table_changed in window.listeners:
            window.listeners.remove(self._table_changed)
        if self._presence_changed in window.presence.listeners:
            window.presence.listeners.remove(self._presence_changed)
        window.chat.stop(self._heard_at_table)
        self.window = self.lines = None
        self.registry.presence_changed()

    def _table_changed(self, window: SeatTable) -> None:
        if self.lines is None or window is not self.window:
            return
        self.lines.catch_up()
        if (len(window.log), window.to_act()) != self._prompted:
            self._prompt()

    def _prompt(self) -> None:
        """Say whose move it is (yours: what you may do), or the scores at the end."""
        window, lines = self.window, self.lines
        if window is None or lines is None:
            return
        self._prompted = (len(window.log), window.to_act())
        if window.finished:
            self.say(*final_lines(window.shared.table), "'lobby' goes back to the lobby.")
        elif window.seat is not None and window.seat in window.to_act():
            self.say(lines.turn_line(window.seat))
        else:
            self.say(lines.waiting_line())

    def _presence_changed(self) -> None:
        """Who is at the table changed: one line, unless it reads as the last one said
        (the registry also tells of changes a line does not show)."""
        if self.window is not None:
            words = f"At the table: {self.window.presence.words()}."
            if words != self._presence_said:
                self._presence_said = words
                self.say(words)

    def _heard_at_table(self, line: ChatLine) -> None:
        """A line of the table's chat this seat may see (its own too: that it went out)."""
        if self.window is not None:
            self.say(self._chat_words(line))

    def _chat_words(self, line: ChatLine) -> str:
        assert self.window is not None
        chat = self.window.chat
        sender = f"{line.sender} (watching)" if line.seat is None else line.sender
        if line.to is not None:
            return f"{sender} whispers to {chat.name(line.to)}: {line.text}"
        return f"{sender}: {line.text}"

    def _table_typed(self, text: str) -> None:
        window, lines = self.window, self.lines
        assert window is not None and lines is not None
        word, _, rest = text.strip().partition(" ")
        word = word.lower()
        if word in ("say", "c") and rest.strip():
            refusal = window.chat.say(rest.strip())
            if refusal is not None:
                self.say(refusal)
            return
        if text.strip().startswith("@"):
            refusal = window.chat.say(text.strip())
            if refusal is not None:
                self.say(refusal)
            return
        if word == "who":
            self.say(f"At the table: {window.presence.words()}.")
            return
        if word in ("y", "n") and not rest:
            self._answer_takeback(word == "y")
            return
        if word in ("lobby", "quit", "q"):
            self._back_to_lobby()
            return
        if word == "help" and window.seat is not None and window.seat in window.to_act():
            self.say(f"Your moves now: {choices(lines.written(window.seat))}.")
        if lines.typed(window.seat, text) == MENU:
            self._back_to_lobby()

    def _answer_takeback(self, agree: bool) -> None:
        window = self.window
        assert window is not None
        ask = window.shared.takeback
        if ask is None or window.seat is None or window.seat not in ask.waiting:
            self.say("Nobody is asking you to take a move back now.")
            return
        self.registry.answer_takeback(window.shared, ask, window.seat, agree)

    def typed(self, text: str) -> None:
        try:
            if self.window is None:
                self._lobby_typed(text.strip())
            else:
                self._table_typed(text)
        except Exception:
            log.exception("plain session of %s failed on a line", self.identity.name)
            self.say("Something went wrong on the server; it has been logged. Sorry.")
