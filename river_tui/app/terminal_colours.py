"""Whether a terminal should be drawn without colour: NO_COLOR is set, or its TERM
names a terminal that has none (``dumb``, ``vt100``, ``xterm-mono``, any terminfo
entry without the ``colors`` capability).

The same answer for the local terminal (from the environment) and for an SSH
client (from the TERM and environment its session sent). Without colour, the app
draws as Textual does for NO_COLOR: greys only, meaning carried by glyphs and
text styles.
"""

from __future__ import annotations

import os
import re
import struct
from functools import lru_cache
from pathlib import Path

from ..saves.files import read_regular

COLOURLESS_TERMS = frozenset({"dumb", "unknown"})
"""Terminal types without colours whether or not this machine has their terminfo."""

TERM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
"""A terminal type we look up: a file name, never a path (TERM comes from the client)."""

MAX_COLORS = 13
"""The index of ``max_colors`` among a terminfo entry's numbers (term(5))."""

HEADER = struct.Struct("<6h")
ENTRY_BYTES = 4096
"""An entry's numbers lie within its first few hundred bytes; no more is read."""
MAGIC = {0o432: 2, 0o1036: 4}
"""The terminfo magic numbers: 16-bit numbers, and ncurses 6.1's 32-bit ones."""


def no_colour(term: str, no_color_set: bool) -> bool:
    """Draw without colour for a terminal of type ``term`` (its TERM), given whether
    NO_COLOR is set (Textual takes any value, even empty, as set: so do we)."""
    return no_color_set or not term_has_colours(term)


def local_no_colour() -> bool:
    """Whether this process's own terminal should be drawn without colour."""
    return no_colour(os.environ.get("TERM", ""), "NO_COLOR" in os.environ)


@lru_cache(maxsize=64)
def term_has_colours(term: str) -> bool:
    """False for a terminal type known to have no colours; True when it has them or
    nothing is known of it (an unset TERM, no terminfo entry here)."""
    term = term.strip()
    if term.lower() in COLOURLESS_TERMS:
        return False
    if not TERM_NAME.fullmatch(term):
        return True
    colours = terminfo_colours(term)
    return colours is None or colours >= 8


def terminfo_colours(term: str) -> int | None:
    """The ``colors`` number of the first terminfo entry for ``term`` (0 where the
    entry has none); None when no readable entry exists."""
    for directory in _terminfo_dirs():
        for sub in (term[0], f"{ord(term[0]):02x}"):  # Linux names the folder by letter, macOS in hex
            try:
                data = read_regular(directory / sub / term, ENTRY_BYTES)[:ENTRY_BYTES]
            except OSError:  # none here, or not a file (a pipe, a device): never waited on
                continue
            return _max_colours(data)
    return None


def _terminfo_dirs() -> list[Path]:
    """Where ncurses looks for terminfo entries, in its order."""
    dirs = [os.environ.get("TERMINFO", ""), str(Path.home() / ".terminfo")]
    dirs += os.environ.get("TERMINFO_DIRS", "").split(":")
    dirs += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
    return [Path(d) for d in dict.fromkeys(dirs) if d]


def _max_colours(data: bytes) -> int | None:
    """``max_colors`` from a compiled terminfo entry (term(5)); None if it is not one."""
    if len(data) < HEADER.size:
        return None
    magic, names, booleans, numbers, _strings, _table = HEADER.unpack_from(data)
    width = MAGIC.get(magic)
    if width is None or min(names, booleans, numbers) < 0:
        return None
    start = HEADER.size + names + booleans
    start += start % 2  # the numbers begin on an even byte
    if numbers <= MAX_COLORS:
        return 0  # the entry stops before max_colors: it has none
    if len(data) < start + (MAX_COLORS + 1) * width:
        return None
    (value,) = struct.unpack_from("<h" if width == 2 else "<i", data, start + MAX_COLORS * width)
    return max(value, 0)
