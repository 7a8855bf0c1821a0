"""A computer seat's camp moves only when the move pays over the seasons left.

Played against two normal seats, a person saw the computers' camps walk E4, E3, E2,
E1 and back, a tile every season, after harvesting their tile's trees: a tree grows
back on every land tile each season before its camp acts, so the walk gained nothing.
"""

from __future__ import annotations

from random import Random

import pytest

from river_tui.rules.bots.hints import hints_for
from river_tui.rules.bots.levels import searcher
from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.actions import DONE, Ferry, Move
from river_tui.rules.we_all_take.bots import table_mate_moves
from river_tui.rules.we_all_take.components import EMPTY, ROLES, TILES
from river_tui.rules.we_all_take.state import BUILT, HARVESTED

from support.wat_helpers import at_turn, new_table, set_stock, slots_of, tile

ROLE = {r.name: r.id for r in ROLES}


def harvested(camp_tile: str, season: int = 4):
    """Seat 0, a Mayor, in its turn of ``season``: its camp on ``camp_tile`` has harvested
    the tile's last tree and built, so only moving it (or being done) is left."""
    s = new_table([(camp_tile, "Red"), ("W1", "Blue"), ("W5", "Yellow")])
    s.roles = [ROLE["Mayor"], ROLE["Grocer"], ROLE["Gardener"]]
    s.season = season
    s = at_turn(s, TILES[tile(camp_tile)].row, 3)
    set_stock(s, 0, fish=1, tree=1, gravel=1, gold=1)
    for slot in slots_of(camp_tile, "tree"):
        s.slots[slot] = EMPTY
    while 0 not in GAME.to_act(s):
        s = GAME.apply(s, min(GAME.to_act(s)), DONE)
    s.used[s.camp_of(0).id] = HARVESTED | BUILT
    return GAME.view(s, 0)


def camp_moves(view) -> list:
    return [m for m in table_mate_moves(view, 0) if isinstance(m, (Move, Ferry))]


@pytest.mark.parametrize("camp_tile", ["E4", "E1"])
def test_a_camp_that_took_its_tiles_trees_stays_where_it_stands(camp_tile):
    """The walk's position: the tile's trees taken, the next tiles holding theirs. The
    normal search (a fixed count of iterations, so the same every run) moved the camp
    on (E4 to E5, E1 to E2); the greedy seat stays too."""
    view = harvested(camp_tile)
    normal = searcher(GAME, hints_for(GAME).for_level("normal"), 0, Random(3))
    assert normal.choose(view, 0.0, iterations=300) == DONE
    assert camp_moves(view) == []
    assert GAME.bots()["greedy"].choose(GAME, view, 0, Random(3)) == DONE


def test_a_camp_moves_where_it_pays_over_the_seasons_left_and_never_back():
    """E3 (elevation 6, two tree slots) may flood when the water rises; E2 (elevation 7,
    three) stays above a normal season's water: worth a move with seasons to come, not
    in the last two; and from E2 back to E3 never."""
    assert camp_moves(harvested("E3")) == [Move(0, tile("E2"))]
    assert camp_moves(harvested("E3", season=9)) == []
    assert camp_moves(harvested("E2")) == []
