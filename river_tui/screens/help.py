"""The help screen: the keys, and the current game's rules summary.

At one keyboard it tells the app's keys and where saves go (help.md); at an SSH
server's table, its keys and who may do what (server_table.md): no menu, no
files. The server's lobby brings its own (net/lobby/screen.md)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Markdown

from ..widgets.every_press import EveryPressScrolls
from .box_screen import BoxScreen
from .registry import rules_summary

GENERAL_HELP = (Path(__file__).with_name("help.md")).read_text(encoding="utf-8")
SERVER_TABLE_HELP = (Path(__file__).with_name("server_table.md")).read_text(encoding="utf-8")


class KeysTable(Markdown.BLOCKS["table_open"]):  # Textual's table block, through its public map
    """A table whose columns keep their words on one line ("←/→ or h/l", "1 tree,
    2 gravel"); only the last column, the longest text, wraps."""

    def compose(self) -> ComposeResult:
        for content in super().compose():
            widths = ["auto"] * (len(content.headers) - 1) + ["1fr"]
            content.styles.grid_columns = " ".join(widths)
            yield content


class HelpText(Markdown):
    """The help's Markdown, with tables that keep their key column whole."""

    BLOCKS = {**Markdown.BLOCKS, "table_open": KeysTable}


class HelpScroll(EveryPressScrolls, VerticalScroll, can_focus=True):
    """The help's text, scrolled by key, every press of a quick burst too."""


class HelpScreen(BoxScreen[None]):
    """Shows the keys and, inside a game, that game's rules summary; ``served``:
    at a server's table; ``keys``: another screen's keys (the server's lobby)."""

    BINDINGS = [
        Binding("escape,q,question_mark", "close", "Close", id="help_close"),
    ]

    DEFAULT_CSS = """
    HelpScreen { background: $background 60%; }
    HelpScreen VerticalScroll { margin: 1 2; border: round $accent; }
    HelpScreen VerticalScroll:focus { border: round $primary; }
    HelpScreen MarkdownTableContent > .header { color: $text-primary; }  /* $primary: 4.1:1 on the dark look */
    """

    def __init__(self, game_id: str | None = None, served: bool = False, keys: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.served = served
        self.keys = keys

    def compose(self) -> ComposeResult:
        text = self.keys or (SERVER_TABLE_HELP if self.served else GENERAL_HELP)
        if self.game_id:
            summary = rules_summary(self.game_id)
            if summary:
                text = summary + "\n\n---\n\n" + text
        with HelpScroll():
            yield HelpText(text)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(HelpScroll).focus()  # arrows and PgUp/PgDn scroll the help

    def action_close(self) -> None:
        self.dismiss(None)
