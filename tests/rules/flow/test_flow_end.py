"""End of game: "The game ends when the whole board is filled with tiles (except for
the central square in the middle and the 4 locked squares of the strategy mode) and
there are no more Reservation Tiles present." """

from __future__ import annotations

from river_tui.rules.flow import GAME
from river_tui.rules.flow.state import LAKE, SINGLE, DUAL, Territory
from support.flow_helpers import fill_all_but, place, position, reserve, sq


def test_the_game_ends_when_the_whole_board_is_filled():
    state = fill_all_but(position(hands={0: ("bend", "crossing")}, turn=2), ["B2"])
    assert GAME.result(state) is None
    after = place(state, 0, "bend", 0, "B2")
    assert after.over and GAME.to_act(after) == frozenset()
    assert GAME.result(after) is not None
    assert "The board is full: the game is over." in GAME.events(state, after)


def test_the_game_does_not_end_while_a_reservation_tile_is_present():
    """A reserved square is not filled until a tile covers its Reservation Tile."""
    state = fill_all_but(position(hands={0: ("bend", "crossing"), 1: ("bend",)}, turn=2), ["B2", "C2"])
    state = reserve(state, 0, "B2")
    state = place(state, 1, "bend", 0, "C2")
    assert not state.over and GAME.to_act(state) == frozenset({0})
    state = place(state, 0, "crossing", 0, "B2")
    assert state.over


def finished(seats: int, territories: list[Territory]):
    state = fill_all_but(position(seats=seats), [])
    state.territories = tuple(territories)
    return state


def steps(n: int) -> tuple[tuple[int, int], ...]:
    return tuple((sq("B2"), i) for i in range(n))


def test_every_player_counts_their_territories_and_adds_their_plus_1_points():
    """"Every player now counts their points for every Territory to which one of their
    Lair Tokens belongs. To this number, all players add their +1 points. The player
    with the most points wins." """
    result = GAME.result(finished(2, [
        Territory(SINGLE, steps(6), (0,), 1),
        Territory(DUAL, steps(3), (0, 1), 0),
        Territory(LAKE, steps(4), (), 1),
    ]))
    assert result.scores == (9, 4)
    assert result.winners == frozenset({0})
    assert [line.points for line in result.breakdown[0]] == [6, 3]
    assert [line.points for line in result.breakdown[1]] == [3, 1]
    assert result.breakdown[1][1].label.startswith("Point tile: oxbow lake")
    assert result.summary == "Seat 1 (Dolphin) wins with 9 points."


def test_in_the_case_of_a_tie_the_player_with_the_single_longest_territory_wins():
    result = GAME.result(finished(3, [
        Territory(SINGLE, steps(6), (0,), 0),
        Territory(SINGLE, steps(3), (1,), 0),
        Territory(SINGLE, steps(3), (1,), 2),
        Territory(LAKE, steps(2), (), 2),
    ]))
    assert result.scores == (6, 6, 1)
    assert result.winners == frozenset({0})
    assert "longest territory (L=6)" in result.summary


def test_a_tie_on_points_and_longest_territory_is_shared():
    result = GAME.result(finished(2, [Territory(DUAL, steps(4), (0, 1), 0)]))
    assert result.scores == (4, 4) and result.winners == frozenset({0, 1})
    assert result.tie


def test_the_round_label_counts_rounds_and_names_the_first_round_limit():
    state = GAME.new(3, {}, 1)
    assert GAME.round_label(state) == "Round 1 (inner rings only)"
    state.turn = 7
    assert GAME.round_label(state) == "Round 3"
