"""Learn to play: a guided first game's table, and the learner's points told rule
by rule. The app's guided screens and plain mode's share them; what each game
teaches is data in its rules package (rules/<game>/guide.py, rules/guides.py)."""

from __future__ import annotations

import random

from ..rules.core import Action, Result
from ..rules.guides import Guide, guide_for
from ..rules.registry import get_game
from .table import Seat, Table
from .window import TableWindow

LEARNER = 0
"""The learner's seat; the others are the computer's."""
LEARNER_NAME = "Player"


class GuidedTable(Table):
    """A guided game's table: a computer seat plays the guide's teaching move where the
    guide has one (`Guide.teach`), else its own bot's."""

    guide: Guide

    def bot_choice(self, seat: int, rng: random.Random, kind: str | None = None) -> Action:
        if kind is None and self.guide.teach is not None:
            move = self.guide.teach(self.view(seat), seat, LEARNER)
            if move is not None:
                return move
        return super().bot_choice(seat, rng, kind)


def guided_table(game_id: str) -> tuple[GuidedTable, Guide]:
    """The guided first game of ``game_id``: the learner against the computer (at the
    guide's level, quick), from the guide's seed. Practice: not saved, not recorded."""
    guide = guide_for(get_game(game_id))
    seats = [Seat(f"Computer {number + 1}", guide.level) for number in range(guide.seats)]
    seats[LEARNER] = Seat(LEARNER_NAME)
    table = GuidedTable.create(game_id, seats, guide.options, seed=guide.seed, autosave=False)
    table.guide = guide
    return table, guide


def points_explained(table: TableWindow, result: Result, guide: Guide, learner: int = LEARNER) -> list[str]:
    """The learner's score, line by line, each with the rule that gave it."""
    name = table.seats[learner].name
    lines = [f"Where {name}'s {result.scores[learner]} points came from:"]
    for line in result.breakdown[learner]:
        rule = guide.scoring_rule(line.label)
        lines.append(f"  {table.named(line.label)}: {line.points:+d}" + (f" · {rule}" if rule else ""))
    return lines
