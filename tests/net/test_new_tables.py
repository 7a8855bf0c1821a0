"""A new table on the server, as its maker, the players who sit down later and
the operator reading the log and tables.json see it: its seats, its computers,
its settings, and each refusal in its own words. Written against the survivors
of mutation testing (docs/testing.md)."""

from __future__ import annotations

import json
import logging

import pytest

from river_tui.net.auth import Identity
from river_tui.net.tables import INDEX, TableRegistry

from support.net.secret_game import GAME

ALICE = Identity("alice", "SHA256:alice", "127.0.0.1")
BOB = Identity("bob", "SHA256:bob", "127.0.0.1")
GUEST = Identity("visitor", None, "127.0.0.1")


@pytest.fixture
async def registry(river_home):
    registry = TableRegistry(river_home / "serve")
    yield registry
    await registry.close()


def infos(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "river_tui.net.tables" and r.levelno == logging.INFO]


async def test_a_new_table_has_its_maker_first_free_seats_then_its_computers(registry, caplog):
    caplog.set_level(logging.INFO, logger="river_tui.net.tables")
    shared = registry.create(ALICE, "flow", seats=5, bots=2, variant="strategy", seed=7, computer="hard",
                             grace=120.0, timer=300.0)
    seats = [(seat.name, seat.kind) for seat in shared.table.seats]
    assert seats == [("alice", "human"), ("Seat 2", "human"), ("Seat 3", "human"), ("Computer 1", "hard"),
                     ("Computer 2", "hard")]
    assert shared.owners == ["SHA256:alice", None, None, None, None]
    assert shared.free_seats() == [1, 2]
    assert (shared.table.options, shared.table.seed) == ({"variant": "strategy"}, 7)  # 5 seats: basic by default
    assert infos(caplog) == ["alice created table 1 (flow, 5 seats, 2 computers, hard)"]
    written = json.loads((registry.folder / INDEX).read_text())
    assert written == [{"path": str(shared.path), "owners": ["SHA256:alice", None, None, None, None],
                        "grace": 120.0, "timer": 300.0, "stand_ins": {}}]


async def test_a_new_table_without_a_variant_plays_the_games_own_and_without_computers_has_none(registry, caplog):
    caplog.set_level(logging.INFO, logger="river_tui.net.tables")
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    assert shared.table.options == {}
    assert [(seat.name, seat.kind) for seat in shared.table.seats] == [("alice", "human"), ("Seat 2", "human")]
    assert infos(caplog) == ["alice created table 1 (secret-paddle, 2 seats, 0 computers, easy)"]
    written = json.loads((registry.folder / INDEX).read_text())
    assert written == [
        {"path": str(shared.path), "owners": ["SHA256:alice", None], "grace": 600.0, "timer": None, "stand_ins": {}}
    ]


async def test_a_second_table_gets_the_next_number_and_a_seat_taken_is_logged(registry, caplog):
    caplog.set_level(logging.INFO, logger="river_tui.net.tables")
    registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    second = registry.create(ALICE, GAME.id, seats=3, bots=1, variant=None)
    assert list(registry.tables) == [1, 2] and second.number == 2
    registry.take_seat(second, 1, BOB)
    assert [seat.name for seat in second.table.seats] == ["alice", "bob", "Computer 1"]
    assert infos(caplog)[-1] == "bob took seat 2 at table 2"
    assert json.loads((registry.folder / INDEX).read_text())[1]["owners"] == ["SHA256:alice", "SHA256:bob", None]


@pytest.mark.parametrize(
    "who, seats, bots, computer, refused",
    [
        (GUEST, 2, 0, None, "Guests may watch tables but not start them."),
        (ALICE, 2, 2, None, "At least one seat must be left for a person."),
        (ALICE, 2, -1, None, "At least one seat must be left for a person."),
        (ALICE, 2, 1, "grandmaster", "Secret Paddle has no computer player called grandmaster."),
        (ALICE, 2, 1, "g" * 41, f"Secret Paddle has no computer player called {'g' * 39}….")
    ],
)
async def test_a_table_that_cannot_be_made_is_refused_in_a_sentence_and_nothing_is_made(
    registry, who, seats, bots, computer, refused
):
    with pytest.raises(ValueError) as error:
        registry.create(who, GAME.id, seats=seats, bots=bots, variant=None, computer=computer)
    assert str(error.value) == refused
    assert registry.tables == {} and not (registry.folder / INDEX).exists()


async def test_a_seat_not_free_is_refused_by_its_number(registry):
    shared = registry.create(ALICE, GAME.id, seats=3, bots=1, variant=None)
    for seat in (0, 2):  # alice's own, a computer's
        with pytest.raises(ValueError) as error:
            registry.take_seat(shared, seat, BOB)
        assert str(error.value) == f"Seat {seat + 1} is not free for bob."
    with pytest.raises(ValueError) as error:
        registry.take_seat(shared, 1, GUEST)
    assert str(error.value) == "Seat 2 is not free for visitor."
    assert shared.owners == ["SHA256:alice", None, None]
