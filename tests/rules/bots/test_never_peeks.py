"""The search bots never see hidden information.

Every secret of a true position (the RNG, others' hands and roles, the pile,
the order of the weather deck, others' unfinished sheets) is replaced by a
tripwire: it behaves normally, except that touching it while a bot thinks
raises. A bot that reads the true state trips one (the control test); the
search bots, given the seat's view as the table gives it, never do; nor does
a hint (the same search for a person's seat, with the game's reasons).
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from dataclasses import replace

import pytest

from river_tui.play import table as table_module
from river_tui.rules.bots import bot_catalogue, thinking_process
from river_tui.rules.bots.advice import HINT, advise, advise_elsewhere
from river_tui.rules.core import Bot
from river_tui.rules.registry import get_game
from river_tui.rules.rng import Rng
from river_tui.play.analysis import judge
from river_tui.play.table import Seat, Table

from support.bots_helpers import GAMES, position_at
from support.waiting import wait_until


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


def mid_game(game_id: str):
    """The game, a position some moves in, and the seat that thinks there."""
    game = get_game(game_id)
    state, _ = position_at(game_id, SEATS[game_id], MOVES[game_id])
    # Riverside: the last seat to act, so the others' sheets hold hidden work.
    return game, state, max(game.to_act(state))


def poisoned_position(game_id: str):
    game, state, seat = mid_game(game_id)
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


# --- every real path a computer seat's decision takes ------------------------
# The bot is handed the seat's view by `Table.bot_choice` (screens, the SSH
# server's computer seats), through the thinking process for the search levels.
# Two checks each: the secrets of the true position raise when a thinking bot
# touches them, and what the bot is handed equals the seat's view, so a view
# that copied secrets into plain containers (which no tripwire would notice)
# is caught by value.


def poisoned_table(game_id: str, level: str):
    """A table whose current position is the poisoned one, ``seat`` a computer
    seat of ``level`` to act there."""
    game, poisoned, seat = poisoned_position(game_id)
    seats = [Seat(f"Seat {n}", level if n == seat else "human") for n in range(poisoned.seats)]
    table = Table(game, seats, {}, seed=7)
    table._history[-1] = poisoned
    return table, game, poisoned, seat


@pytest.fixture
def views_unarmed(monkeypatch):
    """Working out a view may look at every secret (the size of another's hand):
    only what the bot does with the view is armed."""

    def install(game):
        real_view = game.view

        def view(state, seat):
            armed, ARMED[0] = ARMED[0], False
            try:
                return real_view(state, seat)
            finally:
                ARMED[0] = armed

        monkeypatch.setattr(game, "view", view)

    return install


@pytest.mark.parametrize("game_id", GAMES)
def test_table_bot_choice_gives_the_search_only_the_seats_view(game_id, monkeypatch, views_unarmed):
    """In the screen's own process (as `simulate` and a worker's fallback think)."""
    monkeypatch.setattr(table_module, "bot_catalogue", lambda game, separate_process=False: bot_catalogue(game))
    table, game, poisoned, seat = poisoned_table(game_id, "normal")
    views_unarmed(game)
    with thinking():
        action = table.bot_choice(seat, random.Random(5))
    assert action in game.legal_actions(poisoned, seat)


def test_table_bot_choice_hands_a_games_own_bot_the_view_by_value(monkeypatch):
    table, game, poisoned, seat = poisoned_table("flow", "greedy")
    given = []

    def spy(game, view, seat, rng):
        given.append(view)
        return game.legal_actions(view, seat)[0]

    monkeypatch.setattr(game, "bots", lambda: {"greedy": Bot("greedy", spy)})
    table.bot_choice(seat, random.Random(5))
    assert len(given) == 1
    assert_is_the_seats_view(game, given[0], poisoned, seat)


def assert_is_the_seats_view(game, view, true_state, seat: int) -> None:
    """``view`` is the seat's view of the true position: it differs from it in
    every other seat's secret."""
    assert game.digest(view) == game.digest(game.view(true_state, seat))
    assert game.digest(view) != game.digest(true_state)
    if game.id == "flow":
        others = [o for o in range(true_state.seats) if o != seat]
        assert all(view.hands[o] != tuple(true_state.hands[o]) for o in others)
        assert view.pile is None and view.rng is None
    if game.id == "we-all-take":
        assert view.roles != list(true_state.roles) and view.rng is None


@pytest.fixture
def sent(monkeypatch) -> list:
    """Everything sent to the thinking process, in order (it is still sent)."""
    sent = []
    real_send = thinking_process._send
    monkeypatch.setattr(thinking_process, "_send", lambda stream, value: sent.append(value) or real_send(stream, value))
    return sent


@pytest.mark.parametrize("game_id", ["flow", "we-all-take"])
def test_the_thinking_process_is_sent_the_seats_view_only(game_id, sent):
    """What crosses to the worker process is the seat's view: its digest, and
    none of the others' hands or roles, whatever containers hold them."""
    game, state, seat = mid_game(game_id)
    table = Table(game, [Seat(f"Seat {n}", "normal" if n == seat else "human") for n in range(state.seats)], {}, seed=7)
    table._history[-1] = state
    action = table.bot_choice(seat, random.Random(5))
    assert action in game.legal_actions(state, seat)
    requests = [value for value in sent if len(value) == 5]
    assert [(g, level, s) for g, level, _, s, _ in requests] == [(game_id, "normal", seat)]
    assert_is_the_seats_view(game, requests[0][2], state, seat)


def test_a_dead_thinking_process_leaves_the_decision_to_this_one_still_blind(monkeypatch, views_unarmed):
    """If the worker dies, the decision is made here, from the same view."""

    def dies(self, *request):
        raise thinking_process.WorkerDied("killed")

    monkeypatch.setattr(thinking_process.Worker, "think", dies)
    table, game, poisoned, seat = poisoned_table("we-all-take", "normal")
    views_unarmed(game)
    with thinking():
        action = table.bot_choice(seat, random.Random(5))
    assert action in game.legal_actions(poisoned, seat)


async def test_the_servers_computer_seats_are_handed_their_views(river_home, monkeypatch):
    """The SSH server moves computer seats itself (net/tables.py): each decision
    is made from the deciding seat's view of the position it was asked in."""
    from river_tui.net.auth import Identity
    from river_tui.net.tables import TableRegistry

    game = get_game("flow")
    given = []
    greedy = game.bots()["greedy"]

    def spy(game, view, seat, rng):
        given.append((seat, game.digest(view)))
        return greedy.choose(game, view, seat, rng)

    monkeypatch.setattr(game, "bots", lambda: {"greedy": Bot("greedy", spy)})
    registry = TableRegistry(river_home / "serve", bot_delay=0)
    alice = Identity("alice", "SHA256:alice", "127.0.0.1")
    shared = registry.create(alice, "flow", seats=3, bots=2, variant=None, seed=3)
    window = registry.join(shared, FakeApp(), alice)
    table = shared.table
    for _ in range(2):
        await wait_until(lambda: 0 in table.to_act(), "the computer seats to move", seen=lambda: table.log)
        window.apply(0, table.legal_actions(0)[0])
    await wait_until(lambda: 0 in table.to_act(), "the computer seats to move", seen=lambda: table.log)
    await registry.close()
    expected = [(seat, game.digest(game.view(table.state_at(moves), seat))) for moves, (seat, _) in enumerate(table.log) if seat]
    assert len(given) >= 4 and given == expected


class FakeApp:
    """What a seat window needs of an app: somewhere to queue a redraw."""

    def call_later(self, callback, *args) -> bool:
        return True


# --- hints: the normal search's advice for a person's seat ---------------------------------
HINT_ITERATIONS = {"riverside": 2}  # each is every move played to the end


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_and_its_reasons_see_only_the_view(game_id):
    """The hint's search and the game's why describer, handed the seat's view as the
    screen hands it, never touch a secret of the true position."""
    game, poisoned, seat = poisoned_position(game_id)
    view = game.view(poisoned, seat)
    with thinking():
        advice = advise(game, view, seat, random.Random(5), HINT_ITERATIONS.get(game_id, 20))
    assert advice and all(choice.action in game.legal_actions(view, seat) for choice in advice)


@pytest.mark.parametrize("game_id", ["flow", "we-all-take"])
def test_a_hint_sends_the_thinking_process_the_seats_view_only(game_id, sent):
    game, state, seat = mid_game(game_id)
    view = game.view(state, seat)
    advice = advise_elsewhere(game, view, seat, 5)
    assert advice
    requests = [value for value in sent if len(value) == 5]
    assert [(g, level, s) for g, level, _, s, _ in requests] == [(game_id, HINT, seat)]
    assert_is_the_seats_view(game, requests[0][2], state, seat)


# --- the analysis of a finished game ------------------------------------------------
# Each decision is appraised from its seat's view at that time (play/analysis):
# the search there meets the same tripwires, and what crosses to the worker
# process is that view.


@pytest.mark.parametrize("game_id", GAMES)
def test_the_analysis_of_a_decision_sees_only_its_seats_view(game_id, views_unarmed):
    table, game, poisoned, seat = poisoned_table(game_id, "human")
    views_unarmed(game)
    played = game.legal_actions(game.view(poisoned, seat), seat)[-1]  # unarmed: the log's move
    table.log.append((seat, played))
    with thinking():
        decision = judge(table, len(table.log) - 1, seconds=60, iterations=6)
    assert decision.seat == seat and decision.best in game.legal_actions(poisoned, seat)


@pytest.mark.parametrize("game_id", ["flow", "we-all-take"])
def test_the_analysis_sends_the_thinking_process_the_seats_view_only(game_id, sent):
    game, state, seat = mid_game(game_id)
    table = Table(game, [Seat(f"Seat {n}") for n in range(state.seats)], {}, seed=7)
    table._history[-1] = state
    table.log.append((seat, game.legal_actions(state, seat)[0]))
    judge(table, len(table.log) - 1, seconds=60, iterations=6, separate_process=True)
    requests = [value for value in sent if isinstance(value, thinking_process.AppraiseRequest)]
    assert [(r.game_id, r.seat) for r in requests] == [(game_id, seat)]
    assert_is_the_seats_view(game, requests[0].view, state, seat)
