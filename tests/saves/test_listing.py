"""Listing saves reads headers only: one bad file never hides the others, and a
save's moves are never read for a list."""

from __future__ import annotations

import os

from river_tui.saves import store
from river_tui.saves.format import HEADER_BYTES, load_header
from river_tui.saves.locations import saves_dir
from river_tui.play.table import Seat, Table
from support.forge import frame, frame_v1, nested, save_parts
from support.toygame import Step


def played():
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3)
    table.apply(0, Step(2))
    return table


def test_a_list_reads_no_further_than_the_header():
    table = played()
    table.apply(1, Step(1))
    raw = table.path.read_bytes()
    asked = []

    def read(limit):
        asked.append(limit)
        return raw[: limit + 1]

    header = load_header(read, "The file x")
    assert asked == [HEADER_BYTES]
    assert (header.game, [s.name for s in header.seats], header.turn) == ("toy", ["Ann", "Bob"], table.save_data().turn)


def test_the_list_shows_a_version_1_save_and_it_opens():
    table = played()
    head, body = save_parts(table.save_data())
    old = saves_dir() / "old.rtsave"
    old.write_bytes(frame_v1({**head, **body}))
    listed = {item.path.name: item for item in store.list_saves()}
    assert listed["old.rtsave"].data.seats[0].name == "Ann" and listed["old.rtsave"].error is None
    assert Table.load(old).log == table.log


def test_one_bad_file_of_each_kind_leaves_the_others_listed():
    table = played()
    head, body = save_parts(table.save_data())
    head["updated"] = store.read(table.path).updated  # played when the game was (save_data dates it now:
    # a second later under load, which made it the game played last)
    folder = saves_dir()
    (folder / "hostile-moves.rtsave").write_bytes(frame(head, dict(body, log=[[0, nested(600)]])))
    (folder / "hostile-header.rtsave").write_bytes(frame(dict(head, seed=float("nan")), body))
    (folder / "v1-hostile.rtsave").write_bytes(frame_v1({**head, **body, "log": nested(3000)}))
    (folder / "empty.rtsave").write_bytes(b"")
    (folder / "junk.rtsave").write_bytes(os.urandom(3000))
    (folder / "dir.rtsave").mkdir()
    os.mkfifo(folder / "fifo.rtsave")
    (folder / "device.rtsave").symlink_to("/dev/zero")
    (folder / "dangling.rtsave").symlink_to(folder / "nowhere")
    listed = {item.path.name: item for item in store.list_saves()}
    assert listed[table.path.name].error is None
    assert listed["hostile-moves.rtsave"].error is None  # its header is fine: opening it says what is wrong
    for bad in ("hostile-header", "v1-hostile", "empty", "junk", "dir", "fifo", "device", "dangling"):
        item = listed[f"{bad}.rtsave"]
        assert item.data is None and item.error.endswith("."), (bad, item)
    assert store.latest() == table.path
