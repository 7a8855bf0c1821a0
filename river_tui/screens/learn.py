"""Learn to play: pick a game, and a guided first game of it starts.

The guided game is played at this keyboard, the learner against the computer
(at the guide's level, quick), from the guide's seed, chosen so every core rule
comes up early (rules/<game>/guide.py). It is practice: not saved, not in the
records.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from ..play.guided import guided_table
from ..rules.guides import guide_for
from ..rules.registry import available, get_game
from .learn_guided import guided_screen
from .registry import has_screen


class LearnScreen(Screen[None]):
    """The games that have a guided first game; Enter starts one."""

    BINDINGS = [Binding("escape", "back", "Back", id="learn_back")]

    DEFAULT_CSS = """
    LearnScreen #learn-intro { width: 60; margin-bottom: 1; }
    LearnScreen OptionList { width: 40; height: auto; border: round $primary; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        with Middle():
            with Center():
                yield Static(
                    "A short first game against the computer. You make every move; each rule "
                    "is explained the moment it first applies. Which game?", id="learn-intro")
            with Center():
                yield OptionList(*(Option(entry.title, id=entry.id) for entry in self.guided_games()), id="learn-games")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Learn to play"
        self.query_one(OptionList).focus()

    @staticmethod
    def guided_games():
        return [entry for entry in available() if has_screen(entry.id) and guide_for(get_game(entry.id))]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.start(event.option.id)

    def start(self, game_id: str) -> None:
        """The guided first game of ``game_id``, on the game's own screen."""
        table, guide = guided_table(game_id)
        self.app.pop_screen()
        self.app.push_screen(guided_screen(game_id, table, guide))

    def action_back(self) -> None:
        self.app.pop_screen()
