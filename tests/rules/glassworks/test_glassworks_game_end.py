"""Game End."""

from __future__ import annotations

import pytest

from river_tui.rules.core import IllegalAction
from river_tui.rules.glassworks import GAME
from river_tui.rules.glassworks.actions import Gather, Place
from river_tui.rules.glassworks.state import BY_INVENTORY, OVER

from support.glassworks_helpers import CIRCLE, DIAMOND, HEART, SQUARE, STAR, TRIANGLE, board, play, ps, table

RIVER = (HEART, TRIANGLE, CIRCLE, SQUARE, DIAMOND, STAR)
SIXTEEN = board("WWWWW", "PPPPP", "CCCCC", "B")


def about_to_trigger(seats=2, trigger_seat=0, gathered=ps("B◆"), glassworks=SIXTEEN, satchels=None):
    """``trigger_seat`` holds a white star and 16 pieces; the diamond tile holds
    ``gathered``. Returns the table with that seat to play."""
    boards = [board()] * seats
    boards[trigger_seat] = glassworks
    if satchels is None:
        satchels = [ps("W★", "P★", "C★")] * seats
    tiles = (ps("W♥"), ps("W▲"), ps("W●"), ps("W■"), gathered, ps("P★"))
    return table(seats, river=RIVER, tiles=tiles, satchels=tuple(satchels), boards=tuple(boards), current=trigger_seat)


def trigger(s):
    return play(s, Place(ps("W★"), STAR), Gather(DIAMOND))


def finish_turn(s):
    """Play the current seat's whole turn with its first legal choices."""
    seat = s.current
    while GAME.to_act(s) and s.current == seat:
        s = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
        if s.current == seat and s.phase == "turn":
            break
    return s


def turns_until_over(s):
    """Who plays each turn from here to the end."""
    order = []
    while GAME.to_act(s):
        order.append(s.current)
        s = finish_turn(s)
    return order, s


def test_reaching_17_on_the_inventory_track_triggers_the_end_of_the_game():
    s = trigger(about_to_trigger())
    assert s.boards[0].inventory == 17
    assert s.end_cause == BY_INVENTORY and s.end_seat == 0 and s.turns_left is not None
    assert "end triggered" in GAME.round_label(s)


def test_passing_17_also_triggers_it():
    s = trigger(about_to_trigger(glassworks=board("WWWWW", "PPPPP", "CCCCC"), gathered=ps("B◆", "B◆", "B◆")))
    assert s.boards[0].inventory == 18 and s.turns_left is not None


def test_16_does_not_trigger_it_and_overflow_does_not_count():
    s = trigger(about_to_trigger(gathered=ps("W◆")))
    assert s.boards[0].inventory == 16 and s.turns_left is None


def test_each_player_with_fewer_than_3_pieces_in_their_satchel_immediately_draws_from_the_bag_until_they_have_3():
    satchels = [ps("W★"), ps("P▲"), ps("C●", "C●", "C●", "C●")]
    s = trigger(about_to_trigger(seats=3, satchels=satchels))
    assert [len(x) for x in s.satchels] == [3, 3, 4]
    assert ps("P▲")[0] in s.satchels[1]
    lines = GAME.events(play(about_to_trigger(seats=3, satchels=satchels), Place(ps("W★"), STAR)), s)
    assert any("reached 17" in line for line in lines)
    assert sum("tops up" in line for line in lines) == 2


@pytest.mark.parametrize(
    ("seats", "trigger_seat", "expected"),
    [
        (1, 0, [0]),
        (2, 0, [1, 0, 1]),
        (2, 1, [0, 1]),
        (3, 0, [1, 2, 0, 1, 2]),
        (3, 1, [2, 0, 1, 2]),
        (4, 3, [0, 1, 2, 3]),
    ],
)
def test_finish_the_current_round_of_turns_then_take_1_final_turn_each(seats, trigger_seat, expected):
    s = trigger(about_to_trigger(seats=seats, trigger_seat=trigger_seat))
    order, end = turns_until_over(s)
    assert order == expected
    assert end.phase == OVER


def test_afterwards_each_player_scores_their_glassworks_and_nobody_may_act():
    s = trigger(about_to_trigger(seats=1))
    _, end = turns_until_over(s)
    assert GAME.to_act(end) == frozenset()
    assert GAME.legal_actions(end, 0) == []
    assert GAME.result(end) is not None and GAME.result(s) is None
    with pytest.raises(IllegalAction, match="game is over"):
        GAME.apply(end, 0, Place(ps("W★"), STAR))


def test_reaching_17_again_during_the_final_turns_does_not_restart_the_countdown():
    s = trigger(about_to_trigger(seats=2, trigger_seat=1))
    assert s.turns_left == 2
    second = about_to_trigger(seats=2, trigger_seat=0)
    s.boards = (SIXTEEN, s.boards[1])
    s.tiles, s.river, s.satchels = second.tiles, second.river, (ps("W★"), s.satchels[1])
    s = trigger(s)
    assert s.turns_left == 1 and s.end_seat == 1
