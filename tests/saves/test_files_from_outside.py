"""Every file River TUI reads at one keyboard is read as untrusted: whatever is at
its path (a pipe nobody writes to, an endless device, a folder, a file far too
large, bytes that are not text), reading gives an answer at once, a sentence
saying what is wrong where one is shown, and never hangs or fills memory.

(The saves have their own tests in tests/saves, the server's files in tests/net.)
"""

from __future__ import annotations

import os
import threading

import pytest

from river_tui.app import keymap, terminal_colours
from river_tui.screens import last_setup
from river_tui.screens.we_all_take import offer_answers
from river_tui.app.river_app import RiverApp
from river_tui.records import players, ratings
from support.waiting import wait_until_sync


def _keymap():
    return keymap.keymap_path(), lambda: keymap.load_keymap(RiverApp.BINDING_PACKAGES)[1]


def _offers():
    return offer_answers.answers_path(), lambda: offer_answers.load_answers()[1]


def _records():
    return players.records_path(), lambda: players.load().problem


def _ratings():
    return ratings.ratings_path(), lambda: ratings.load().problem


def _last_setup():
    return last_setup._path(), lambda: "forgotten" if last_setup.load() is None else None


READERS = {"keymap": _keymap, "offer settings": _offers, "records": _records, "ratings": _ratings,
           "last setup": _last_setup}


def _make(kind: str, path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "pipe":
        os.mkfifo(path)
    elif kind == "endless device":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    elif kind == "huge file":
        with open(path, "wb") as out:
            out.truncate(512 * 1024 * 1024)  # sparse: costs no disk
    else:
        path.write_bytes(b"\xff\xfe{\x00 not text \x80")


def _answer_soon(read):
    """``read()``'s answer, waiting on a thread so a hang fails the test instead of stopping it."""
    answer: list = []
    thread = threading.Thread(target=lambda: answer.append(read()), daemon=True)
    thread.start()
    wait_until_sync(lambda: not thread.is_alive(), "the file to be read (a hang would stop here)")
    return answer[0]


@pytest.mark.parametrize("kind", ["pipe", "endless device", "folder", "huge file", "not text"])
@pytest.mark.parametrize("reader", sorted(READERS))
def test_whatever_is_at_a_files_path_is_read_at_once_and_told_in_one_sentence(reader, kind):
    path, read = READERS[reader]()
    _make(kind, path)
    problem = _answer_soon(read)
    assert problem, f"the {reader} reader took a {kind} for a good file"
    assert "\n" not in problem


def test_a_terminfo_entry_that_is_a_pipe_or_an_endless_device_is_passed_over(tmp_path, monkeypatch):
    for term, make in (("rtpipe", os.mkfifo), ("rtzero", lambda path: path.symlink_to("/dev/zero"))):
        entry = tmp_path / "r" / term
        entry.parent.mkdir(exist_ok=True)
        make(entry)
        monkeypatch.setenv("TERMINFO", str(tmp_path))
        assert _answer_soon(lambda: terminal_colours.terminfo_colours(term)) is None


KERNEL_FILES = ["/proc/version", "/proc/self/status", "/sys/kernel/uevent_seqnum"]


@pytest.mark.parametrize("target", KERNEL_FILES)
@pytest.mark.parametrize("reader", sorted(set(READERS) - {"last setup"}))
def test_a_kernel_file_behind_a_link_is_refused_before_it_is_read(reader, target):
    path, read = READERS[reader]()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)
    problem = _answer_soon(read)
    assert "kernel data" in problem and "\n" not in problem


@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_read_that_never_ends_is_given_up_in_one_sentence(reader, never_ending):
    path, read = READERS[reader]()
    never_ending.make(path)
    problem = _answer_soon(read)
    assert never_ending.blocked == 1
    assert problem == "forgotten" if reader == "last setup" else "took longer than" in problem and "\n" not in problem


def test_a_terminfo_entry_that_is_kernel_data_or_never_ends_is_passed_over(tmp_path, monkeypatch, never_ending):
    (tmp_path / "r").mkdir()
    (tmp_path / "r" / "rtkernel").symlink_to("/proc/self/status")
    never_ending.make(tmp_path / "r" / "rtstuck")
    monkeypatch.setenv("TERMINFO", str(tmp_path))
    assert _answer_soon(lambda: terminal_colours.terminfo_colours("rtkernel")) is None
    assert _answer_soon(lambda: terminal_colours.terminfo_colours("rtstuck")) is None
    assert never_ending.blocked == 1


def test_a_keymap_holding_a_number_of_5000_digits_is_one_sentence():
    keymap.keymap_path().parent.mkdir(parents=True)
    keymap.keymap_path().write_text("quit = " + "9" * 5000 + "\n")
    assert keymap.load_keymap(RiverApp.BINDING_PACKAGES) == ({}, f"Your keymap {keymap.keymap_path()} holds a number longer than River TUI "
                                        "reads; the default keys are in use.")


WRITERS = {
    "records": lambda: players.save(players.Records()),
    "ratings": lambda: ratings.save(ratings.Ratings()),
    "last setup": lambda: last_setup.remember(last_setup.LastSetup("toy", ("Ann",), ("human",), None)),
    "offer settings": lambda: offer_answers.set_answer("Ann", offer_answers.DECLINE_EVERY),
}
WRITTEN_PATHS = {"records": players.records_path, "ratings": ratings.ratings_path, "last setup": last_setup._path,
                 "offer settings": offer_answers.answers_path}


@pytest.mark.parametrize("target", ["a pipe", "/proc/self/comm"])  # a real device never: a failure would
# replace it for every process on the machine; a pipe stands in for it (not a regular file either)
@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_file_linked_to_a_device_or_the_kernel_is_never_written_through(writer, target, tmp_path):
    if target == "a pipe":
        target = str(tmp_path / "pipe")
        os.mkfifo(target)
    path = WRITTEN_PATHS[writer]()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)
    before = os.stat(target)
    try:
        WRITERS[writer]()
    except OSError:
        pass  # each writer says so in its own words (tested beside it); here: nothing was replaced
    after = os.stat(target)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    assert path.is_symlink()
