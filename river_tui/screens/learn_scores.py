"""The scores of a guided game, each line of the learner's explained by the rule
that gave it, and an offer to play a real game."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Select, Static

from ..play.guided import points_explained
from ..play.window import TableWindow
from ..rules.guides import Guide
from .scores import ScoresScreen, ScoresScroll


class LearnScoresScreen(ScoresScreen):
    """The final scores, then where the learner's points came from, rule by rule."""

    BINDINGS = [Binding("n", "real_game", "Play a real game", id="learn_real_game")]

    DEFAULT_CSS = """
    LearnScoresScreen #explained { padding: 0 2 1 2; }
    """

    def __init__(self, table: TableWindow, guide: Guide, learner: int) -> None:
        super().__init__(table)
        self.guide = guide
        self.learner = learner

    def on_mount(self) -> None:
        self.query_one(ScoresScroll).mount(Static(Text(self.explanation()), id="explained"))

    def explanation(self) -> str:
        """The learner's score, line by line, each with the rule that gave it."""
        lines = points_explained(self.table, self.result, self.guide, self.learner)
        lines.append(f"n: play a real game of {self.table.game.title} (the new game setup) · Enter: the menu")
        return "\n".join(lines)

    def action_real_game(self) -> None:
        """The new game setup, on this game."""
        from .setup import SetupScreen

        self.app.return_to_menu()
        setup = SetupScreen()
        self.app.push_screen(setup)
        game_id = self.table.game.id

        def choose() -> None:  # the setup's game list changes it as if the player had
            setup.query_one("#game", Select).value = game_id

        setup.call_after_refresh(choose)
