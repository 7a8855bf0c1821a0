"""The log counts pieces that found no room in words: "1 piece", "2 pieces" (it said
"2 piece(s)")."""

import random
import re

from river_tui.rules.glassworks import narration
from river_tui.play.table import Seat, Table


def test_pieces_without_room_are_counted_in_words():
    said: dict[int, str] = {}
    for seed in range(40):
        table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=seed, autosave=False)
        rng = random.Random(seed)
        while not table.finished and len(said) < 2:
            before = table.state
            seat = table.state.current
            table.apply(seat, rng.choice(table.game.legal_actions(table.state, seat)))
            for _, line in narration.rules_steps(before, table.state):
                found = re.search(r"had no room for (\d+) (\w+):", line)
                if found:
                    said[min(int(found[1]), 2)] = found[2]
        if len(said) == 2:
            break
    assert said == {1: "piece", 2: "pieces"}
