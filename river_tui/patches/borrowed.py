"""Textual's private names that River TUI calls because Textual offers no public way.

They change nothing in Textual, so they are used whatever `install` decided; a
Textual that renames one fails tests/patches/test_borrowed_names.py, not a game.

- `XTermParser`: the parser of a terminal's input bytes into key, mouse and paste
  events that every Textual driver uses; the SSH driver (net/driver.py) feeds it a
  session's bytes. `retire_parser` empties one no longer used (Textual caches a method
  of every parser, keyed by the parser: an old one kept its last events, and through
  them its session's app, alive).
- `character_to_key`: the name Textual gives the key that types a character
  ("?" -> "question_mark"), for the keymap's keys (keymap.py).
- `active_app`: the app a task belongs to, by which the server's watchdog
  (net/watchdog.py) charges each step of the loop to a session.
- `set_colour_system`: a session's colour depth, which Textual's strips read from
  the app's console (Rich's Console takes it only when made, from the server's
  own terminal).
"""

from __future__ import annotations

from rich.console import COLOR_SYSTEMS, Console
from textual._context import active_app
from textual._xterm_parser import XTermParser
from textual.keys import _character_to_key as character_to_key

__all__ = ["XTermParser", "active_app", "character_to_key", "retire_parser", "set_colour_system"]


def retire_parser(parser: XTermParser) -> None:
    """Empty a parser no longer used (see the module's docstring)."""
    parser._gen.close()
    parser._tokens.clear()


def set_colour_system(console: Console, colour_system: str) -> None:
    """Have ``console`` write colours for ``colour_system`` ("truecolor", "256", "standard", ...)."""
    console._color_system = COLOR_SYSTEMS[colour_system]
