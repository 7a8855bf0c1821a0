"""What a newcomer does in each guided game (Learn to play), counted, and the time it
takes by a stated model (docs/learn-to-play.md, "How long a guided game takes").

Each guided game is walked to its end as the tests walk it: the learner plays the
easy computer's choice (a newcomer's sensible moves made quickly), the computer seats
as the guided screen has them play. Counted: the learner's decisions, those with one
legal move, those where the move made is the one the screen's highlight starts on
(We All Take's list; the other games' cursors are not modelled: a decision there
counts as "one suggested" only when it has one legal move; where the guide suggests
moves, `Guide.suggests`, the list starts on the learner's move, which is the
suggestion, but for an offer), and the words of every
rule box (its rule and its "Now:" line). Riverside's crosses of one die are one
decision: one Enter on a row crosses every seat the die gives (its screen's fill).

The model: a decision takes 6 s when one choice is suggested (a single legal move,
or the highlight already on the move made) and 12 s when the player must think;
boxes are read at 200 words a minute.

    .venv/bin/python bench/learn_counts.py            # the four games
    .venv/bin/python bench/learn_counts.py we-all-take
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from river_tui.play.guided import LEARNER  # noqa: E402
from river_tui.rules.bots import bot_catalogue  # noqa: E402
from river_tui.rules.registry import get_game  # noqa: E402

from support.guided_walk import walk  # noqa: E402  (the walk tests/play/test_guided.py checks)

SUGGESTED_S, THINK_S, WORDS_PER_MINUTE = 6, 12, 200
GAMES = ["glassworks", "flow", "riverside", "we-all-take"]


def highlighted(table, seat: int):
    """The move We All Take's list highlights first (None for the other games)."""
    if table.game.id != "we-all-take":
        return None
    from river_tui.rules.we_all_take.preview import preview
    from river_tui.widgets.we_all_take.choice_list import _next_after
    from river_tui.widgets.we_all_take.choices import OpenTrade, PickColour, choices

    view = table.view(seat)
    listed = choices(view, seat, list(table.legal_actions(seat)))
    if not listed:
        return None

    def spends(choice) -> bool:
        return not isinstance(choice.action, (PickColour, OpenTrade)) and any(preview(view, seat, choice.action).cost)

    return listed[_next_after(None, listed, spends)].action


def count(game_id: str) -> dict:
    learner = bot_catalogue(get_game(game_id))["easy"]
    decisions = single = on_highlight = 0
    kinds: Counter[str] = Counter()
    last = None  # the learner's last move

    def learner_move(table):
        nonlocal decisions, single, on_highlight, last
        game, guide = table.game, table.guide
        legal = list(table.legal_actions(LEARNER))
        move = learner.choose(game, table.view(LEARNER), LEARNER, random.Random(len(table.log)))
        same_fill = type(move).__name__ == type(last).__name__ == "Cross" and table.log[-1][0] == LEARNER
        last = move
        if same_fill:
            return move, False
        decisions += 1
        kinds[type(move).__name__] += 1
        if len(legal) == 1:
            single += 1
        elif (guide.suggests and type(move).__name__ != "Offer") or (
                not guide.suggests and highlighted(table, LEARNER) == move):
            on_highlight += 1  # the learner's move is the suggestion (an offer is never suggested)
        return move, True

    _, guide, applied = walk(game_id, learner_move)
    words = sum(len(f"{lesson.text} Now: {lesson.now}".split()) for lesson in guide.lessons)
    suggested = single + on_highlight
    seconds = suggested * SUGGESTED_S + (decisions - suggested) * THINK_S + words * 60 / WORDS_PER_MINUTE
    return {"game": game_id, "decisions": decisions, "single": single, "on_highlight": on_highlight,
            "box_words": words, "applied": applied, "boxes": len(guide.lessons), "minutes": seconds / 60, "kinds": dict(kinds)}


def main(argv: list[str]) -> None:
    for game_id in argv or GAMES:
        c = count(game_id)
        print(f"{c['game']}: {c['decisions']} decisions ({c['single']} with one legal move, "
              f"{c['on_highlight']} on the first highlight), {c['boxes']} boxes of {c['box_words']} words: "
              f"about {c['minutes']:.1f} min")
        print("   each rule first applied after the learner's decision:",
              ", ".join(f"{lesson} {n}" for lesson, n in c["applied"].items()))
        print("   moves made:", ", ".join(f"{kind} {n}" for kind, n in sorted(c["kinds"].items(), key=lambda kv: -kv[1])))


if __name__ == "__main__":
    main(sys.argv[1:])
