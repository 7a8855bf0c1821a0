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

from river_tui import keymap, last_setup, offer_answers, terminal_colours
from river_tui.records import players
from waiting import wait_until_sync


def _keymap():
    return keymap.keymap_path(), lambda: keymap.load_keymap()[1]


def _offers():
    return offer_answers.answers_path(), lambda: offer_answers.load_answers()[1]


def _records():
    return players.records_path(), lambda: players.load().problem


def _last_setup():
    return last_setup._path(), lambda: "forgotten" if last_setup.load() is None else None


READERS = {"keymap": _keymap, "offer settings": _offers, "records": _records, "last setup": _last_setup}


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
