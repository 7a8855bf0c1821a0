"""A Textual driver for one SSH session, written against Textual 8.2.

Textual's terminal drivers own the process: they read stdin in a thread, set
termios modes and install signal handlers. A server runs many apps in one
asyncio loop, so this driver does none of that. The SSH session pushes what the
client typed into `SSHDriver.feed` (bytes, decoded here and parsed by Textual's
own `XTermParser`, escape-key timeout included), a window-change request into
`SSHDriver.resize`, and everything the app draws goes back through the
session's `Terminal.send`, one write per frame.
"""

from __future__ import annotations

import asyncio
import codecs
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from textual import constants, events
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from ..patches.borrowed import XTermParser, retire_parser, set_colour_system
from ..safe_text import plain
from .paste import Pasted, Pastes
from .ratelimit import TokenBucket

if TYPE_CHECKING:
    from textual.app import App

MIN_SIZE = (1, 1)
MAX_SIZE = (400, 200)
"""Windows are clamped to this many columns and rows: a client announcing a
10000x10000 terminal would otherwise make one session render a hundred million
cells in the loop every other session shares."""

RESIZE_INTERVAL = 0.2
"""Seconds between two layouts for window changes: sizes announced in between
are coalesced into the last one."""

MAX_UNPARSED = 16 * 1024
"""Characters the parser may swallow outside a paste without producing a single
event (an endless escape sequence) before it is reset."""

MAX_PASTE = 64 * 1024
"""Bytes a bracketed paste may hold; a longer one is cut there, with a notice."""

INPUT_BYTES = (MAX_PASTE + 8 * 1024, 4 * 1024)
"""Input bytes a session may send at once (a paste of ``MAX_PASTE``), and per
second on average: far above any typing or mouse use; past it input is dropped,
with a notice. Textual's parser takes about 1 us a pasted character and 6 us a
key, so a client flooding at this rate costs the loop every session shares at
most about 25 ms a second."""

INPUT_EVENTS = (320, 40)
"""Input events (keys, mouse, paste) a session may cause at once, and per second:
at once, a line of chat from a terminal that pastes as typed keys; on average, more
than key repeat gives. Each costs its app a dispatch, often a redraw."""

FLOOD_QUIET = 0.15
"""Seconds without input that end a flood: once input comes faster than the
session may send, everything is dropped until it pauses this long, so what
arrived is the flood's beginning, cut once (never pieces of it spliced)."""

MOUSE_MOTION = (30, 20)
"""Mouse motion reports a session may cause at once, and per second."""

NOTICE_INTERVAL = 5.0
"""Seconds between two notices that input was dropped."""
TOO_FAST = "Your input came faster than the server takes it: the rest of it was dropped."
PASTE_CUT = "Your paste was too long: only its beginning arrived."

TITLE = "River TUI"
"""The terminal's title while River TUI runs in it (tab bars show it)."""
MAX_TITLE = 80
"""Characters of a title at most: tab bars show a few dozen."""

# The Kitty keyboard protocol flags Textual's LinuxDriver asks for; with them the
# escape key arrives unambiguously and the escape-key timeout rarely matters.
KITTY_KEY_FLAGS = 0b00001 | 0b01000 | 0b10000


class Terminal(Protocol):
    """The SSH side of a session, as the driver sees it."""

    def send(self, data: bytes) -> None:
        """Write bytes to the client's terminal."""

    def key_pressed(self) -> None:
        """A key press reached the app (the person is there)."""


@dataclass(frozen=True)
class TerminalInfo:
    """What the client told us about its terminal in its PTY request."""

    size: tuple[int, int]
    term_type: str = "xterm-256color"
    colorterm: str = ""
    no_color: bool = False
    """Draw without colour: the client sent NO_COLOR, or its TERM has no colours."""
    cursor_shown: bool = True
    """Show the terminal's cursor where the app puts it (on the thing in focus), unless
    the client sent RIVER_TUI_CURSOR=hidden (widgets/terminal_cursor.py)."""

    @property
    def color_system(self) -> str:
        """Rich's name for the colour depth this terminal asks for."""
        if self.colorterm.lower() in ("truecolor", "24bit"):
            return "truecolor"
        if "256color" in self.term_type or self.term_type.startswith(("xterm-kitty", "alacritty")):
            return "256"
        return "standard"


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """The size the app renders for a window of ``width`` x ``height``."""
    return (
        min(max(width, MIN_SIZE[0]), MAX_SIZE[0]),
        min(max(height, MIN_SIZE[1]), MAX_SIZE[1]),
    )


class SSHDriver(Driver):
    """Drives one `App` over one SSH channel, inside the server's event loop.

    The app is given the session's size and colour depth, never the server's
    terminal: Textual renders through ``app.console``'s colour system.
    """

    def __init__(
        self,
        app: App[Any],
        *,
        terminal: Terminal,
        info: TerminalInfo,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=clamp_size(*info.size))
        set_colour_system(app.console, info.color_system)
        app.no_color = info.no_color  # RiverApp's filters follow it, as for NO_COLOR at home
        if hasattr(app, "set_title"):  # an app that retitles its player's terminal (RemoteApp)
            app.set_title = self.set_title
        self._terminal = terminal
        self._cursor_shown = info.cursor_shown
        self._session_app = app
        self._server_loop = asyncio.get_running_loop()
        self._wants_mouse = mouse
        self._window = clamp_size(*info.size)  # the last size the client announced
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._input_parser = XTermParser()
        self._unparsed = 0
        self._pastes = Pastes(MAX_PASTE)
        self._flood_handle: asyncio.TimerHandle | None = None
        """While input is being dropped for coming too fast: the end of the flood, once quiet."""
        self._last_notice = -NOTICE_INTERVAL
        self._byte_budget = TokenBucket(*INPUT_BYTES)
        self._event_budget = TokenBucket(*INPUT_EVENTS)
        self._motion_budget = TokenBucket(*MOUSE_MOTION)
        self._output: list[str] = []
        self._input_enabled = False
        self._tick_handle: asyncio.TimerHandle | None = None
        self._resize_handle: asyncio.TimerHandle | None = None
        self._resize_pending = False

    # --- input --------------------------------------------------------------
    def feed(self, data: bytes) -> None:
        """Parse bytes the client typed and post the resulting events to the app, in
        the order they came: keys, mouse, and whole pastes (`Pastes`).

        The work is bounded: bytes and events beyond the session's rate are dropped
        (with a notice), and so is everything after them until the input pauses
        (``FLOOD_QUIET``); a paste keeps at most ``MAX_PASTE`` bytes."""
        if not self._input_enabled:
            return
        if self._flood_handle is not None or not self._byte_budget.take(len(data)):
            self._drop(data)
            return
        parts, reset = self._pastes.split(data)
        if reset:
            self._reset_parser()
        produced = 0
        for part in parts:
            if isinstance(part, Pasted):
                produced += 1
                if not self._post_input(events.Paste(part.text)):
                    return
                if part.cut:
                    self._notice(PASTE_CUT)
                continue
            text = self._decoder.decode(part)
            for message in self._input_parser.feed(text):
                produced += 1
                if not self._post_input(message):
                    return
            self._unparsed = 0 if produced else self._unparsed + len(text)
        if self._unparsed > MAX_UNPARSED:
            self._reset_parser()
        self._schedule_tick()

    def _drop(self, data: bytes) -> None:
        """Input came too fast: drop ``data`` and what follows until the input pauses.
        A paste it cuts still arrives, what it kept of it, once its end comes."""
        pasted = self._pastes.skip(data)
        if pasted is not None:
            self.process_message(events.Paste(pasted.text))
        self._flood()

    def _flood(self) -> None:
        if self._flood_handle is None:
            self._reset_parser()  # the bytes dropped may end mid-sequence
            self._notice(TOO_FAST)
        else:
            self._flood_handle.cancel()
        self._flood_handle = self._server_loop.call_later(FLOOD_QUIET, self._flood_over)

    def _flood_over(self) -> None:
        self._flood_handle = None

    def _post_input(self, message: Message) -> bool:
        """Post one event to the app; False when it came too fast (the flood begins with it)."""
        if isinstance(message, events.MouseMove):
            if self._motion_budget.take(1):  # a hovering mouse: dropped silently past its rate
                self.process_message(message)
            return True
        if not self._event_budget.take(1):
            self._flood()
            return False
        if isinstance(message, events.Key) and message.key != "ctrl+@":  # NUL is no one at the keyboard
            self._terminal.key_pressed()
        self.process_message(message)
        return True

    def _notice(self, sentence: str) -> None:
        """Tell the person their input was dropped (not more often than every ``NOTICE_INTERVAL``)."""
        now = self._server_loop.time()
        if now - self._last_notice >= NOTICE_INTERVAL:
            self._last_notice = now
            self._session_app.notify(sentence, severity="warning", markup=False)

    def _schedule_tick(self) -> None:
        """A lone ESC is the escape key only once no more bytes follow within
        Textual's escape delay; ask the parser again after that delay."""
        if self._tick_handle is not None:
            self._tick_handle.cancel()
        self._tick_handle = self._server_loop.call_later(constants.ESCAPE_DELAY * 1.1, self._ask_parser_again)

    def _ask_parser_again(self) -> None:
        self._tick_handle = None
        if self._input_enabled:
            for message in self._input_parser.tick():
                if not self._post_input(message):
                    return

    def _reset_parser(self) -> None:
        retire_parser(self._input_parser)
        self._input_parser = XTermParser()
        self._decoder.reset()
        self._unparsed = 0

    def resize(self, width: int, height: int) -> None:
        """The client's window changed size. Sizes are coalesced: at most one
        layout per ``RESIZE_INTERVAL``, for the last size announced in it (a
        client sending hundreds of window changes costs the loop a few layouts)."""
        self._window = clamp_size(width, height)
        if self._resize_handle is None:
            self._post_size()
            self._resize_handle = self._server_loop.call_later(RESIZE_INTERVAL, self._resize_settled)
        else:
            self._resize_pending = True

    def _resize_settled(self) -> None:
        self._resize_handle = None
        if self._resize_pending and self._input_enabled:
            self._resize_pending = False
            self.resize(*self._window)

    def _post_size(self) -> None:
        size = Size(*self._window)
        self.send_message(events.Resize(size, size))

    def send_message(self, message: Message) -> None:
        """Post straight into the app's queue: we already run in its loop."""
        self._session_app.post_message(message)

    # --- output -------------------------------------------------------------
    def write(self, data: str) -> None:
        self._output.append(data)

    def flush(self) -> None:
        if self._output:
            data = "".join(self._output)
            self._output.clear()
            self._terminal.send(data.encode("utf-8", errors="replace"))

    def set_title(self, title: str) -> None:
        """Set the terminal's window title (OSC 2), sent at once. The title is made
        of printable characters only, and the sequence ends with ST, not BEL: a bell
        is a sound, rung only on purpose."""
        self.write(f"\x1b]2;{plain(title, MAX_TITLE)}\x1b\\")
        self.flush()

    def open_url(self, url: str, new_tab: bool = True) -> None:
        """Would open a browser on the server's machine, not the player's: do nothing."""

    # --- application mode ---------------------------------------------------
    def start_application_mode(self) -> None:
        write = self.write
        write("\x1b[?1049h")  # alternate screen
        self._enable_mouse()
        write("\x1b[?25h" if self._cursor_shown else "\x1b[?25l")  # the cursor: on the thing in focus
        write("\x1b[?1004h")  # focus in/out reports
        if not constants.DISABLE_KITTY_KEY:
            write(f"\x1b[>{KITTY_KEY_FLAGS}u")
        write("\x1b[?2026$p")  # does the terminal do synchronized output?
        write("\x1b[?2004h")  # bracketed paste
        write("\x1b[?7l")  # no line wrap
        write("\x1b[22;0t")  # keep the terminal's own title, to put back on leaving
        self.set_title(TITLE)
        self._input_enabled = True
        self._post_size()

    def _enable_mouse(self) -> None:
        if self._wants_mouse:
            # VT200 buttons, any-event motion, urxvt and SGR coordinates.
            self.write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")

    def disable_input(self) -> None:
        self._input_enabled = False
        retire_parser(self._input_parser)
        for handle in (self._tick_handle, self._resize_handle, self._flood_handle):
            if handle is not None:
                handle.cancel()
        self._tick_handle = self._resize_handle = self._flood_handle = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        write = self.write
        write("\x1b[?2004l\x1b[?7h")
        if self._wants_mouse:
            write("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        write("\x1b[23;0t")  # the terminal's own title again
        write("\x1b[<u")  # pop the Kitty keyboard flags before leaving the alt screen
        write("\x1b[?1049l\x1b[?25h\x1b[?1004l")
        self.flush()
