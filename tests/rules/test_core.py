"""The Game contract's helpers (rules/core.py) that saves and screens rely on:
the action encoding a save file holds, the digest a save is checked against,
who wins, and the sentences a player reads. Expected values are written out
from the encoding's definition, not computed by it."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from river_tui.rules.core import (
    RANDOM_BOT,
    Game,
    IllegalAction,
    Variant,
    canonical_bytes,
    encode_action,
    ranked_winners,
)
from river_tui.rules.rng import Rng

from support.toygame import GAME, Roll, Step


@dataclass(frozen=True)
class Move:
    count: int
    flag: bool
    word: str
    weight: float
    spot: int | None
    path: tuple[int, ...]
    pair: tuple[int, str]


@dataclass(frozen=True)
class Wrapped:
    inner: Move
    extra: Any


class Shapes(Game):
    """A game that only decodes actions and checks its setup."""

    id = "shapes"
    title = "Shapes"
    min_seats = 2
    max_seats = 4
    action_types = (Move, Wrapped)
    variants = (Variant("short", "Short"), Variant("long", "Long"))


SHAPES = Shapes()
GOOD = ["Move", 3, True, "up", 1.5, None, [1, 2, 3], [4, "x"]]


def test_an_action_is_encoded_as_its_class_name_then_its_fields_tuples_as_lists():
    move = Move(3, True, "up", 1.5, None, (1, 2, 3), (4, "x"))
    assert encode_action(move) == GOOD
    assert encode_action(Wrapped(move, (7, (8,)))) == ["Wrapped", GOOD, [7, [8]]]


def test_a_good_encoding_decodes_to_the_same_action_with_tuples_back():
    move = SHAPES.decode_action(GOOD)
    assert move == Move(3, True, "up", 1.5, None, (1, 2, 3), (4, "x"))
    assert SHAPES.decode_action(["Move", 0, False, "", 2, 5, [], [0, ""]]).spot == 5  # an int is a float too


@pytest.mark.parametrize(
    "index, value",
    [
        (1, True),  # a bool is not a count
        (1, 2.5),
        (1, "3"),
        (2, 1),  # nor a number a flag
        (3, 5),
        (4, True),  # nor a bool a weight
        (4, "1.5"),
        (5, "here"),  # int or None
        (5, False),
        (6, (1, 2)),  # a tuple arrives as a list
        (6, [1, "2"]),
        (7, [4]),  # a pair has two
        (7, [4, "x", 5]),
        (7, ["x", 4]),
    ],
)
def test_a_field_of_the_wrong_kind_is_refused_naming_the_field(index, value):
    bad = list(GOOD)
    bad[index] = value
    field = ["count", "flag", "word", "weight", "spot", "path", "pair"][index - 1]
    with pytest.raises(ValueError, match=f"^Move's {field} is not of its kind.$"):
        SHAPES.decode_action(bad)


@pytest.mark.parametrize("data", [[], ["Jump"], [3], [None, 1]])
def test_an_unknown_action_is_refused_in_the_games_words(data):
    with pytest.raises(ValueError, match="^Shapes has no action "):
        SHAPES.decode_action(data)


def test_the_wrong_number_of_values_is_refused():
    with pytest.raises(ValueError, match="^Move takes 7 values, not 6.$"):
        SHAPES.decode_action(GOOD[:-1])
    with pytest.raises(ValueError, match="^Move takes 7 values, not 8.$"):
        SHAPES.decode_action(GOOD + [1])


def test_canonical_bytes_spell_out_the_state():
    """Dataclasses by field in order, mappings and sets sorted, lists and tuples
    alike: a save's digest depends on the position only."""
    assert canonical_bytes(Step(2)) == b"Step(2,)"
    assert canonical_bytes({"b": 1, "a": [1, (2, "x")]}) == b"{'a':[1,[2,'x',],],'b':1,}"
    assert canonical_bytes(frozenset({3, 1, 2})) == b"{1,2,3}"
    assert canonical_bytes({2, 1}) == canonical_bytes(frozenset({1, 2}))
    assert canonical_bytes((1, None)) == canonical_bytes([1, None]) == b"[1,None,]"
    assert canonical_bytes(Roll()) == b"Roll()"


def test_the_digest_of_a_position_is_stable_across_versions():
    """A save records this digest and is refused if replaying does not reach it,
    so the encoding must not change: the toy race's opening for seed 42 (cards
    4 and 2 dealt, the RNG's state after dealing) is pinned, bytes and digest."""
    state = GAME.new(2, {}, 42)
    assert canonical_bytes(state) == b"ToyState(2,0,0,[4,2,],None,Rng(4354685564936845396),)"
    assert GAME.digest(state) == "7decd0d360eaa10b61731e14f9e719e3"


def test_the_best_score_wins_and_tiebreaks_decide_in_turn():
    assert ranked_winners((3, 7, 5)) == frozenset({1})
    assert ranked_winners((7, 7, 5)) == frozenset({0, 1})
    assert ranked_winners((7, 7, 5), (1, 2, 9)) == frozenset({1})
    assert ranked_winners((7, 7, 5), (2, 2, 9), (0, 1, 0)) == frozenset({1})
    assert ranked_winners((7, 7, 7), (2, 2, 2), (1, 1, 1)) == frozenset({0, 1, 2})
    assert ranked_winners((-2, -5)) == frozenset({0})


def test_the_seat_count_is_checked_in_a_sentence():
    SHAPES.check_seats(2)
    SHAPES.check_seats(4)
    for seats in (1, 5):
        with pytest.raises(ValueError, match=f"^Shapes is played by 2 to 4 seats, not {seats}.$"):
            SHAPES.check_seats(seats)


def test_variants_are_checked_and_the_first_is_the_default():
    assert SHAPES.default_variant(3) == "short"
    SHAPES.check_options({"variant": "long"})
    SHAPES.check_options({})
    with pytest.raises(ValueError, match=r"^Shapes has no variant 'wide' \(choices: long, short\).$"):
        SHAPES.check_options({"variant": "wide"})
    assert GAME.default_variant(2) is None
    with pytest.raises(ValueError, match=r"\(choices: none\)"):
        GAME.check_options({"variant": "wide"})


def test_a_move_reveals_information_when_it_used_the_rng():
    state = GAME.new(2, {}, 1)
    assert not GAME.reveals_information(state, GAME.apply(state, 0, Step(1)))
    assert GAME.reveals_information(state, GAME.apply(state, 0, Roll()))


def test_the_games_defaults_say_nothing_more_than_the_rules_do():
    state = GAME.new(2, {}, 1)
    assert SHAPES.describe(state, 0, Step(1)) == "Step(amount=1)"
    assert SHAPES.events(state, state) == []
    assert SHAPES.round_label(state) == "" and SHAPES.round_of(state) == ""
    assert list(SHAPES.bots()) == ["random"]
    assert SHAPES.revealing_step == "a roll or a draw"


def test_illegal_action_keeps_its_sentence():
    err = IllegalAction("You may only step 1 or 2, or roll.")
    assert err.reason == str(err) == "You may only step 1 or 2, or roll."


def test_the_random_bot_picks_among_the_legal_moves_by_its_own_rng():
    state = GAME.new(2, {}, 1)
    picks = {RANDOM_BOT.choose(GAME, GAME.view(state, 0), 0, random.Random(n)) for n in range(40)}
    assert picks == {Step(1), Step(2), Roll()}
    assert RANDOM_BOT.name == "random"


def test_the_rng_of_a_state_is_what_it_carries():
    from river_tui.rules.core import state_rng

    state = GAME.new(2, {}, 1)
    assert state_rng(state) is state.rng
    assert state_rng(Step(1)) is None


def test_a_field_the_annotation_does_not_pin_down_takes_what_the_file_holds():
    """A nested action and an ``Any`` field are not refused by their kind (the
    nested action arrives as its encoding)."""
    wrapped = SHAPES.decode_action(["Wrapped", GOOD, [7, [8]]])
    assert wrapped.inner == ("Move", 3, True, "up", 1.5, None, (1, 2, 3), (4, "x"))
    assert wrapped.extra == (7, (8,))
