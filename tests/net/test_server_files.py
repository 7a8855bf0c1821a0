"""The server's files are untrusted: tables.json, authorized_keys, the host key,
names.json. A bad one is refused in a sentence or shown as a row with its
reason; none stops the server from starting, hangs it or crashes a session.
And the first run works as the README says, in its order."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import stat
import sys
from pathlib import Path

import pytest

from river_tui.net.auth import load_authorized_keys
from river_tui.net.auth import Identity
from river_tui.net.chat import ChatLine, read_chat
from river_tui.net.hostkey import HostKeyError, load_or_create_host_key
from river_tui.net.names import NameBook
from river_tui.net.server import RiverServer, ServeError
from river_tui.net.tables import INDEX, BrokenTable, TableRegistry, read_index
from river_tui.saves.locations import saves_dir

from support.net.echo_app import EchoApp
from support.net.secret_game import GAME
from support.net.serve_process import own_line, serving_port, start_serve, stop
from support.net.sshclient import connect
from .test_tables import ENTER, new_table, playable, river  # noqa: F401 (fixtures)
from support.waiting import wait_until


@pytest.mark.parametrize("kind", ["device", "fifo", "folder", "garbage", "huge"])
async def test_an_unusable_host_key_is_one_sentence_and_never_a_hang(make_config, tmp_path, kind):
    path = {"device": "/dev/zero", "fifo": tmp_path / "fifo", "folder": tmp_path}.get(kind, tmp_path / "key")
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "garbage":
        path.write_bytes(b"-----BEGIN OPENSSH PRIVATE KEY-----\n\xff\x00\n")
    elif kind == "huge":
        path.write_bytes(b"A" * (2 * 1024 * 1024))
    with pytest.raises(ServeError, match=r"^Cannot use the host key .*: .+\.$"):
        await asyncio.wait_for(RiverServer(make_config(host_key=path), EchoApp).start(), 20)


@pytest.mark.parametrize("content", [b"/dev/zero", b"fifo", b"{}", b"[1, [2, [3]]]", b'{"alice": 5}', b"\xff" * 99])
def test_a_bad_names_file_is_kept_and_never_written_over(tmp_path, content):
    path = tmp_path / "names.json"
    if content == b"fifo":
        os.mkfifo(path)
    elif content == b"/dev/zero":
        path.symlink_to("/dev/zero")
    else:
        path.write_bytes(content)
    book = NameBook(path)
    assert book.claim("alice", "SHA256:alice") is None  # the server goes on: names kept in memory
    if content in (b"{}", b'{"alice": 5}'):  # usable (an unusable entry left out): written
        assert json.loads(path.read_text()) == {"alice": "SHA256:alice"}
    elif content not in (b"fifo", b"/dev/zero"):
        assert path.read_bytes() == content


YEAR = 366 * 24 * 3600
"""The longest grace time or turn timer a server takes (a year)."""

UNUSABLE = "entry 1 of tables.json has an unusable grace time, turn timer or stand-in"

SETTINGS = {
    "none given: 10 minutes' grace, no timer": ({}, {"grace": 600.0, "timer": None, "stand_ins": {}}),
    "no grace: seats handed over at once": ({"grace": 0}, {"grace": 0.0, "timer": None, "stand_ins": {}}),
    "a year each": ({"grace": YEAR, "timer": YEAR}, {"grace": float(YEAR), "timer": float(YEAR), "stand_ins": {}}),
    "half a second a turn": ({"timer": 0.5}, {"grace": 600.0, "timer": 0.5, "stand_ins": {}}),
    "a computer in seat 2": ({"stand_ins": {"1": "hard"}}, {"grace": 600.0, "timer": None, "stand_ins": {1: "hard"}}),
    "a computer in each of 64 seats": (
        {"stand_ins": {str(seat): "easy" for seat in range(64)}},
        {"grace": 600.0, "timer": None, "stand_ins": {seat: "easy" for seat in range(64)}},
    ),
    "grace of a year and a second": ({"grace": YEAR + 1}, None),
    "grace below 0": ({"grace": -1}, None),
    "grace true": ({"grace": True}, None),
    "grace in words": ({"grace": "600"}, None),
    "timer of a year and a second": ({"timer": YEAR + 1}, None),
    "timer of 0": ({"timer": 0}, None),
    "stand-ins as a list": ({"stand_ins": ["easy"]}, None),
    "a stand-in in seat 65": ({"stand_ins": {"64": "easy"}}, None),
    "a stand-in in a seat with no number": ({"stand_ins": {"first": "easy"}}, None),
    "a stand-in of no known level": ({"stand_ins": {"1": "grandmaster"}}, None),
    "a stand-in level that is not text": ({"stand_ins": {"1": 3}}, None),
    "a stand-in in seat ²": ({"stand_ins": {"²": "easy"}}, None),
    "a stand-in in seat ٣": ({"stand_ins": {"٣": "easy"}}, None),
    "a stand-in in seat 01": ({"stand_ins": {"01": "easy"}}, None),
    "a stand-in in seat +1": ({"stand_ins": {"+1": "easy"}}, None),
    "a stand-in in seat 1 followed by 5,000 zeros": ({"stand_ins": {"1" + "0" * 5000: "easy"}}, None),
    "grace of NaN": ({"grace": float("nan")}, None),
    "timer of Infinity": ({"timer": float("inf")}, None),
}


@pytest.mark.parametrize("case", list(SETTINGS), ids=lambda case: case.replace(" ", "-").replace("'", ""))
def test_a_tables_grace_time_turn_timer_and_stand_ins_are_read_or_the_entry_is_refused(tmp_path, case):
    settings, read = SETTINGS[case]
    path = tmp_path / INDEX
    written = json.dumps({"path": str(saves_dir() / "a.rtsave"), "owners": ["SHA256:ann", None], **settings})
    path.write_text(f"[{written}]")
    [entry], problem = read_index(path)
    assert problem is None
    if read is None:
        assert entry == BrokenTable("a.rtsave", UNUSABLE, written)
    else:
        assert entry == (saves_dir() / "a.rtsave", ["SHA256:ann", None], read, written)


def write_index(folder, entries) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / INDEX).write_text(json.dumps(entries))


async def a_good_table(river, keys, river_home) -> tuple[Path, dict]:
    """A first server makes a good table, then stops: its folder and its entry in the index."""
    registry, port = await river()
    alice = await connect(port, "alice", keys["alice"])
    await new_table(alice)
    await alice.close()
    await registry.close()
    folder = river_home / "serve"
    return folder, json.loads((folder / INDEX).read_text())[0]


async def test_bad_tables_are_rows_with_their_reason_and_good_ones_play(river, keys, river_home):
    folder, good = await a_good_table(river, keys, river_home)
    damaged = saves_dir() / "damaged.rtsave"
    damaged.write_bytes(b"not a save at all")
    entries = [
        {"path": good["path"], "owners": [good["owners"][0]]},  # fewer owners than seats
        {"path": good["path"], "owners": []},  # the same save twice
        "a string", {"owners": []}, {"path": 5}, {"path": "/dev/zero", "owners": []},
        {"path": str(damaged), "owners": [None]}, {"path": str(saves_dir() / "gone.rtsave"), "owners": [None]},
        {"path": str(damaged) + "x", "owners": [["nested"]]},
    ]  # fmt: skip
    write_index(folder, entries)
    registry, port = await river()
    assert list(registry.tables) == [1] and registry.tables[1].owners == [good["owners"][0], None]
    assert len(registry.broken) == 8
    bob = await connect(port, "bob", keys["bob"], size=(240, 40))  # each reason on one line
    await bob.rec.wait_for("Seat 2 (free)")  # the good table, its missing owner a free seat
    text = bob.rec.text()
    for reason in ("listed twice", "names no save", "outside the server's saves folder", "damaged.rtsave", "gone.rtsave"):
        assert reason in text, reason
    bob.type(ENTER)
    await bob.rec.wait_for("Counter at 0")
    mark = bob.mark()
    bob.type("q")
    await bob.rec.wait_for("Welcome", since=mark)  # back in the lobby
    bob.type("\x1b[B" * 6 + ENTER)  # a broken row says why it does not open
    await bob.rec.wait_for("This table cannot be opened")
    await bob.close()
    kept = json.loads((folder / INDEX).read_text())
    assert kept[0]["path"] == good["path"] and kept[1:] == entries[1:]  # each unusable entry kept as it was


async def test_the_lobby_cursor_stays_on_a_broken_row_when_the_list_changes(river, keys, river_home):
    """A list rebuilt (a new table started) keeps the cursor on the row it was on, a broken
    file's too: Enter then says why that file does not open, never opens a table."""
    from textual.widgets import DataTable

    from river_tui.net.auth import Identity

    from support.net.secret_game import GAME

    folder, good = await a_good_table(river, keys, river_home)
    write_index(folder, [good, {"path": str(folder / "gone.rtsave"), "owners": [None]}])
    registry, port = await river()
    bob = await connect(port, "bob", keys["bob"], size=(160, 30))
    await bob.rec.wait_for("gone.rtsave")
    (lobby,) = registry._watchers  # bob's app, the one session showing the lobby
    rows = lobby.screen.query_one(DataTable)
    bob.type("\x1b[B")  # from the table's row to the broken file's
    await wait_until(lambda: rows.cursor_coordinate.row == 1, "the cursor on the broken row",
                     seen=lambda: rows.cursor_coordinate)
    mark = bob.mark()
    carol = Identity("carol", keys["alice"].get_fingerprint(), "127.0.0.1")
    registry.create(carol, GAME.id, seats=2, bots=0, variant=None)
    await bob.rec.wait_for("carol", since=mark)  # the list rebuilt, the new table above the broken row
    bob.type(ENTER)
    await bob.rec.wait_for("This table cannot be opened", since=mark)
    await bob.close()


@pytest.mark.parametrize("content", [b"[" * 100_000, b"{}", b"\xff\xfe", b"fifo", b"huge"])
def test_an_unusable_tables_file_starts_no_tables_and_is_not_written_over(river_home, content):
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    path = folder / INDEX
    if content == b"fifo":
        os.mkfifo(path)
    elif content == b"huge":
        path.write_bytes(b" " * (5 * 1024 * 1024))
    else:
        path.write_bytes(content)
    registry = TableRegistry.restore(folder)
    assert not registry.tables and len(registry.broken) == 1
    assert "starting with no tables" in registry.broken[0].reason
    if content not in (b"fifo", b"huge"):
        assert path.read_bytes() == content


async def test_the_first_run_works_as_the_readme_says(river_home, keys):
    """`river-tui serve` with nothing yet: it creates serve/ and an empty
    authorized_keys (0600), says how to add a key, and serves; the key appended
    as the README says logs in without a restart."""
    process = await start_serve(river_home)
    try:
        port = await serving_port(process)
        authorized = river_home / "serve" / "authorized_keys"
        await own_line(process, re.escape(f"cat alice.pub >> {authorized}"))
        assert stat.S_IMODE(authorized.stat().st_mode) == 0o600 and authorized.read_bytes() == b""
        with authorized.open("ab") as out:  # cat alice.pub >> .../serve/authorized_keys
            out.write(keys["alice"].export_public_key())
        alice = await connect(port, "alice", keys["alice"])
        await alice.rec.wait_for("No tables yet", timeout=30)
        process.send_signal(signal.SIGTERM)
        await alice.rec.wait_for("The server is shutting down.")
        assert await asyncio.wait_for(process.wait(), 20) == 0
    finally:
        await stop(process)



ALICE = Identity("alice", "SHA256:alice", "127.0.0.1")


def _logged(caplog, read) -> str:
    caplog.clear()
    read()
    return " ".join(record.getMessage() for record in caplog.records)


def _host_key(path) -> str:
    with pytest.raises(HostKeyError) as refused:
        load_or_create_host_key(path)
    return str(refused.value)


def _authorized_keys(path) -> str:
    with pytest.raises(OSError) as refused:
        load_authorized_keys(path)
    return str(refused.value)


SERVER_READERS = {
    "tables.json": lambda path, caplog: read_index(path)[1],
    "names.json": lambda path, caplog: _logged(caplog, lambda: NameBook(path)),
    "a chat file": lambda path, caplog: read_chat(path, 2)[1],
    "authorized_keys": lambda path, caplog: _authorized_keys(path),
    "the host key": lambda path, caplog: _host_key(path),
}


@pytest.mark.parametrize("reader", list(SERVER_READERS))
def test_a_server_file_that_is_kernel_data_or_never_ends_is_refused_in_a_sentence(tmp_path, caplog, never_ending, reader):
    read = SERVER_READERS[reader]
    kernel = tmp_path / "kernel"
    kernel.symlink_to("/proc/self/status")
    assert "kernel data" in read(kernel, caplog)
    stuck = never_ending.make(tmp_path / "stuck")
    assert "took longer than" in read(stuck, caplog)
    assert never_ending.blocked == 1


def test_a_names_file_entry_holding_an_odd_number_is_left_out_and_the_other_names_stay_owned(tmp_path):
    path = tmp_path / "names.json"
    path.write_text('{"alice": "SHA256:alice", "bob": NaN, "carol": ' + "9" * 5000 + "}")
    book = NameBook(path)
    assert book.claim("alice", "SHA256:mallory") is not None  # still alice's
    assert book.claim("bob", "SHA256:bob") is None and book.claim("carol", "SHA256:carol") is None


async def test_a_server_file_that_is_a_link_out_of_its_folder_is_never_written_through(river_home, tmp_path, caplog):
    outside = tmp_path / "outside"
    outside.mkdir()
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    (folder / "names.json").symlink_to(outside / "names.json")  # links leading nowhere yet
    (folder / INDEX).symlink_to(outside / "tables.json")
    book = NameBook(folder / "names.json")
    assert book.claim("alice", "SHA256:alice") is None  # the server goes on: the name is kept in memory
    registry = TableRegistry.restore(folder)
    shared = registry.create(ALICE, GAME.id, seats=2, bots=0, variant=None)
    shared.chat.path.symlink_to(outside / "chat.json")
    shared.chat.add(ChatLine("alice", 0, "hello"))
    await shared.chat.flush()
    await registry.close()
    assert os.listdir(outside) == []
    told = {text.split(" ")[2] if text.startswith("cannot") else "chat" for text in
            (r.getMessage() for r in caplog.records) if "it is a link that leads out of its folder" in text}
    assert told == {str(folder / "names.json") + ":", str(folder / INDEX) + ":", "chat"}
