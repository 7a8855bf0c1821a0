"""A seat's view shares the open table with the true state instead of copying it
(`WeState.sharing`): what the seat may not see must still be the view's own, and
nothing a computer seat or the rules do with a view may change the table."""

from __future__ import annotations

import copy
import random
from dataclasses import fields

import pytest

from river_tui.rules.we_all_take import GAME
from river_tui.rules.we_all_take.determinize import determinize
from river_tui.rules.we_all_take.player_actions import perform
from river_tui.rules.we_all_take.state import OVER

from support.bots_helpers import position_at

HIDDEN = {"rng", "deck", "roles"}
""""Players should only see their own role card"; the weather deck lies face down; the dice."""


MOMENTS = (1, 12, 40, 90)
"""Moves into a greedy game at four seats: the camps, the first season, later seasons."""


@pytest.mark.parametrize("moves", MOMENTS)
def test_a_view_holds_no_object_of_the_states_secrets(moves):
    state, _ = position_at("we-all-take", 4, moves, seed=3)
    for seat in (*range(state.seats), None):
        view = GAME.view(state, seat)
        shared = {f.name for f in fields(view) if getattr(view, f.name) is getattr(state, f.name)}
        assert not shared & HIDDEN, f"seat {seat}'s view holds the table's own {sorted(shared & HIDDEN)}"
        assert view.rng is None
        assert view.deck == sorted(state.deck)
        for other, role in enumerate(view.roles):
            assert role == (state.roles[other] if other == seat or state.phase == OVER else None)


@pytest.mark.parametrize("moves", MOMENTS)
def test_nothing_done_with_a_view_changes_the_table(moves):
    state, actor = position_at("we-all-take", 4, moves, seed=3)
    table = copy.deepcopy(state)
    view = GAME.view(state, actor)
    seen = copy.deepcopy(view)
    rng = random.Random(1)
    GAME.bots()["greedy"].choose(GAME, view, actor, rng)
    for action in GAME.legal_actions(view, actor):
        perform(view, actor, action)  # how a computer seat weighs each move
    world = determinize(view, actor, rng)  # how the search fills in what it cannot see
    for _ in range(20):
        if not GAME.to_act(world):
            break
        seat = min(GAME.to_act(world))
        world = GAME.apply(world, seat, rng.choice(GAME.legal_actions(world, seat)))
    assert view == seen
    assert state == table
