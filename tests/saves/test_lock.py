"""One game, one writer: a save in play in one process is locked; another
process is told who holds it; the lock dies with its process."""

from __future__ import annotations

import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

from river_tui.saves.format import SaveError
from river_tui.play.table import Seat, Table

HOLDER = """
import sys
import threading
from pathlib import Path
from river_tui.play.table import Table
table = Table.load(Path(sys.argv[1]))
print("holding", flush=True)
sys.stdin.read()
"""


def glassworks_save():
    table = Table.create("glassworks", [Seat("Ann"), Seat("Bob")], {}, seed=4)
    (seat,) = table.to_act()
    table.apply(seat, table.legal_actions(seat)[0])
    table.close()  # this process lets go: the tests' other processes take it
    return table.path


def start_holder(path):
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    line = b""
    while time.monotonic() < deadline and not line.endswith(b"\n"):
        ready, _, _ = select.select([child.stdout], [], [], 1)
        if ready:
            line += os.read(child.stdout.fileno(), 100)
        if child.poll() is not None:
            break
    assert line == b"holding\n", (line, child.stderr.read() if child.poll() is not None else "still running")
    return child


def river_tui(*argv):
    return subprocess.run([sys.executable, "-m", "river_tui", *argv], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)


def test_a_save_open_in_another_process_is_refused_saying_who():
    path = glassworks_save()
    child = start_holder(path)
    try:
        with pytest.raises(SaveError) as err:
            Table.load(path)
        message = str(err.value)
        assert f"is open in another River TUI (process {child.pid} on {socket.gethostname()})" in message
        assert message.endswith(".") and "\n" not in message
        done = river_tui("resume", str(path))
        assert done.returncode == 1 and "is open in another River TUI" in done.stderr
        assert done.stderr.count("\n") == 1
        # Looking is not writing: its replay and its export still open.
        assert len(Table.load(path, read_only=True).log) == 1
        assert river_tui("export", str(path)).returncode == 0
    finally:
        child.stdin.close()
        child.wait(timeout=60)
    assert len(Table.load(path).log) == 1  # the holder is gone: the game is free


def test_a_crashed_holder_leaves_no_lock():
    path = glassworks_save()
    child = start_holder(path)
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=60)
    table = Table.load(path)
    assert len(table.log) == 1


def test_one_process_may_open_its_own_game_again_and_lets_go_when_it_closes():
    path = glassworks_save()
    first = Table.load(path)
    second = Table.load(path)  # back to the menu, then Continue
    first.close()
    second.close()
    child = start_holder(path)  # nobody in this process holds it any more
    child.stdin.close()
    assert child.wait(timeout=60) == 0


def test_a_link_planted_where_the_lock_goes_is_never_followed(tmp_path):
    """The game opens (unlocked: no lock can be had there) and nothing is made
    where the link points."""
    from river_tui.saves.lock import lock_path

    path = glassworks_save()
    lock = lock_path(path)
    lock.unlink(missing_ok=True)
    target = tmp_path / "elsewhere"
    lock.symlink_to(target)
    table = Table.load(path)
    assert len(table.log) == 1
    table.close()
    assert not os.path.lexists(target)


def test_a_pipe_where_the_lock_goes_leaves_the_game_open_unlocked():
    from river_tui.saves.lock import lock_path

    path = glassworks_save()
    lock = lock_path(path)
    lock.unlink(missing_ok=True)
    os.mkfifo(lock)
    table = Table.load(path)
    assert len(table.log) == 1
    table.close()


def test_a_release_run_by_the_garbage_collector_inside_another_release_lets_both_go(tmp_path, monkeypatch):
    """A table nobody holds lets go of its save from a finalizer, which the garbage
    collector may run inside any allocation, also inside this thread's release of
    another save: both are let go (the guard was not reentrant, and the process hung)."""
    from river_tui.saves import lock

    first, second = tmp_path / "a.rtsave", tmp_path / "b.rtsave"
    held_first, held_second = lock.acquire(first, "a"), lock.acquire(second, "b")
    remove = lock._remove

    def collected_meanwhile(held):
        held_second.release()  # as a finalizer run by the garbage collector here would
        remove(held)

    monkeypatch.setattr(lock, "_remove", collected_meanwhile)
    done = threading.Thread(target=held_first.release, daemon=True)
    done.start()
    done.join(60)  # a guard against a hang, not a measure of time
    assert not done.is_alive(), "releasing a save hung"
    assert not lock.lock_path(first).exists() and not lock.lock_path(second).exists()
