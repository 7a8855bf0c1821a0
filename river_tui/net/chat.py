"""Table chat on a server: lines to the whole table, and whispers to one seat.

Each `SharedTable` has a `TableChat`: its last ``MAX_LINES`` lines, kept in a file
beside the table's save (``NAME.chat.json``), never in the game's state, save or
replay. The file is written whole (atomically, in a worker thread) after each
line, and read back when the server restarts as any file from outside is: a
regular file of at most ``MAX_FILE_BYTES``, the schema checked line by line (a bad
line is skipped, a file that cannot be used at all is left as it is and the
table's chat goes on in memory only).

Who may write what (`TableChat.say`): anyone looking at the table, seated or
watching, writes to everyone there; a seated player may whisper to one other
seat held by a person ("@Name words"), and only that seat's session (and the
whisperer's) gets the line. Watchers cannot whisper. Every line is plain text:
control characters are dropped (`plain`), markup is never read (the screens show
it as it was typed), and a line holds at most ``MAX_CHARS`` characters. Each
session may send at most one line a second and ``PER_MINUTE`` a minute
(`ChatRates`); the excess is refused with a sentence the screen shows.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from collections import deque
from collections.abc import Callable
from contextvars import Context
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from ..safe_text import plain
from ..saves.files import read_regular, write_atomically
from ..saves.numbers import loads_json, whole_number
from .auth import MAX_NAME

log = logging.getLogger(__name__)

MAX_LINES = 200
"""Lines a table keeps (older ones are dropped)."""
MAX_CHARS = 300
"""Characters in one line, as typed (with a whisper's "@Name ")."""
PER_MINUTE = 20
"""Lines one session may send in any minute (and at most one a second)."""
MAX_FILE_BYTES = 1024 * 1024
"""A chat file is read only up to this size (200 full lines of four-byte characters take 260 KB)."""
FORMAT, VERSION = "river-tui-chat", 1
SUFFIX = ".chat.json"

Listener = Callable[["ChatLine"], None]


@dataclass(frozen=True)
class ChatLine:
    """One line: who wrote it (their name then, and their seat; None: a watcher),
    what they wrote, the seat it was whispered to (None: the whole table), and
    when (seconds since the epoch; None: not known, a line kept before times were)."""

    sender: str
    seat: int | None
    text: str
    to: int | None = None
    at: float | None = None

    def seen_by(self, seat: int | None) -> bool:
        """Whether a window from ``seat`` (None: watching) is shown this line."""
        return self.to is None or (seat is not None and seat in (self.seat, self.to))


class ChatRates:
    """How often each session has written: at most one line a second and
    ``PER_MINUTE`` a minute. Refused lines do not count."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        """Seconds, as `time.monotonic` (a test sets its own)."""
        self.wall_clock: Callable[[], float] = time.time
        """When a line is written, as `time.time` (a test sets its own)."""
        self._sent: WeakKeyDictionary[Any, deque[float]] = WeakKeyDictionary()

    def refusal(self, session: Any) -> str | None:
        """None if ``session`` may send a line now (it is counted), else why not."""
        now = self.clock()
        sent = self._sent.setdefault(session, deque())
        while sent and now - sent[0] >= 60:
            sent.popleft()
        if sent and now - sent[-1] < 1:
            return "One line a second: send it again in a moment."
        if len(sent) >= PER_MINUTE:
            wait = math.ceil(60 - (now - sent[0]))
            return f"At most {PER_MINUTE} lines a minute: send it again in {wait} s."
        sent.append(now)
        return None

    def sent_by(self, session: Any) -> list[float]:
        """When ``session`` sent its lines of the last minute (on ``clock``): with workers,
        the count goes with the session's stream to the table's process and back."""
        return list(self._sent.get(session, ()))

    def carry_on(self, session: Any, sent: list[float]) -> None:
        """``session`` sent lines at ``sent`` in another process of the server (on the
        same clock: `time.monotonic` is the machine's): they count here from now on."""
        self._sent[session] = deque(sorted(sent)[-PER_MINUTE:])


def chat_path(save: Path) -> Path:
    """The chat file of the table saved at ``save``: beside it, ``NAME.chat.json``."""
    return save.with_name(save.stem + SUFFIX)


class TableChat:
    """The chat of one table: its lines, the chat panes listening, and its file.

    ``writable`` is False when the file was there but could not be used: it is
    then never written over, and the chat lives in memory only.
    """

    def __init__(self, rates: ChatRates, path: Path | None = None, lines: list[ChatLine] | None = None) -> None:
        self.rates = rates
        self.path = path
        self.lines: deque[ChatLine] = deque(lines or (), maxlen=MAX_LINES)
        self.writable = True
        self._listeners: dict[Listener, Any] = {}
        self._writer: asyncio.Task[None] | None = None
        self._dirty = False

    @classmethod
    def beside(cls, save: Path | None, seats: int, rates: ChatRates) -> TableChat:
        """The chat kept beside the save ``save`` of a table of ``seats`` seats (empty
        if there is none yet; in memory only if ``save`` is None)."""
        if save is None:
            return cls(rates)
        path = chat_path(save)
        lines, problem = read_chat(path, seats)
        chat = cls(rates, path, lines)
        if problem is not None:
            log.error("%s; this table's chat is kept in memory only", problem)
            chat.writable = False
        return chat

    # --- reading --------------------------------------------------------------------
    def seen_by(self, seat: int | None) -> list[ChatLine]:
        """The kept lines a window from ``seat`` is shown, oldest first."""
        return [line for line in self.lines if line.seen_by(seat)]

    def listen(self, window: Any, listener: Listener) -> None:
        """Call ``listener`` (in ``window``'s app) with each new line ``window``'s seat may see."""
        self._listeners[listener] = window

    def stop(self, listener: Listener) -> None:
        self._listeners.pop(listener, None)

    # --- writing -------------------------------------------------------------------
    def say(self, window: Any, typed: str) -> str | None:
        """Send ``typed`` from ``window`` (a `SeatTable`): None when it went out, else
        the sentence saying why not. "@Name words" whispers to the seat named Name."""
        shared = window.shared
        if window not in shared.viewers or not window.listeners:
            return "You can write only at a table you are looking at."
        text = plain(typed).strip()
        refusal = _unfit(text)
        if refusal is not None:
            return refusal
        to = None
        if text.startswith("@"):
            found = whisper_target(window, text)
            if isinstance(found, str):
                return found
            to, text = found
        refusal = self.rates.refusal(window.app)
        if refusal is not None:
            return refusal
        seat = window.seat
        sender = shared.table.seats[seat].name if seat is not None else window.identity.name
        self.add(ChatLine(plain(sender, MAX_NAME), seat, text, to, self.rates.wall_clock()))
        return None

    def add(self, line: ChatLine) -> None:
        """Keep ``line``, show it to every window that may see it, and write the file."""
        self.lines.append(line)
        for listener, window in list(self._listeners.items()):
            if not self._open(window):  # its session ended without taking its pane down
                del self._listeners[listener]
            elif line.seen_by(window.seat):
                window.app.call_later(listener, line)
        if self.path is not None and self.writable:
            self._dirty = True
            if self._writer is None or self._writer.done():
                self._writer = asyncio.get_running_loop().create_task(self._write(), context=Context())

    def _open(self, window: Any) -> bool:
        """Whether ``window`` is still a window onto the table."""
        return window in window.shared.viewers

    async def _write(self) -> None:
        """Write the kept lines until none came meanwhile (one write at a time)."""
        assert self.path is not None
        while self._dirty:
            self._dirty = False
            raw = encode(list(self.lines))
            try:
                await asyncio.to_thread(write_atomically, self.path, raw, False, self.path.parent)
            except OSError as err:
                log.error("the chat could not be kept in %s: %s", self.path, err)

    async def flush(self) -> None:
        """Wait until the last line is on disk."""
        if self._writer is not None:
            await self._writer


def _unfit(text: str) -> str | None:
    """Why ``text`` (cleaned) cannot be sent as a line, or None."""
    if not text:
        return "There is nothing to send."
    if len(text) > MAX_CHARS:
        return f"A line holds at most {MAX_CHARS} characters; this one has {len(text)}."
    return None


class LobbyChat(TableChat):
    """The server's lobby channel: one chat for everyone in the lobby, with a table
    chat's limits and cleaning (one rate per session across all chats), kept in
    ``serve/lobby.chat.json``. Nobody has a seat there: every line is to everyone."""

    LOBBY_FILE = "lobby.chat.json"

    def __init__(self, rates: ChatRates, connected: Callable[[Any], bool], path: Path | None = None,
                 lines: list[ChatLine] | None = None) -> None:  # fmt: skip
        super().__init__(rates, path, lines)
        self._connected = connected
        """Whether an app's session is still on the server."""

    @classmethod
    def kept_in(cls, folder: Path, rates: ChatRates, connected: Callable[[Any], bool]) -> LobbyChat:
        path = folder / cls.LOBBY_FILE
        lines, problem = read_chat(path, 0)
        chat = cls(rates, connected, path, lines)
        if problem is not None:
            log.error("%s; the lobby's chat is kept in memory only", problem)
            chat.writable = False
        return chat

    def say(self, window: Any, typed: str) -> str | None:
        """Send ``typed`` from ``window`` (a `LobbyWindow`) to everyone in the lobby:
        None when it went out, else why not."""
        text = plain(typed).strip()
        refusal = _unfit(text) or self.rates.refusal(window.app)
        if refusal is not None:
            return refusal
        self.add(ChatLine(plain(window.identity.name, MAX_NAME), None, text, None, self.rates.wall_clock()))
        return None

    def _open(self, window: Any) -> bool:
        return self._connected(window.app)


class LobbyWindow:
    """One session's side of the lobby's chat: what the lobby's chat pane and line hold."""

    max_chars = MAX_CHARS
    audience = "To the lobby:"
    whispers = False
    watchers_marked = False
    """Nobody is seated in the lobby: nobody's lines are marked as a watcher's."""
    seat = None

    def __init__(self, chat: LobbyChat, app: Any, identity: Any) -> None:
        self._chat = chat
        self.app = app
        self.identity = identity

    def wrote(self, line: ChatLine) -> bool:
        return line.sender == self.identity.name

    def history(self) -> list[ChatLine]:
        return list(self._chat.lines)

    def now(self) -> float:
        return self._chat.rates.wall_clock()

    def say(self, typed: str) -> str | None:
        return self._chat.say(self, typed)

    def listen(self, listener: Listener) -> None:
        self._chat.listen(self, listener)

    def stop(self, listener: Listener) -> None:
        self._chat.stop(listener)

    def addressee(self, typed: str) -> str | None:
        return None  # no whispers in the lobby

    def name(self, seat: int) -> str:
        return ""  # no seats in the lobby


class ChatWindow:
    """One session's side of a table's chat, through its window (a `SeatTable`):
    what a game screen holds to show and write lines."""

    max_chars = MAX_CHARS
    """The longest line the chat takes (the input holds no more)."""
    audience = "To the table:"
    whispers = True
    watchers_marked = True
    """A line from no seat is a watcher's, and says so."""

    def __init__(self, chat: TableChat, window: Any) -> None:
        self._chat = chat
        self._window = window

    @property
    def seat(self) -> int | None:
        """The window's seat now (None: watching; a window's seat can be taken by a newer session)."""
        return self._window.seat

    def name(self, seat: int) -> str:
        """The seat's name now."""
        return self._window.shared.table.seats[seat].name

    def wrote(self, line: ChatLine) -> bool:
        """Whether ``line`` was written from this window's seat (or by this watcher)."""
        seat = self._window.seat
        return line.seat == seat if seat is not None else line.seat is None and line.sender == self._window.identity.name

    def history(self) -> list[ChatLine]:
        return self._chat.seen_by(self._window.seat)

    def now(self) -> float:
        """The time now, as lines are timed (seconds since the epoch)."""
        return self._chat.rates.wall_clock()

    def say(self, typed: str) -> str | None:
        return self._chat.say(self._window, typed)

    def listen(self, listener: Listener) -> None:
        self._chat.listen(self._window, listener)

    def stop(self, listener: Listener) -> None:
        self._chat.stop(listener)

    def addressee(self, typed: str) -> str | None:
        """The name of the seat ``typed`` would whisper to, if it whispers to one."""
        seats = self._window.shared.table.seats
        found = named_seat(seats, typed) if typed.startswith("@") else None
        return None if found is None else seats[found[0]].name


def named_seat(seats: Any, text: str) -> tuple[int, str] | None:
    """For "@Name words": the seat named (by name, longest first, or by number) and the words."""
    rest = text[1:]
    by_length = sorted(range(len(seats)), key=lambda s: -len(seats[s].name))
    found = next((s for s in by_length if _starts_with_word(rest, seats[s].name)), None)
    if found is not None:
        return found, rest[len(seats[found].name) :].strip()
    number, _, words = rest.partition(" ")
    seat = whole_number(number, 1, len(seats))
    return None if seat is None else (seat - 1, words.strip())


def whisper_target(window: Any, text: str) -> tuple[int, str] | str:
    """For "@Name words" typed at ``window``: the seat to whisper to and the words,
    or why they cannot be whispered."""
    if window.seat is None:
        return "Watchers cannot whisper to players."
    seats = window.shared.table.seats
    found = named_seat(seats, text)
    if found is None:
        return f"No seat here is called {plain(text[1:].partition(' ')[0], 30)}: whisper with @ and a seat's name."
    seat, words = found
    name = plain(seats[seat].name, MAX_NAME)
    if seat == window.seat:
        return "That is your own seat."
    if not seats[seat].is_human:
        return f"{name} is played by the computer."
    if window.shared.owners[seat] is None:
        return f"Nobody sits in {name} yet."
    if not words:
        return f"Write what to whisper to {name} after the name."
    return seat, words


def _starts_with_word(text: str, name: str) -> bool:
    return text.casefold().startswith(name.casefold()) and (len(text) == len(name) or text[len(name)] == " ")


# --- the file --------------------------------------------------------------------------
def encode(lines: list[ChatLine]) -> bytes:
    entries = [{"from": line.sender, "seat": line.seat, "to": line.to, "text": line.text, **_when(line)} for line in lines]
    return json.dumps({"format": FORMAT, "version": VERSION, "lines": entries}, ensure_ascii=False).encode()


def _when(line: ChatLine) -> dict[str, str]:
    """A line's time as the file keeps it: in UTC, to the second ("2026-12-07T09:04:05Z")."""
    if line.at is None:
        return {}
    return {"at": datetime.fromtimestamp(line.at, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}


def _time(value: Any) -> float | None:
    """The time of an entry of the file, if it holds one written as `_when` writes it."""
    if not (isinstance(value, str) and len(value) == len("2026-12-07T09:04:05Z") and value.endswith("Z")):
        return None
    try:
        return datetime.strptime(value, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp()
    except ValueError:
        return None


def read_chat(path: Path, seats: int) -> tuple[list[ChatLine], str | None]:
    """The usable lines of the chat file ``path`` of a table of ``seats`` seats (bad
    ones are skipped and logged), and the sentence saying why the file cannot be
    used at all (None if it can, or if there is none). The one reader of this file."""
    name = plain(path.name, 80)
    try:
        raw = read_regular(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        return [], None
    except OSError as err:
        return [], f"the chat file {name} cannot be read ({plain(err.strerror or err, 100)})"
    if len(raw) > MAX_FILE_BYTES:
        return [], f"the chat file {name} is larger than {MAX_FILE_BYTES // 2**20} MB"
    try:
        data = loads_json(raw, keep_odd=True)  # an odd number spoils its line, not the chat
    except (ValueError, RecursionError):
        return [], f"the chat file {name} is not JSON"
    if not (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and data.get("version") == VERSION
        and isinstance(data.get("lines"), list)
    ):
        return [], f"the chat file {name} is not a River TUI chat of this version"
    entries = data["lines"][-MAX_LINES:]
    lines = [line for line in (_line(entry, seats) for entry in entries) if line is not None]
    if len(lines) < len(entries):
        log.warning("the chat file %s: %d unusable lines skipped", name, len(entries) - len(lines))
    return lines, None


def _line(entry: Any, seats: int) -> ChatLine | None:
    """One entry of the file as a line, or None when it is not one."""
    if not isinstance(entry, dict):
        return None
    sender, seat, text, to = entry.get("from"), entry.get("seat"), entry.get("text"), entry.get("to")
    if not (isinstance(sender, str) and isinstance(text, str) and _seat(seat, seats) and _seat(to, seats)):
        return None
    if to is not None and (seat is None or to == seat):
        return None
    sender, text = plain(sender).strip(), plain(text).strip()
    if not sender or len(sender) > MAX_NAME or not text or len(text) > MAX_CHARS:
        return None
    return ChatLine(sender, seat, text, to, _time(entry.get("at")))


def _seat(value: Any, seats: int) -> bool:
    return value is None or (type(value) is int and 0 <= value < seats)
