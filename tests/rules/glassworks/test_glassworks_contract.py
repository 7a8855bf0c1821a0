"""Glassworks behind the Game contract: encodings, views, purity, log lines."""

from __future__ import annotations

import random

import pytest

from river_tui.rules.core import IllegalAction, canonical_bytes, encode_action
from river_tui.rules.glassworks import GAME
from river_tui.rules.glassworks.actions import ACTION_TYPES, Draw, Gather, NewColumn, Overflow, Pass, Place
from river_tui.rules.registry import get_game

from support.glassworks_helpers import DIAMOND, STAR, play, ps, table


def random_game(seats, seed):
    """Every (state, seat, action) of a uniformly random game."""
    s = GAME.new(seats, {}, seed)
    rng = random.Random(seed)
    while GAME.to_act(s):
        seat = s.current
        action = rng.choice(GAME.legal_actions(s, seat))
        yield s, seat, action
        s = GAME.apply(s, seat, action)


def test_the_registry_finds_glassworks():
    assert get_game("glassworks") is GAME
    assert GAME.min_seats == 1 and GAME.max_seats == 5
    assert "greedy" in GAME.bots() and "random" in GAME.bots()


def test_every_action_kind_round_trips_through_its_encoding():
    for action in (Place(ps("W♥"), 0), Place(ps("W★", "P★"), 3), Gather(2), NewColumn(4), Draw(ps("W♥", "P▲")), Overflow(9), Pass()):
        assert GAME.decode_action(encode_action(action)) == action
    seen = set()
    for _, _, action in random_game(4, 3):
        assert GAME.decode_action(encode_action(action)) == action
        seen.add(type(action))
    assert seen >= {Place, Gather, Draw}
    with pytest.raises(ValueError):
        GAME.decode_action(["Teleport"])
    assert set(ACTION_TYPES) == {Place, Gather, NewColumn, Draw, Overflow, Pass}


def test_a_view_holds_no_rng_and_offers_the_same_moves():
    for s, seat, _ in random_game(3, 8):
        view = GAME.view(s, seat)
        assert view.rng is None and s.rng is not None
        assert GAME.legal_actions(view, seat) == GAME.legal_actions(s, seat)
    assert GAME.view(GAME.new(2, {}, 1), None).rng is None


def test_moves_are_made_on_the_table_not_on_a_view():
    s = GAME.new(2, {}, 1)
    with pytest.raises(IllegalAction):
        GAME.apply(GAME.view(s, 0), 0, GAME.legal_actions(s, 0)[0])


def test_apply_never_changes_the_state_it_is_given():
    for s, seat, action in random_game(2, 5):
        before = canonical_bytes(s)
        GAME.apply(s, seat, action)
        assert canonical_bytes(s) == before


def test_the_same_seed_and_moves_give_the_same_game():
    moves = [(seat, action) for _, seat, action in random_game(2, 21)]
    a = b = GAME.new(2, {}, 21)
    for seat, action in moves:
        a = GAME.apply(a, seat, action)
        b = GAME.apply(b, seat, action)
    assert GAME.digest(a) == GAME.digest(b) and GAME.result(a) == GAME.result(b)


def test_illegal_moves_say_why():
    s = table(satchels=(ps("W★"), ()))
    with pytest.raises(IllegalAction, match="Place glass in the river or draw"):
        GAME.apply(s, 0, Gather(DIAMOND))
    with pytest.raises(IllegalAction, match="not a move"):
        GAME.apply(s, 0, "fish")
    placed = play(s, Place(ps("W★"), STAR))
    with pytest.raises(IllegalAction, match="Gather from a river tile next to the star tile first"):
        GAME.apply(placed, 0, Place(ps("W★"), STAR))
    with pytest.raises(IllegalAction, match="no such river tile"):
        GAME.apply(s, 0, Place(ps("W★"), 9))


def test_log_lines_tell_the_game_in_its_language():
    s = table(satchels=(ps("W★", "P★"), ()))
    assert GAME.describe(s, 0, Place(ps("W★", "P★"), 2)) == "Seat 1 placed a white star and a purple star on the circle tile"
    placed = play(s, Place(ps("W★", "P★"), 2))
    tile = GAME.legal_actions(placed, 0)[0].tile
    assert GAME.describe(placed, 0, Gather(tile)).startswith("Seat 1 gathered ")
    after = play(placed, Gather(tile))
    lines = GAME.events(placed, after)
    assert any("flows to the start of the river; the bag refills it with" in line for line in lines)


def test_the_lake_refill_is_logged_with_the_pieces_the_bag_gave():
    s = table(satchels=((), ()))
    drawn = GAME.legal_actions(s, 0)[0]
    after = play(s, drawn)
    (line,) = GAME.events(s, after)
    assert line.startswith("The lake is refilled with ")


def test_every_random_move_has_a_log_line():
    for s, seat, action in random_game(5, 2):
        assert GAME.describe(s, seat, action).startswith(f"Seat {seat + 1} ")
        GAME.events(s, GAME.apply(s, seat, action))
