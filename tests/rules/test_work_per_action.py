"""The work each rules engine does per action, counted (never timed): the Python
bytecode instructions run by random play the way a computer seat plays (the
acting seat's view, its legal actions from that view, one applied to the true
state), over seeded games. A change that makes a game's every move dearer shows
here as more instructions per action, on any machine, under any load;
bench/*_throughput.py gives the speed it costs. (Counting instructions rather
than calls sees the work inside a comprehension or a loop too.)

The ceilings are the counts measured when they were set on Python 3.11 (beside
each), plus about a fifth: a change that lands above one either takes the work it
added out elsewhere or raises the ceiling here and says why the game needs it."""

from __future__ import annotations

import copy
import random
import sys
from dataclasses import fields

import pytest

from river_tui.rules.registry import get_game
from river_tui.rules.we_all_take.state import SHARED_BY_CLONES, WeState

CEILINGS = {
    ("glassworks", 2): 1000,  # 909 instructions per action (823 before copy built through __init__: more instructions, each cheaper)
    ("glassworks", 5): 980,  # 896 (803)
    ("riverside", 2): 1370,  # 1140 (1330 before the quick builders; 1493 before evolve read the fields in one call)
    ("riverside", 6): 1370,  # 1105 (1330; 1484)
    ("flow", 2): 2100,  # 1746 (1828 before reservations left the free squares after; 2030)
    ("flow", 5): 2250,  # 1874 (1917; 2123)
    ("we-all-take", 1): 4500,  # 4087 (3772 before the sharing copy read its fields by name: more instructions, each cheaper; 3909 before clones shared the seldom-changed containers and the smaller cuts; 4160 before the hot paths' tables, one-seat questions and lists shared by clones; 4349 before the view shared the open table; 4523)
    ("we-all-take", 3): 2950,  # 2683 (2350 before the sharing copy read its fields by name; 2472 before clones shared the seldom-changed containers and the smaller cuts; 2635 before offers and declines shared the table; 2897 before the hot paths' tables; 3338 before the view shared the open table and offers were listed by pattern; 3659)
    ("we-all-take", 5): 2990,  # 2716 (2373 before the sharing copy read its fields by name; 2507 before clones shared the seldom-changed containers and the smaller cuts; 2766 before offers and declines shared the table; 2907 before the hot paths' tables)
}


def instructions_per_action(game_id: str, seats: int, games: int = 3) -> float:
    game = get_game(game_id)
    rng = random.Random(1)
    states = [game.new(seats, {"variant": game.default_variant(seats)}, seed) for seed in range(1, games + 1)]
    counted = 0
    actions = 0

    def count(frame, event, arg):
        nonlocal counted
        frame.f_trace_opcodes = True
        counted += event == "opcode"
        return count

    sys.settrace(count)
    try:
        for state in states:
            while acting := game.to_act(state):
                seat = min(acting)
                state = game.apply(state, seat, rng.choice(game.legal_actions(game.view(state, seat), seat)))
                actions += 1
    finally:
        sys.settrace(None)
    return counted / actions


@pytest.mark.parametrize(("game_id", "seats"), sorted(CEILINGS))
def test_an_action_costs_no_more_work_than_it_did(game_id, seats):
    work = instructions_per_action(game_id, seats)
    assert work <= CEILINGS[game_id, seats], f"{work:.0f} instructions per action, ceiling {CEILINGS[game_id, seats]}"


def test_we_all_takes_answered_offers_are_shared_by_a_clone_not_copied():
    """The answers to the offers grow over the whole game (some 100 on average at five
    seats in random play): every action's copy of the state shares them instead of
    copying them again."""
    game = get_game("we-all-take")
    state = game.new(5, {"variant": game.default_variant(5)}, 1)
    rng = random.Random(1)
    while not state.answered:
        seat = min(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert state.clone().answered is state.answered


def test_we_all_takes_supplies_are_shared_by_a_clone_and_replaced_by_a_build():
    """Each seat's supply of structures changes only when it builds or sells: a copy of
    the state shares the counts, and a build gives its seat new ones, leaving the state
    it was made on as it was."""
    game = get_game("we-all-take")
    state = game.new(3, {"variant": game.default_variant(3)}, 1)
    rng = random.Random(1)
    while True:
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        builds = [a for a in legal if type(a).__name__ == "Build"]
        action = rng.choice(builds or legal)
        after = game.apply(state, seat, action)
        if builds:
            break
        state = after
    before = [dict(counts) for counts in state.supply]
    assert state.supply[seat][action.kind] == after.supply[seat][action.kind] + 1
    assert [dict(counts) for counts in state.supply] == before
    assert all(after.supply[other] is state.supply[other] for other in range(3) if other != seat)
    assert all(a is b for a, b in zip(state.clone().supply, state.supply, strict=True))


@pytest.mark.parametrize("seats", [2, 4])
def test_we_all_takes_seldom_changed_containers_are_shared_by_a_clone_until_a_step_changes_them(seats):
    """The weather's lists, the colours, the roles, the city's site, the sea, the
    structures, what they did this turn, the turn's groups, the floods and erosion, the
    season end's steps and votes change seldom: a copy of the state shares them, and the
    step that changes one gives its own state a new one, leaving every state before it
    as it was."""
    game = get_game("we-all-take")
    state = game.new(seats, {"variant": game.default_variant(seats)}, 1)
    rng = random.Random(1)
    assert all(getattr(state.clone(), name) is getattr(state, name) for name in SHARED_BY_CLONES)

    def containers(s):
        return {name: copy.deepcopy(getattr(s, name)) for name in SHARED_BY_CLONES}

    states, seen = [state], [containers(state)]
    while game.to_act(state) and state.season < 5:
        seat = min(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        states.append(state)
        seen.append(containers(state))
    changed = {name for a, b in zip(seen, seen[1:]) for name in SHARED_BY_CLONES if a[name] != b[name]}
    assert changed >= set(SHARED_BY_CLONES) - {"roles", "flooded", "protected", "bought", "site"}
    assert [containers(s) for s in states] == seen


def test_we_all_takes_sharing_copy_holds_each_field_of_the_state_in_its_place():
    """`WeState.sharing` (two a move: the view and the clone) names each field in order:
    a state whose every field holds an object of its own gives a copy holding the very
    same object in the same field."""
    values = {f.name: object() for f in fields(WeState)}
    shared = WeState(**values).sharing()
    assert {name: getattr(shared, name) for name in values} == values
