"""What a player reads and finds in the list of saves: the sentence saying why a
save could not be written, the order of the list (readable games most recently
played first, then the files that would not open), and Continue with no save at
all. Written against the survivors of `make mutate` (docs/testing.md)."""

from __future__ import annotations

import errno
import hashlib
import os
import sys
from pathlib import Path

import msgpack
import pytest

from river_tui.saves import store
from river_tui.saves.format import FORMAT_NAME, MAX_FILE_BYTES, SaveError
from river_tui.saves.locations import saves_dir
from river_tui.play.table import Seat, Table, resume_latest
from support.forge import Packed, frame, frame_v1, pack, save_parts
from support.toygame import Step


@pytest.mark.parametrize(
    "code, sentence",
    [
        (errno.ENOSPC, "the disk holding /games/saves is full"),
        (errno.EDQUOT, "the disk holding /games/saves is full"),
        (errno.EROFS, "/games/saves is on a read-only disk"),
        (errno.EACCES, "River TUI may not write in /games/saves"),
        (errno.EPERM, "River TUI may not write in /games/saves"),
        (errno.EIO, "writing in /games/saves failed (Input/output error)"),
    ],
)
def test_a_failed_write_is_told_in_words_naming_the_folder(code, sentence):
    assert store.write_problem(OSError(code, os.strerror(code)), Path("/games/saves")) == sentence


def test_the_list_puts_saves_that_do_not_open_after_every_game(monkeypatch):
    first = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3)
    first.apply(0, Step(1))
    (saves_dir() / "zz-damaged.rtsave").write_bytes(b"not a save")
    (saves_dir() / "aa-damaged.rtsave").write_bytes(b"")
    second = Table.create("toy", [Seat("Cy"), Seat("Di")], {}, seed=4)
    # the second game was played a day later (dates as a save records them)
    monkeypatch.setattr("river_tui.play.table._now", lambda: "2099-01-02T10:00:00+00:00")
    second.apply(0, Step(2))
    listed = [(item.path.name, item.error is None) for item in store.list_saves()]
    assert listed == [
        (second.path.name, True),
        (first.path.name, True),
        ("zz-damaged.rtsave", False),  # the files that do not open, by name from the end
        ("aa-damaged.rtsave", False),
    ]


def test_with_no_save_continue_has_nothing_to_open():
    assert store.latest() is None
    assert resume_latest() == (None, None)
    (saves_dir()).mkdir(parents=True, exist_ok=True)
    (saves_dir() / "broken.rtsave").write_bytes(b"junk")
    assert store.latest() is None  # a file that does not open is not a game to continue


def test_a_folder_with_a_hostile_name_is_told_on_one_line_cut_short():
    folder = Path("/games/" + "x" * 300 + "\nsaves")
    told = store.write_problem(OSError(errno.ENOSPC, "No space left on device"), folder)
    assert told == "the disk holding /games/" + "x" * 192 + "… is full"


def test_a_tables_file_that_is_a_pipe_is_refused_saying_so(river_home):
    from river_tui.net.tables import INDEX, read_index

    folder = river_home / "serve"
    folder.mkdir(parents=True)
    os.mkfifo(folder / INDEX)
    assert read_index(folder / INDEX) == (
        [], f"{folder / INDEX} cannot be read (it is a pipe, not a file); starting with no tables"
    )


def _good_parts():
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3, autosave=False)
    table.apply(0, Step(1))
    return save_parts(table.save_data())


def _v1_cut_short() -> bytes:
    head, body = _good_parts()
    raw = pack({**head, **body})[:-5]  # its checksum is of these bytes: whole, but cut
    return pack({"format": FORMAT_NAME, "version": 1, "checksum": hashlib.sha256(raw).hexdigest(), "body": raw})


def _v1_wrong_checksum() -> bytes:
    head, body = _good_parts()
    raw = pack({**head, **body})
    return pack({"format": FORMAT_NAME, "version": 1, "checksum": "0" * 64, "body": raw})


EXTENSION = Packed(msgpack.packb(msgpack.ExtType(1, b"x")))
"""A msgpack value of an extension type: River TUI never writes one."""


def _ext_header() -> bytes:
    head, body = _good_parts()
    return pack({**msgpack.unpackb(frame(head, body)), "header": EXTENSION})


def _v1_ext_turn() -> bytes:
    head, body = _good_parts()
    return frame_v1({**head, "turn": EXTENSION, **body})


HOSTILE = {
    "v1 cut short behind its checksum": (_v1_cut_short, "is damaged (it ends too early)."),
    "v2 cut short in its header": (lambda: frame(*_good_parts())[:100], "is damaged (it ends too early)."),
    "v1 with a wrong checksum": (_v1_wrong_checksum, "is damaged (its checksum does not match)."),
    "v1 with a value of an extension type": (_v1_ext_turn, "is not a River TUI save."),
    "v1 with bytes after its end": (lambda: frame_v1({**_good_parts()[0], **_good_parts()[1]}) + b"\x00",
                                    "is not a River TUI save (it has bytes after the end)."),
    "v2 header of an extension type": (_ext_header, "is not a River TUI save."),
    "v1 of a game this River TUI lacks": (
        lambda: frame_v1({**_good_parts()[0], "game": "chess", **_good_parts()[1]}),
        "is a save of a game this River TUI does not have (chess).",
    ),
    "v2 without its header": (
        lambda: pack({k: v for k, v in msgpack.unpackb(frame(*_good_parts())).items() if k != "header"}),
        "is damaged (its checksum does not match).",
    ),
    "v2 header with a wrong checksum": (
        lambda: pack({**msgpack.unpackb(frame(*_good_parts())), "header_checksum": "0" * 64}),
        "is damaged (its checksum does not match).",
    ),
    "v2 of a game this River TUI lacks": (
        lambda: frame({**_good_parts()[0], "game": "chess"}, _good_parts()[1]),
        "is a save of a game this River TUI does not have (chess).",
    ),
    "format 3, from a newer River TUI": (
        lambda: frame(*_good_parts(), version=3),
        "was written by a newer River TUI (format 3); update River TUI to open it.",
    ),
    "one byte over the largest save": (lambda: b"\x00" * (MAX_FILE_BYTES + 1), "is too large to be a save (1024 KiB or more)."),
    "format 999999": (lambda: frame(*_good_parts(), version=999_999),
                      "was written by a newer River TUI (format 999999); update River TUI to open it."),
    "format 1000000, no version River TUI would reach": (lambda: frame(*_good_parts(), version=10**6),
                                                         "is damaged (its format version is unreadable)."),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_save_that_will_not_open_is_listed_with_the_reason_opening_gives(case):
    make, reason = HOSTILE[case]
    saves_dir().mkdir(parents=True, exist_ok=True)
    path = saves_dir() / "odd.rtsave"
    path.write_bytes(make())
    [listed] = store.list_saves()
    assert listed.error == f"The file odd.rtsave {reason}"
    with pytest.raises(SaveError) as opened:
        Table.load(path)
    assert str(opened.value) == listed.error


@pytest.mark.parametrize("moves_first", [False, True], ids=["header-first", "moves-first"])
def test_a_save_larger_than_its_header_read_is_listed(moves_first):
    """A list reads the first 64 KiB of each save; a save with more moves than
    fit there is listed like any: its header first, as River TUI writes it, from
    those 64 KiB; its moves first (its parts in another order), read whole as
    opening reads it, not taken for a file cut short in its moves."""
    head, body = _good_parts()
    body["log"] = body["log"] * 20_000  # about 200 KiB of moves
    raw = frame(head, body)
    if moves_first:
        raw = pack(dict(reversed(list(msgpack.unpackb(raw).items()))))
        assert next(iter(msgpack.unpackb(raw))) == "body"
    saves_dir().mkdir(parents=True, exist_ok=True)
    (saves_dir() / "long.rtsave").write_bytes(raw)
    [listed] = store.list_saves()
    assert listed.path.stat().st_size > 64 * 1024
    assert (listed.error, [seat.name for seat in listed.data.seats]) == (None, ["Ann", "Bob"])


LOCK_HOLDER = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
try:
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
except BlockingIOError:
    sys.exit("the save is locked already: the test's own table did not let go of it")
os.ftruncate(fd, 0)
os.write(fd, bytes.fromhex(sys.argv[2]))
print("holding", flush=True)
sys.stdin.read()
"""


@pytest.mark.parametrize(
    "note, who",
    [
        (b"", "another process"),  # a holder that wrote no note
        (b"\xff" * 150 + b"\n", "\ufffd" * 79 + "…"),  # not text, and long: replaced, cut short
    ],
)
def test_a_save_held_by_another_process_says_who_in_a_few_words(note, who):
    import subprocess
    import sys

    from river_tui.saves.lock import lock_path

    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3)
    table.close()
    holder = subprocess.Popen([sys.executable, "-c", LOCK_HOLDER, str(lock_path(table.path)), note.hex()],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline() == b"holding\n", holder.wait()  # the holder's refusal, if it is refused
        with pytest.raises(SaveError) as refused:
            Table.load(table.path)
        assert str(refused.value).startswith(f"The file {table.path.name} is open in another River TUI ({who}); ")
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.skipif(sys.platform != "linux", reason="the README's Linux folders")
def test_files_go_where_the_readme_says(monkeypatch, tmp_path):
    from river_tui.saves.locations import config_dir, data_dir

    assert (saves_dir(), config_dir()) == (data_dir() / "saves", data_dir() / "config")  # under $RIVER_TUI_HOME
    monkeypatch.delenv("RIVER_TUI_HOME")
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert saves_dir() == tmp_path / ".local/share/river-tui/saves"
    assert config_dir() == tmp_path / ".config/river-tui"


def test_a_long_file_name_is_cut_short_where_a_sentence_names_it():
    saves_dir().mkdir(parents=True, exist_ok=True)
    name = "a" * 120 + ".rtsave"
    (saves_dir() / name).write_bytes(b"")
    [listed] = store.list_saves()
    assert listed.error == f"The file {'a' * 79}… is empty."


def test_a_save_behind_a_loop_of_links_is_one_sentence_naming_it_cut_short():
    folder = saves_dir() / ("d" * 220)
    folder.mkdir(parents=True)
    loop = folder / "loop.rtsave"
    loop.symlink_to(loop)
    with pytest.raises(SaveError) as refused:
        Table.load(loop)
    assert str(refused.value) == f"{str(loop)[:199]}… cannot be read (Too many levels of symbolic links)."


def test_two_games_started_in_the_same_second_get_two_files():
    first = store.new_path("toy", "20261204-170000")
    first.parent.mkdir(parents=True, exist_ok=True)
    first.write_bytes(b"")
    assert (first.name, store.new_path("toy", "20261204-170000").name) == (
        "toy-20261204-170000.rtsave", "toy-20261204-170000-2.rtsave"
    )
