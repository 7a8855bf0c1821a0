"""The search bots never see hidden information.

Every secret of a true position (the RNG, others' hands and roles, the pile,
the order of the weather deck, others' unfinished sheets) is replaced by a
tripwire: it behaves normally, except that touching it while a bot thinks
raises. A bot that reads the true state trips one (the control test); the
search bots, given the seat's view as the table gives it, never do.
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from dataclasses import replace

import pytest

from river_tui.rules.bots import bot_catalogue
from river_tui.rules.registry import get_game
from river_tui.rules.rng import Rng

from bots.bots_helpers import GAMES, position_at


class Peeked(Exception):
    """A bot touched a secret."""


ARMED = [False]


def check() -> None:
    if ARMED[0]:
        raise Peeked("a bot read hidden information")


@contextmanager
def thinking():
    ARMED[0] = True
    try:
        yield
    finally:
        ARMED[0] = False


class TripwireRng(Rng):
    __slots__ = ()

    def next64(self) -> int:
        check()
        return super().next64()

    def copy(self) -> Rng:
        check()
        return TripwireRng(self.state)

    def __eq__(self, other: object) -> bool:
        check()
        return super().__eq__(other)

    __hash__ = Rng.__hash__


def guarded(base: type) -> type:
    """A subclass of ``base`` (tuple, list) whose every use trips when armed."""

    def wrap(name):
        original = getattr(base, name)

        def method(self, *args):
            check()
            return original(self, *args)

        return method

    names = ["__iter__", "__len__", "__getitem__", "__contains__", "__eq__", "__hash__", "__lt__"]
    return type(f"Tripwire{base.__name__.title()}", (base,), {n: wrap(n) for n in names if getattr(base, n, None) is not None})


TripwireTuple = guarded(tuple)
TripwireList = guarded(list)


class TripwireObject:
    """Stands for a hidden object: its attributes trip when armed."""

    def __init__(self, inner) -> None:
        object.__setattr__(self, "_inner", inner)

    def __getattr__(self, name):
        check()
        return getattr(object.__getattribute__(self, "_inner"), name)

    def __eq__(self, other) -> bool:
        check()
        return object.__getattribute__(self, "_inner") == other

    def __hash__(self) -> int:
        check()
        return hash(object.__getattribute__(self, "_inner"))


def poison(game_id: str, state, seat: int):
    """``state`` with every secret ``seat`` may not see replaced by a tripwire."""
    rng = TripwireRng(state.rng.state)
    if game_id == "glassworks":
        poisoned = state.copy()
        poisoned.rng = rng
        return poisoned
    if game_id == "flow":
        hands = tuple(h if o == seat else TripwireTuple(h) for o, h in enumerate(state.hands))
        return replace(state, hands=hands, pile=TripwireTuple(state.pile), rng=rng)
    if game_id == "riverside":
        drafts = tuple(d if o == seat or d is None else TripwireObject(d) for o, d in enumerate(state.drafts))
        return replace(state, drafts=drafts, rng=rng)
    poisoned = state.clone()
    poisoned.rng = rng
    poisoned.deck = TripwireList(state.deck)
    poisoned.roles = TripwireList(state.roles)
    return poisoned


SEATS = {"glassworks": 2, "flow": 3, "riverside": 3, "we-all-take": 4}
MOVES = {"glassworks": 14, "flow": 9, "riverside": 30, "we-all-take": 40}  # Riverside: a choice of dice, which the search rolls out


def poisoned_position(game_id: str):
    game = get_game(game_id)
    state, _ = position_at(game_id, SEATS[game_id], MOVES[game_id])
    # Riverside: the last seat to act, so the others' sheets hold hidden work.
    seat = max(game.to_act(state))
    return game, poison(game_id, state, seat), seat


def peeks(game_id: str, poisoned, seat: int):
    """Ways a cheating bot could read each secret of the poisoned state."""
    other = (seat + 1) % poisoned.seats
    yield lambda: poisoned.rng.next64()
    if game_id == "flow":
        yield lambda: list(poisoned.hands[other])
        yield lambda: sum(poisoned.pile)
    if game_id == "riverside":
        yield lambda: poisoned.drafts[other].sheet
    if game_id == "we-all-take":
        yield lambda: poisoned.deck[0]
        yield lambda: poisoned.roles[other]


@pytest.mark.parametrize("game_id", GAMES)
def test_reading_any_secret_of_the_true_state_trips_the_wire(game_id):
    game, poisoned, seat = poisoned_position(game_id)
    for peek in peeks(game_id, poisoned, seat):
        peek()  # harmless while no bot thinks
        with pytest.raises(Peeked), thinking():
            peek()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_search_bots_see_only_the_view(game_id, level):
    game, poisoned, seat = poisoned_position(game_id)
    bot = bot_catalogue(game)[level]
    view = game.view(poisoned, seat)  # what Table.bot_choice hands the bot
    with thinking():
        action = bot.choose(game, view, seat, random.Random(5))
    assert action in game.legal_actions(view, seat)
