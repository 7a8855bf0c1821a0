"""Learn to play in plain lines: the guided first game of each game, read and
played line by line, says each rule once, right after the move that makes it
apply, and ends with the learner's points told rule by rule."""

from __future__ import annotations

import io
import random

import pytest

from river_tui.play.guided import LEARNER
from river_tui.plain.console import Console
from river_tui.plain.game import MENU
from river_tui.plain.learn import GuidedPlainGame, guided_games

from support.plain_player import ReadingPlayer


SITUATIONAL = {"we-all-take": {"pollution"}}
"""Lessons of rules that a game may never meet whatever is played."""


def rule_line(lesson) -> str:
    return f"Rule: {lesson.title} (rulebook: {lesson.section})."


class FirstMove(random.Random):
    """A player's choices: always the first move listed."""

    def choice(self, seq):
        return seq[0]


def player(kind: str, out: io.StringIO) -> ReadingPlayer:
    reader = ReadingPlayer(out, seed=int(kind.split()[-1]) if kind.startswith("random") else 1)
    if kind == "first":
        reader.rng = FirstMove()
    return reader


@pytest.mark.parametrize("kind", ["random 2", "random 7", "first"])
@pytest.mark.parametrize("game_id", [entry.id for entry in guided_games()])
def test_a_guided_game_says_each_rule_once_when_it_first_applies(game_id, kind):
    """Every rule of the guide is said, whatever the player types (random moves, or
    always the first move listed)."""
    out = io.StringIO()
    guided = GuidedPlainGame(game_id, Console(player(kind, out), out))
    assert guided.run() == MENU and guided.table.finished
    text = out.getvalue()
    table, guide = guided.table, guided.guide
    # The lessons due after each move, worked out again from the finished game.
    expected, seen = [], set()
    for moves in range(len(table.log) + 1):
        view = table.game.view(table.state_at(moves), LEARNER)
        last = table.log[moves - 1] if moves else None
        for lesson in guide.due(view, LEARNER, last, frozenset(seen)):
            expected.append(lesson.id)
            seen.add(lesson.id)
    assert [lesson.id for lesson in guided.explained] == expected
    # Every rule of the guide, but those some games never meet (We All Take's pollution lies
    # on the map only once someone dredges): they are explained if and when they apply.
    assert set(expected) >= {lesson.id for lesson in guide.lessons} - SITUATIONAL.get(game_id, set())
    for lesson in guided.explained:
        assert text.count(rule_line(lesson)) == 1
    # Each rule is said after the log line of the move that made it apply, before the next move's.
    lines = text.splitlines()
    said_at = [next(n for n, line in enumerate(lines) if line.startswith(rule_line(lesson))) for lesson in guided.explained]
    assert said_at == sorted(said_at)
    assert "Where Player's" in text and f"Play a real game of {table.game.title}" in text


def test_the_menu_offers_learn_to_play():
    from river_tui.plain.menu import PlainApp

    out = io.StringIO()
    PlainApp(Console(ReadingPlayer(out, script=["learn", "flow", "quit", "quit"], end_after_script=True), out)).run()
    text = out.getvalue()
    assert "2: Learn to play" in text
    assert "A guided first game" in text and "Rule: " in text
