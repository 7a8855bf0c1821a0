"""tables.json as the operator of a restarted server meets it: which entries
come back as tables (seats bound as written, within the file's limits), which
are rows of the lobby saying why not, and what the server's log says. Written
against the survivors of mutation testing (docs/testing.md)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from river_tui.net.auth import Identity
from river_tui.net.tables import INDEX, TableRegistry

from .secret_game import GAME

ALICE = Identity("alice", "SHA256:alice", "127.0.0.1")
NO_OWNERS = "of tables.json has no usable list of seat owners"


async def written_table(folder) -> str:
    """The path of a two-seat table's save that a server wrote in ``folder``."""
    registry = TableRegistry(folder)
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    await registry.close()
    return str(shared.path)


def errors(caplog) -> list[str]:
    """What the server's log says of its tables as errors."""
    return [r.getMessage() for r in caplog.records if r.name == "river_tui.net.tables" and r.levelno == logging.ERROR]


def restored_with(folder, *entries) -> TableRegistry:
    (folder / INDEX).write_text(json.dumps(list(entries)))
    return TableRegistry.restore(folder)


@pytest.mark.parametrize(
    "owners, seats",
    [
        (["f" * 128, "b"] + [None] * 62, ["f" * 128, "b"]),  # 64 owners, fingerprints of 128 and 1 characters
        (None, [None, None]),  # no owners written: both seats free
    ],
)
async def test_an_entry_within_the_limits_comes_back_as_a_table_with_its_seats_bound(river_home, owners, seats):
    folder = river_home / "serve"
    path = await written_table(folder)
    entry = {"path": path} if owners is None else {"path": path, "owners": owners}
    registry = restored_with(folder, entry)
    assert registry.broken == []
    assert [shared.owners for shared in registry.tables.values()] == [seats]
    await registry.close()


@pytest.mark.parametrize(
    "owners",
    [
        ["SHA256:alice"] + [None] * 64,  # 65 owners
        ["SHA256:alice", ""],  # an empty fingerprint
        ["SHA256:alice", "f" * 129],  # a fingerprint longer than 128 characters
    ],
)
async def test_an_entry_past_the_limits_of_its_owners_is_a_row_saying_so(river_home, owners, caplog):
    folder = river_home / "serve"
    path = await written_table(folder)
    registry = restored_with(folder, {"path": path, "owners": owners})
    assert [(broken.name, broken.reason) for broken in registry.broken] == [(Path(path).name, f"entry 1 {NO_OWNERS}")]
    assert registry.tables == {}
    assert errors(caplog) == [f"tables.json: entry 1 {NO_OWNERS}"]
    await registry.close()


def test_a_long_save_name_is_cut_to_sixty_characters_in_its_row(river_home):
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    name = "n" * 54 + ".rtsave"  # 61 characters
    registry = restored_with(folder, {"path": str(folder / name), "owners": 5})
    cut = "n" * 54 + ".rtsa…"  # 59 characters and an ellipsis
    assert [(broken.name, broken.reason) for broken in registry.broken] == [(cut, f"entry 1 {NO_OWNERS}")]


def test_a_tables_json_that_cannot_be_used_is_named_in_the_servers_log(river_home, caplog):
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    (folder / INDEX).write_text("[{")
    registry = TableRegistry.restore(folder)
    said = f"{folder / INDEX} is not JSON; starting with no tables"
    assert errors(caplog) == [said]
    assert [(broken.name, broken.reason) for broken in registry.broken] == [(INDEX, said)]
