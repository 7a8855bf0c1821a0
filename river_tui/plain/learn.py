"""Learn to play in plain lines: the guided first game (play/guided.py), each rule
said in the rulebook's words the first time it applies, after the move that makes
it apply, and the learner's points told rule by rule at the end."""

from __future__ import annotations

from ..play.guided import LEARNER, guided_table, points_explained
from ..rules.guides import Lesson, guide_for
from ..rules.registry import available, get_game
from .console import Console
from .game import PlainGame


def guided_games() -> list:
    """The games that have a guided first game."""
    return [entry for entry in available() if guide_for(get_game(entry.id))]


class GuidedPlainGame(PlainGame):
    """A plain game that explains each rule once, as the app's guided screen does."""

    def __init__(self, game_id: str, console: Console) -> None:
        table, self.guide = guided_table(game_id)
        # The computer seats break their ties from the guide's seed: the same moves of the
        # learner give the same game (unseeded, a game now and then saw no vote to teach).
        super().__init__(table, console, seed=self.guide.seed)
        self.explained: list[Lesson] = []
        self.lines.told.append(lambda new: self._explain_due())

    def _explain_due(self) -> None:
        table = self.table
        last = table.log[-1] if table.log else None
        seen = frozenset(lesson.id for lesson in self.explained)
        for lesson in self.guide.due(table.view(LEARNER), LEARNER, last, seen):
            self.explained.append(lesson)
            # The lesson's "now" names the app's keys: here the turn line that follows
            # says what the learner may type.
            self.console.say(f"Rule: {lesson.title} (rulebook: {lesson.section}). {lesson.text}")

    def _turn(self, seat: int) -> str | None:
        self._explain_due()  # the rules of a first turn, before its prompt
        return super()._turn(seat)

    def _run(self) -> str:
        self.console.say("A guided first game: you make every move; each rule is explained the first time it applies.")
        outcome = super()._run()
        result = self.table.result()
        if result is not None:
            self.console.say(*points_explained(self.table, result, self.guide))
            self.console.say(f"Play a real game of {self.game.title}: New game in the menu.")
        return outcome
