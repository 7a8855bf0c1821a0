"""A guided game (Learn to play) walked to its end without a screen: the learner's
moves from a policy, the computer seats' as the guided screens have them play
(`GuidedTable.bot_choice`, seeded by the moves made), each lesson noted when it first
applies. tests/play/test_guided.py and bench/learn_counts.py walk it."""

from __future__ import annotations

import random
from collections.abc import Callable

from river_tui.play.guided import LEARNER, GuidedTable, guided_table
from river_tui.rules.core import Action
from river_tui.rules.guides import Guide

Learner = Callable[[GuidedTable], tuple[Action, bool]]
"""The learner's move at ``table``, and whether it is a decision of its own (False:
one more cross of the fill the decision before began, as Riverside's screen fills it)."""


def walk(game_id: str, learner: Learner) -> tuple[GuidedTable, Guide, dict[str, int]]:
    """The guided game of ``game_id`` played to its end: the table, its guide, and each
    lesson's id -> the learner's decisions made when it first applied."""
    table, guide = guided_table(game_id)
    game = table.game
    first_applied: dict[str, int] = {}
    decisions = 0

    def note_due() -> None:
        last = table.log[-1] if table.log else None
        for lesson in guide.due(table.view(LEARNER), LEARNER, last, frozenset(first_applied)):
            first_applied[lesson.id] = decisions

    note_due()
    while not table.finished:
        acting = sorted(table.to_act())
        if LEARNER in acting:
            move, decided = learner(table)
            table.apply(LEARNER, move)
            decisions += decided
        else:
            seat = acting[0]
            move = table.bot_choice(seat, random.Random(len(table.log)))
            assert move in game.legal_actions(table.view(seat), seat)  # a real move of its own view
            table.apply(seat, move)
        note_due()
        assert len(table.log) < 5000, "the game never ends"
    return table, guide, first_applied
