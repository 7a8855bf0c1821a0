"""Territories: "Any combination of Lairs, Rivers and River Ends that form a
continuous, closed shape without turning a corner is called a Territory."

Squares are named like a chess board: columns A-G, rows 1-7 from the north; D4 is
the centre with the start tile (a River End on each side). Rotations are quarter
turns clockwise; a lair face sends its Lair's river north when unrotated.
"""

from __future__ import annotations

from support.flow_helpers import place, position, sq

from river_tui.rules.flow import GAME
from river_tui.rules.flow.board import PLAYABLE
from river_tui.rules.flow.state import DUAL, LAKE, LOOP, SINGLE
from river_tui.rules.flow.territories import DEAD, OPEN, follow

# L01 sends its Lair's river north and has a River End opposite (south);
# L03 has its River End on the right (east) of the Lair's river.
LAIR_EAST = ("L01", 1)  # Lair's river to the east, River End to the west
LAIR_WEST = ("L01", 3)  # Lair's river to the west, River End to the east
LAIR_SOUTH = ("L01", 2)  # Lair's river to the south, River End to the north
END_SOUTH = ("L03", 1)  # Lair's river to the east, River End to the south
END_WEST = ("L03", 2)  # Lair's river to the south, River End to the west
END_EAST = ("L03", 0)  # Lair's river to the north, River End to the east
EAST_WEST = ("straight", 1)
NORTH_SOUTH = ("straight", 0)


def lay(name, face_rotation):
    return (name, *face_rotation)


def test_single_territory_lair_connected_to_a_river_end_scores_L_for_the_lair_owner():
    """The rulebook's example: "a Single Territory of 6 points (= Length of
    Territory) for the pink player". (i) "The owner of the Lair receives +L points.\""""
    state = position(
        tiles=[lay("B2", LAIR_EAST), lay("C2", EAST_WEST), lay("D2", EAST_WEST), lay("E2", EAST_WEST),
               lay("G2", END_WEST)],
        lairs={"B2": 0, "G2": 1},
        hands={1: ("straight",)},
        turn=3,
    )
    after = place(state, 1, "straight", 1, "F2")
    (territory,) = after.territories
    assert territory.kind == SINGLE
    assert territory.length == 6
    assert territory.squares == tuple(sq(n) for n in ("B2", "C2", "D2", "E2", "F2", "G2"))
    assert territory.points() == {0: 6}


def test_dual_territory_owned_by_one_player_scores_2L():
    """The rulebook's example: "a Dual Territory of 6 points (2 x Length) for the
    white player". (ii) "If the same player owns both Lairs, they get +2L points in
    total.\""""
    state = position(tiles=[lay("C3", LAIR_EAST), lay("D3", EAST_WEST)], lairs={"C3": 1},
                     hands={1: ("L05",)}, turn=3)
    after = place(state, 1, "L05", 3, "E3")
    (territory,) = after.territories
    assert territory.kind == DUAL
    assert territory.length == 3
    assert territory.owners == (1, 1)
    assert territory.points() == {1: 6}


def test_dual_territory_each_owner_receives_L():
    """(ii) "Dual Territory - Lair connected to a Lair. The owner of each Lair
    receives +L points.\""""
    state = position(tiles=[lay("C3", LAIR_EAST), lay("D3", EAST_WEST)], lairs={"C3": 0},
                     hands={1: ("L05",)}, turn=3)
    after = place(state, 1, "L05", 3, "E3")
    (territory,) = after.territories
    assert territory.kind == DUAL
    assert territory.points() == {0: 3, 1: 3}


def test_oxbow_lake_gives_the_player_who_placed_the_last_tile_one_point():
    """(iii) "Oxbow lake - River End connected to a River End. The player who placed
    the last tile receives +1 point." Here: a lair tile's River End to the start tile."""
    state = position(tiles=[lay("D2", END_SOUTH)], lairs={"D2": 0}, hands={1: ("straight",)}, turn=3)
    after = place(state, 1, "straight", 0, "D3")
    (territory,) = after.territories
    assert territory.kind == LAKE
    assert territory.length == 3
    assert territory.points() == {1: 1}


def test_oxbow_loop_gives_the_player_who_placed_the_last_tile_one_point():
    """(iv) "Oxbow loop - River tiles closed in a loop. The player who placed the last
    tile receives +1 point.\""""
    state = position(tiles=[("B2", "bend", 1), ("C2", "bend", 2), ("C3", "bend", 3)],
                     hands={0: ("bend",)}, turn=2)
    after = place(state, 0, "bend", 0, "B3")
    (territory,) = after.territories
    assert territory.kind == LOOP
    assert territory.length == 4
    assert territory.points() == {0: 1}


def test_L_counts_repeatedly_passed_tiles():
    """"L = Length of the Territory, which equals the number of tiles the river passes
    from end to end, including the Lairs/River Ends and repeatedly passed tiles."
    The river from the Lair on C1 crosses C2 twice: 7 passes over 6 tiles."""
    state = position(
        tiles=[lay("C1", LAIR_SOUTH), ("C2", "crossing", 0), ("C3", "bend", 0), ("D3", "bend", 3),
               lay("B2", END_EAST)],
        lairs={"C1": 0, "B2": 1},
        hands={1: ("bend",)},
        turn=3,
    )
    after = place(state, 1, "bend", 2, "D2")
    (territory,) = after.territories
    assert territory.kind == SINGLE
    assert territory.squares == tuple(sq(n) for n in ("C1", "C2", "C3", "D3", "D2", "C2", "B2"))
    assert territory.length == 7
    assert territory.points() == {0: 7}


def test_a_river_that_turns_a_corner_before_the_river_end_is_no_territory_yet():
    """The rulebook's example: a river that turns a corner before reaching a River End
    is "No Territory yet". The River End on E3 lies straight ahead of the bend on D3,
    but "a Territory always follows the direction of the river" and the river turns
    north; once it is continued to a River End, the Territory is there."""
    state = position(variant="strategy", tiles=[lay("B3", LAIR_EAST), lay("C3", EAST_WEST), lay("E3", END_WEST)],
                     lairs={"B3": 0, "E3": 1}, hands={0: ("bend", "L03")}, turn=2)
    after = place(state, 0, "bend", 3, "D3")
    assert after.territories == ()
    closed = place(after, 0, *END_SOUTH, "D2")
    (territory,) = closed.territories
    assert territory.squares == tuple(sq(n) for n in ("B3", "C3", "D3", "D2"))
    assert territory.points() == {0: 4}


def test_at_a_crossing_the_river_goes_straight_on_and_never_turns_the_corner():
    """"Without turning a corner" means that a Territory always follows the direction
    of the river from start to end and never turns sharply around a corner: the
    River End on C2 touches the crossing on C3, but the Lair's river goes straight
    through it."""
    state = position(tiles=[lay("B3", LAIR_EAST), lay("C2", END_SOUTH)], lairs={"B3": 0, "C2": 1},
                     hands={0: ("crossing",)}, turn=2)
    after = place(state, 0, "crossing", 0, "C3")
    assert after.territories == ()
    playable = PLAYABLE[after.locked_open]
    steps, stop, where = follow(after.tiles, playable, sq("B3"), 1)
    assert (stop, where) == (OPEN, sq("D3"))


def test_a_river_that_meets_a_dry_side_can_never_close():
    """Tiles may go on any empty square, so a river can run into a tile side without
    water; it can never reach a Lair or River End that way."""
    state = position(tiles=[lay("B3", LAIR_EAST)], lairs={"B3": 0}, hands={0: ("straight",)}, turn=2)
    after = place(state, 0, "straight", 0, "C3")
    steps, stop, _ = follow(after.tiles, PLAYABLE[after.locked_open], sq("B3"), 1)
    assert stop == DEAD
    assert after.territories == ()


def test_one_placement_can_close_several_territories():
    """"After you have placed a River Tile or a Lair Tile on the board, always check
    to see if there are any new Territories": a crossing closes a Dual Territory
    east-west and an Oxbow lake north-south at once."""
    state = position(
        tiles=[lay("C3", LAIR_EAST), lay("E3", LAIR_WEST), lay("D2", END_SOUTH)],
        lairs={"C3": 0, "E3": 1, "D2": 1},
        hands={0: ("crossing",)},
        turn=2,
    )
    after = place(state, 0, "crossing", 0, "D3")
    kinds = sorted((t.kind, t.length) for t in after.territories)
    assert kinds == [(DUAL, 3), (LAKE, 3)]
    points = [t.points() for t in after.territories]
    assert {0: 3, 1: 3} in points and {0: 1} in points


def test_placing_a_lair_tile_can_close_a_territory_at_once():
    """After a Lair Tile, too, look for new Territories: a Lair whose river meets the
    start tile's River End is a Single Territory of length 2."""
    state = position(hands={0: ("L01",)}, turn=2)
    after = place(state, 0, *LAIR_SOUTH, "D3")
    (territory,) = after.territories
    assert (territory.kind, territory.length, territory.points()) == (SINGLE, 2, {0: 2})
    assert GAME.events(state, after) == ["Seat 1 closed a single territory (L=2): Seat 1 +2."]
