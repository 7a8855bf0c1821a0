"""A game being played is locked against every other River TUI from its first
move: a new game from the moment it is created, and it lets go when closed or
when nothing holds the table any more. Looked at from another process, as
another River TUI would (`flock` without waiting). Written against the survivors
of `table.py` (docs/testing.md)."""

from __future__ import annotations

import gc
import subprocess
import sys
from dataclasses import replace

import pytest

from river_tui.saves import store
from river_tui.saves.format import SaveError
from river_tui.saves.lock import lock_path
from river_tui.play.table import Seat, Table
from support.toygame import Step

LOOK = """
import fcntl, os, sys
try:
    fd = os.open(sys.argv[1], os.O_RDWR)
except FileNotFoundError:
    print("free")  # closed: its lock file is gone
    sys.exit()
try:
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    print("free")
except BlockingIOError:
    print("held")
"""


def seen_from_another_process(save) -> str:
    looked = subprocess.run([sys.executable, "-c", LOOK, str(lock_path(save))], capture_output=True, text=True,
                            timeout=60)
    return looked.stdout.strip() or looked.stderr


def test_a_new_game_is_locked_until_it_is_closed():
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3)
    assert seen_from_another_process(table.path) == "held"
    table.close()
    assert seen_from_another_process(table.path) == "free"


def test_a_table_nobody_holds_any_more_lets_go_of_its_save():
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3)
    table.apply(0, Step(1))
    path = table.path
    loaded = Table.load(path)  # opened again in this process (back to the menu, then Continue)
    del table, loaded
    gc.collect()
    assert seen_from_another_process(path) == "free"


def test_a_save_that_does_not_open_is_left_unlocked():
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3)
    table.apply(0, Step(1))
    table.close()
    data = store.read(table.path)
    store.save(table.path, replace(data, log=[(1, ["Step", 1])]))  # seat 2 cannot move first
    with pytest.raises(SaveError):
        Table.load(table.path)
    assert seen_from_another_process(table.path) == "free"


def test_a_closed_game_leaves_no_lock_file_beside_it():
    """README: "The lock goes when the game is closed": its file too, once the
    last holder in this process lets go."""
    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3)
    again = Table.load(table.path)  # back to the menu, then Continue
    table.close()
    assert lock_path(table.path).exists() and seen_from_another_process(table.path) == "held"
    again.close()
    assert not lock_path(table.path).exists()


def test_a_lock_file_removed_by_its_holder_as_this_process_opened_it_is_not_the_one_held(monkeypatch):
    """The holder removes the file as it lets go, just after this process opened it:
    a flock on the removed file would lock nothing another process can see, so the
    file now at that name is opened and locked instead."""
    from river_tui.saves import lock

    table = Table.create("toy", [Seat("Ann"), Seat("Bob")], {}, seed=3)
    path = table.path
    table.close()
    opened = []
    real_open = lock.open_lock_file

    def opened_then_removed(where):
        fd = real_open(where)
        if not opened:
            lock.os.unlink(where)  # as a holder letting go would, between the open and the flock
        opened.append(fd)
        return fd

    monkeypatch.setattr(lock, "open_lock_file", opened_then_removed)
    held = Table.load(path)
    assert len(opened) == 2
    assert seen_from_another_process(path) == "held"
    held.close()
    assert not lock_path(path).exists()
