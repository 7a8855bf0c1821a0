"""tables.json as the operator of a restarted server meets it: which entries
come back as tables (seats bound as written, within the file's limits), which
are rows of the lobby saying why not, and what the server's log says. Written
against the survivors of mutation testing (docs/testing.md)."""

from __future__ import annotations

import json
import os
import logging
from pathlib import Path

import pytest

from river_tui.net.auth import Identity
from river_tui.net import tables
from river_tui.net.tables import INDEX, TableRegistry
from river_tui.saves.locations import saves_dir

from support.net.secret_game import GAME

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


def test_a_table_whose_save_is_gone_is_a_row_logged_and_kept_in_tables_json_as_it_was(river_home, caplog):
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    gone = saves_dir() / "gone.rtsave"
    entry = {"path": str(gone), "owners": ["SHA256:alice", None], "grace": 60.0, "timer": None, "stand_ins": {}}
    registry = restored_with(folder, entry)
    assert [(broken.name, broken.reason) for broken in registry.broken] == [
        ("gone.rtsave", f"There is no save at {gone}.")
    ]
    assert errors(caplog) == [f"table {gone} not restored: There is no save at {gone}."]
    assert json.loads((folder / INDEX).read_text()) == [entry]  # it comes back once the save is there again


async def test_a_save_listed_twice_is_restored_once_and_the_second_line_is_a_row(river_home):
    folder = river_home / "serve"
    path = Path(await written_table(folder))
    entry = {"path": str(path), "owners": ["SHA256:alice", None]}
    registry = restored_with(folder, entry, entry)
    assert len(registry.tables) == 1
    assert [(broken.name, broken.reason) for broken in registry.broken] == [
        (path.name, f"{path.name} is listed twice in tables.json")
    ]
    await registry.close()


@pytest.mark.parametrize(
    "error, words",
    [
        (OSError(5, "Input/output error"), "Input/output error"),  # the system's words
        (OSError("the disk went away"), "the disk went away"),  # no system words: the error's own
        (OSError(5, "w" * 101), "w" * 99 + "…"),  # cut to 100 characters
    ],
)
def test_a_tables_json_that_cannot_be_read_says_why_in_the_systems_words(river_home, monkeypatch, error, words):
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    (folder / INDEX).write_text("[]")

    def fails(path, limit):
        raise error

    monkeypatch.setattr(tables, "read_regular", fails)
    registry = TableRegistry.restore(folder)
    assert [(broken.name, broken.reason) for broken in registry.broken] == [
        (INDEX, f"{folder / INDEX} cannot be read ({words}); starting with no tables")
    ]


def test_a_tables_json_of_4_mb_is_read_and_one_byte_more_is_not(river_home):
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    (folder / INDEX).write_text("[" + " " * (4 * 2**20 - 2) + "]")  # exactly 4 MB: an empty list
    assert TableRegistry.restore(folder).broken == []
    (folder / INDEX).write_text("[" + " " * (4 * 2**20 - 1) + "]")
    assert [(broken.name, broken.reason) for broken in TableRegistry.restore(folder).broken] == [
        (INDEX, f"{folder / INDEX} is larger than 4 MB; starting with no tables")
    ]


async def test_a_restored_entry_keeps_its_settings_and_only_the_stand_ins_of_its_players_seats(river_home):
    """Stand-ins are kept for a person's seat that has its player; one for a free
    seat, a computer's seat or a seat the table lacks is dropped."""
    folder = river_home / "serve"
    registry = TableRegistry(folder)
    path = str(registry.create(ALICE, GAME.id, seats=3, bots=1, variant=None).path)  # alice, Seat 2, Computer 1
    await registry.close()
    stand_ins = {"0": "easy", "1": "easy", "2": "easy", "3": "easy", "5": "easy"}
    registry = restored_with(folder, {"path": path, "owners": ["SHA256:alice", None, None], "grace": 30, "timer": 90,
                                      "stand_ins": stand_ins})
    assert json.loads((folder / INDEX).read_text()) == [
        {"path": path, "owners": ["SHA256:alice", None, None], "grace": 30.0, "timer": 90.0, "stand_ins": {"0": "easy"}}
    ]
    await registry.close()
    registry = restored_with(folder, {"path": path, "owners": ["SHA256:alice", None, None]})  # no settings written
    assert json.loads((folder / INDEX).read_text()) == [
        {"path": path, "owners": ["SHA256:alice", None, None], "grace": 600.0, "timer": None, "stand_ins": {}}
    ]
    await registry.close()


async def test_a_tables_json_that_cannot_be_written_is_named_in_the_log_and_play_goes_on(river_home, monkeypatch,
                                                                                          caplog):
    write = tables.store.write_atomically

    def disk_full_for_the_index(path, data, **where):
        if path.name == INDEX:
            raise OSError(28, "No space left on device")
        write(path, data, **where)

    monkeypatch.setattr(tables.store, "write_atomically", disk_full_for_the_index)
    registry = TableRegistry(river_home / "serve")
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    assert errors(caplog) == [f"cannot write {river_home / 'serve' / INDEX}: [Errno 28] No space left on device"]
    assert list(registry.tables.values()) == [shared]
    await registry.close()


async def test_a_save_outside_the_servers_saves_folder_is_a_row_and_nothing_is_made_beside_it(river_home, tmp_path, caplog):
    folder = river_home / "serve"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    outside = elsewhere / "x.rtsave"
    outside.write_bytes(Path(await written_table(folder)).read_bytes())  # a good save, in the wrong place
    (saves_dir() / "link.rtsave").symlink_to(outside)
    paths = [str(outside), str(saves_dir() / ".." / ".." / "elsewhere" / "x.rtsave"), str(saves_dir() / "link.rtsave"),
             "/etc/passwd", str(saves_dir() / "sub" / ".." / "y.rtsave")]
    written = [json.dumps({"path": path, "owners": ["SHA256:alice", None]}) for path in paths]
    (folder / INDEX).write_text("[" + ", ".join(written) + "]")
    caplog.clear()
    registry = TableRegistry.restore(folder)
    outside_folder = "of tables.json names a save outside the server's saves folder"
    assert [(b.name, b.reason) for b in registry.broken] == [
        (Path(path).name, f"entry {n} {outside_folder}") for n, path in enumerate(paths, start=1)
    ]
    assert errors(caplog) == [f"tables.json: entry {n} {outside_folder}" for n in range(1, 6)]
    assert registry.tables == {}
    assert sorted(os.listdir(elsewhere)) == ["x.rtsave"] and not os.path.lexists("/etc/.passwd.lock")
    assert all(text in (folder / INDEX).read_text() for text in written)  # kept, as they were written


UNUSABLE_ENTRIES = {
    "a grace time of NaN": '{"path": "%s", "owners": [null], "grace": NaN}',
    "a timer of 5,000 digits": '{"path": "%s", "owners": [null], "timer": ' + "9" * 5000 + "}",
    "a stand-in in seat ²": '{"path": "%s", "owners": [null], "stand_ins": {"²": "easy"}}',
    "a stand-in in a seat of 5,000 digits": '{"path": "%s", "owners": [null], "stand_ins": {"' + "1" * 5000 + '": "easy"}}',
}


@pytest.mark.parametrize("case", list(UNUSABLE_ENTRIES))
async def test_an_unusable_entry_is_a_row_and_kept_as_it_was_when_the_index_is_written(river_home, case):
    folder = river_home / "serve"
    good = json.dumps({"path": await written_table(folder), "owners": ["SHA256:alice", None]})
    unusable = UNUSABLE_ENTRIES[case] % (saves_dir() / "odd.rtsave")
    (folder / INDEX).write_text(f"[{good},\n {unusable}]")
    registry = TableRegistry.restore(folder)
    assert [(b.name, b.reason) for b in registry.broken] == [
        ("odd.rtsave", "entry 2 of tables.json has an unusable grace time, turn timer or stand-in")
    ]
    registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)  # the index is written again
    assert len(registry.tables) == 2 and unusable in (folder / INDEX).read_text()
    await registry.close()


def test_a_tables_json_of_more_entries_than_a_server_writes_starts_no_tables_and_is_kept(river_home):
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    written = "[" + ",".join(["{}"] * (tables.MAX_ENTRIES + 1)) + "]"  # 4 MB would hold a million
    (folder / INDEX).write_text(written)
    registry = TableRegistry.restore(folder)
    assert [(b.name, b.reason) for b in registry.broken] == [
        (INDEX, f"{folder / INDEX} lists more than {tables.MAX_ENTRIES} tables; starting with no tables")]
    assert (folder / INDEX).read_text() == written


async def test_the_lobby_lists_twenty_unusable_entries_and_counts_the_rest_and_the_file_keeps_them_all(river_home):
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    unusable = [json.dumps({"path": str(saves_dir() / f"gone-{n}.rtsave"), "owners": 5}) for n in range(100)]
    (folder / INDEX).write_text("[" + ",\n".join(unusable) + "]")
    registry = TableRegistry.restore(folder)
    assert len(registry.broken) == tables.BROKEN_SHOWN + 1
    assert registry.broken[0] == tables.BrokenTable("gone-0.rtsave", f"entry 1 {NO_OWNERS}", unusable[0])
    assert registry.broken[-1] == tables.BrokenTable(
        INDEX, f"{100 - tables.BROKEN_SHOWN} more entries of tables.json cannot be used; serve.log says why for each.", None)
    registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    assert all(text in (folder / INDEX).read_text() for text in unusable)
    await registry.close()
