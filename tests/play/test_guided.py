"""The guided table (play/guided.py): every lesson of every guide comes up whatever
the learner plays, the lessons that would otherwise hang on the moves (We All Take's
trade, Glassworks' overflow) early, through real moves of the computer seats.

The learner is played by several policies a newcomer might follow: the first legal
move, random moves (a few seeds) and the greedy bot; the computer seats decide as
the guided screens ask them to (`GuidedTable.bot_choice`).
"""

from __future__ import annotations

import random

import pytest

from river_tui.play.guided import LEARNER, guided_table
from river_tui.rules.bots import bot_catalogue

from support.guided_walk import walk

GAMES = ["glassworks", "flow", "riverside", "we-all-take"]
POLICIES = ["first", "random 1", "random 2", "random 3", "greedy"]

TAUGHT_BY = {
    # Lessons a computer seat's teaching move brings, and the learner's decisions
    # made at most before it comes up (the rulebook's first moment it may apply:
    # overflow at the computer's first turn, a trade once the first season is under way).
    ("glassworks", "overflow"): 3,
    ("we-all-take", "trade"): 6,
}


def learner(policy: str):
    """The learner's moves by ``policy``: each one a decision of its own."""
    def move(table):
        legal = list(table.legal_actions(LEARNER))
        if policy == "first":
            return legal[0], True
        if policy.startswith("random"):
            return random.Random(int(policy.split()[1]) * 1000 + len(table.log)).choice(legal), True
        game, rng = table.game, random.Random(len(table.log))
        return bot_catalogue(game)["easy"].choose(game, table.view(LEARNER), LEARNER, rng), True

    return move


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_lesson_comes_up_whatever_the_learner_plays(game_id: str, policy: str) -> None:
    _, guide, first_applied = walk(game_id, learner(policy))
    assert sorted(first_applied) == sorted(lesson.id for lesson in guide.lessons)
    for (game, lesson), at_most in TAUGHT_BY.items():
        if game == game_id:
            assert first_applied[lesson] <= at_most, (lesson, first_applied)


def test_the_first_offer_is_fair_and_to_the_learner() -> None:
    """We All Take: the computer seat's first offer gives one resource for one of another
    kind the learner holds (never pollution or gold), and waits for the learner's answer."""
    table, guide = guided_table("we-all-take")
    game = table.game
    while not any(type(action).__name__ == "Offer" for _, action in table.log):
        acting = sorted(table.to_act())
        seat = LEARNER if LEARNER in acting else acting[0]
        table.apply(seat, table.legal_actions(LEARNER)[-1] if seat == LEARNER else table.bot_choice(seat, random.Random(0)))
    seat, offer = next((seat, action) for seat, action in table.log if type(action).__name__ == "Offer")
    assert seat != LEARNER and offer.to == LEARNER
    assert sum(offer.give) == sum(offer.get) == 1 and offer.give != offer.get
    assert offer.give.index(1) < 3 and offer.get.index(1) < 3  # fish, trees or gravel
    assert type(game.legal_actions(table.state, LEARNER)[0]).__name__ == "Accept"
