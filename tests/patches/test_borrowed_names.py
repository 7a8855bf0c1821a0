"""Textual's private names River TUI calls (patches/borrowed.py) still do what it
relies on: a Textual that renames or changes one fails here, not in a game."""

from __future__ import annotations

from contextvars import ContextVar

from rich.console import Console
from textual import events

from river_tui.patches.borrowed import XTermParser, active_app, character_to_key, retire_parser, set_colour_system


def test_the_input_parser_reads_keys_and_pastes_from_a_terminals_bytes():
    parser = XTermParser()
    read = list(parser.feed("a\x1b[A\x1b[200~pasted\x1b[201~"))
    assert [event.key for event in read if isinstance(event, events.Key)] == ["a", "up"]
    assert [event.text for event in read if isinstance(event, events.Paste)] == ["pasted"]
    retire_parser(parser)  # a retired parser reads nothing more
    assert list(XTermParser().feed("b"))[0].key == "b"


def test_characters_get_textuals_key_names():
    assert [character_to_key(c) for c in "a?+ ±"] == ["a", "question_mark", "plus", "space", "plus_minus_sign"]


def test_the_active_app_is_a_context_variable():
    assert isinstance(active_app, ContextVar)
    assert active_app.get(None) is None


def test_a_consoles_colour_system_is_set_after_it_was_made():
    console = Console(color_system="truecolor", force_terminal=True)
    for depth in ("256", "standard", "truecolor"):
        set_colour_system(console, depth)
        assert console.color_system == depth
