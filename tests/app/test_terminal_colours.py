"""Which terminals are drawn without colour: NO_COLOR, or a TERM that has none."""

from __future__ import annotations

import struct

import pytest

from river_tui.app import terminal_colours
from river_tui.app.river_app import RiverApp
from river_tui.app.terminal_colours import no_colour, terminfo_colours


def entry(names: str, max_colors: int | None, magic: int = 0o432) -> bytes:
    """A compiled terminfo entry (term(5)) with ``max_colors`` (None: no such number)."""
    width = 2 if magic == 0o432 else 4
    numbers = [-1] * 13 + ([] if max_colors is None else [max_colors])
    name = names.encode() + b"\0"
    booleans = b"\1\0\1"
    body = name + booleans + (b"\0" if (len(name) + len(booleans)) % 2 else b"")
    body += struct.pack(f"<{len(numbers)}{'h' if width == 2 else 'i'}", *numbers)
    return struct.pack("<6h", magic, len(name), len(booleans), len(numbers), 0, 0) + body


@pytest.fixture
def terminfo(tmp_path, monkeypatch):
    """A terminfo folder of our own, searched first; ``add(term, data)`` puts an entry in."""
    monkeypatch.setenv("TERMINFO", str(tmp_path))
    terminal_colours.term_has_colours.cache_clear()

    def add(term: str, data: bytes) -> None:
        folder = tmp_path / term[0]
        folder.mkdir(exist_ok=True)
        (folder / term).write_bytes(data)

    yield add
    terminal_colours.term_has_colours.cache_clear()


def test_terminfo_says_how_many_colours(terminfo):
    terminfo("mono-term", entry("mono-term|a green screen", None))
    terminfo("eight-term", entry("eight-term", 8))
    terminfo("wide-term", entry("wide-term|32-bit numbers", 1 << 24, magic=0o1036))
    terminfo("broken-term", b"\x1a\x01garbage")
    assert [terminfo_colours(t) for t in ("mono-term", "eight-term", "wide-term", "broken-term", "no-such-term")] == [
        0, 8, 1 << 24, None, None,
    ]
    assert [no_colour(t, False) for t in ("mono-term", "eight-term", "wide-term", "broken-term", "no-such-term")] == [
        True, False, False, False, False,
    ]


def test_no_color_or_a_dumb_terminal_mean_no_colour(terminfo):
    assert no_colour("xterm-256color", True)
    assert no_colour("dumb", False) and no_colour("unknown", False)
    assert not no_colour("", False)  # nothing known of it: as Textual does, colours


def test_a_term_that_is_a_path_is_never_looked_up(terminfo, tmp_path):
    terminfo("x", entry("x", None))
    (tmp_path / "sneaky").write_bytes(entry("sneaky", None))
    assert not no_colour("../sneaky", False) and not no_colour("x/../../sneaky", False)


def test_the_app_follows_the_local_terminal(monkeypatch, terminfo):
    terminfo("mono-term", entry("mono-term", 0))
    monkeypatch.setenv("TERM", "mono-term")
    assert RiverApp().no_color
    monkeypatch.setenv("TERM", "xterm-256color")
    assert not RiverApp().no_color
    assert RiverApp(no_color=True).no_color
    monkeypatch.setenv("NO_COLOR", "")
    assert RiverApp().no_color
