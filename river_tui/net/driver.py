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

from rich.console import COLOR_SYSTEMS
from textual import constants, events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from .ratelimit import TokenBucket

if TYPE_CHECKING:
    from textual.app import App

MIN_SIZE = (1, 1)
MAX_SIZE = (400, 200)
"""Windows are clamped to this many columns and rows: a client announcing a
10000x10000 terminal would otherwise make one session render a hundred million
cells in the loop every other session shares."""

MAX_UNPARSED = 16 * 1024
"""Characters the parser may swallow without producing a single event (an
unterminated bracketed paste, an endless escape sequence) before it is reset."""

INPUT_BYTES = (16 * 1024, 8 * 1024)
"""Input bytes a session may send at once, and per second on average. Far above
any typing or mouse use; past it input is dropped. Textual's parser takes about
1 us a pasted character and 6 us a key, so a client flooding at this rate costs
the loop every session shares at most about 50 ms a second."""

INPUT_EVENTS = (200, 100)
"""Input events (keys, mouse, paste) a session may cause at once, and per second."""

# The Kitty keyboard protocol flags Textual's LinuxDriver asks for; with them the
# escape key arrives unambiguously and the escape-key timeout rarely matters.
KITTY_KEY_FLAGS = 0b00001 | 0b01000 | 0b10000


class Terminal(Protocol):
    """The SSH side of a session, as the driver sees it."""

    def send(self, data: bytes) -> None:
        """Write bytes to the client's terminal."""


@dataclass(frozen=True)
class TerminalInfo:
    """What the client told us about its terminal in its PTY request."""

    size: tuple[int, int]
    term_type: str = "xterm-256color"
    colorterm: str = ""
    no_color: bool = False
    """Draw without colour: the client sent NO_COLOR, or its TERM has no colours."""

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
        # Textual's Strip.render reads this private field of Rich's Console.
        app.console._color_system = COLOR_SYSTEMS[info.color_system]
        app.no_color = info.no_color  # RiverApp's filters follow it, as for NO_COLOR at home
        self._terminal = terminal
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._parser = XTermParser()
        self._unparsed = 0
        self._byte_budget = TokenBucket(*INPUT_BYTES)
        self._event_budget = TokenBucket(*INPUT_EVENTS)
        self._output: list[str] = []
        self._input_enabled = False
        self._tick_handle: asyncio.TimerHandle | None = None

    # --- input --------------------------------------------------------------
    def feed(self, data: bytes) -> None:
        """Parse bytes the client typed and post the resulting events to the app."""
        if not self._input_enabled:
            return
        if not self._byte_budget.take(len(data)):
            # Dropped bytes may end mid-sequence: start the next input afresh.
            self._reset_parser()
            return
        text = self._decoder.decode(data)
        produced = 0
        for message in self._parser.feed(text):
            produced += 1
            self._post_input(message)
        self._unparsed = 0 if produced else self._unparsed + len(text)
        if self._unparsed > MAX_UNPARSED:
            self._reset_parser()
        self._schedule_tick()

    def _post_input(self, message: Message) -> None:
        if self._event_budget.take(1):
            self.process_message(message)

    def _schedule_tick(self) -> None:
        """A lone ESC is the escape key only once no more bytes follow within
        Textual's escape delay; ask the parser again after that delay."""
        if self._tick_handle is not None:
            self._tick_handle.cancel()
        self._tick_handle = self._loop.call_later(constants.ESCAPE_DELAY * 1.1, self._tick)

    def _tick(self) -> None:
        self._tick_handle = None
        if self._input_enabled:
            for message in self._parser.tick():
                self._post_input(message)

    def _reset_parser(self) -> None:
        self._parser = XTermParser()
        self._decoder.reset()
        self._unparsed = 0

    def resize(self, width: int, height: int) -> None:
        """The client's window changed size."""
        self._size = clamp_size(width, height)
        self._post_size()

    def _post_size(self) -> None:
        size = Size(*self._size)
        self.send_message(events.Resize(size, size))

    def send_message(self, message: Message) -> None:
        """Post straight into the app's queue: we already run in its loop."""
        self._app.post_message(message)

    # --- output -------------------------------------------------------------
    def write(self, data: str) -> None:
        self._output.append(data)

    def flush(self) -> None:
        if self._output:
            data = "".join(self._output)
            self._output.clear()
            self._terminal.send(data.encode("utf-8", errors="replace"))

    def open_url(self, url: str, new_tab: bool = True) -> None:
        """Would open a browser on the server's machine, not the player's: do nothing."""

    # --- application mode ---------------------------------------------------
    def start_application_mode(self) -> None:
        write = self.write
        write("\x1b[?1049h")  # alternate screen
        self._enable_mouse()
        write("\x1b[?25l")  # hide cursor
        write("\x1b[?1004h")  # focus in/out reports
        if not constants.DISABLE_KITTY_KEY:
            write(f"\x1b[>{KITTY_KEY_FLAGS}u")
        write("\x1b[?2026$p")  # does the terminal do synchronized output?
        write("\x1b[?2004h")  # bracketed paste
        write("\x1b[?7l")  # no line wrap
        self.flush()
        self._input_enabled = True
        self._post_size()

    def _enable_mouse(self) -> None:
        if self._mouse:
            # VT200 buttons, any-event motion, urxvt and SGR coordinates.
            self.write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")

    def disable_input(self) -> None:
        self._input_enabled = False
        if self._tick_handle is not None:
            self._tick_handle.cancel()
            self._tick_handle = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        write = self.write
        write("\x1b[?2004l\x1b[?7h")
        if self._mouse:
            write("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        write("\x1b[<u")  # pop the Kitty keyboard flags before leaving the alt screen
        write("\x1b[?1049l\x1b[?25h\x1b[?1004l")
        self.flush()
