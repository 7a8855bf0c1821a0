"""The help screen: the keys, and the current game's rules summary."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Footer, MarkdownViewer

from .registry import rules_summary

GENERAL_HELP = (Path(__file__).with_name("help.md")).read_text(encoding="utf-8")


class HelpScreen(ModalScreen[None]):
    """Shows the keys and, inside a game, that game's rules summary."""

    BINDINGS = [
        Binding("escape,q,question_mark", "close", "Close", id="help_close"),
    ]

    DEFAULT_CSS = """
    HelpScreen { background: $background 60%; }
    HelpScreen MarkdownViewer { margin: 1 2; border: round $accent; }
    """

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        text = GENERAL_HELP
        if self.game_id:
            summary = rules_summary(self.game_id)
            if summary:
                text = summary + "\n\n---\n\n" + GENERAL_HELP
        yield MarkdownViewer(text, show_table_of_contents=False)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
