"""The deadline on reading outside files (river_tui/saves/deadline.py): a read that
never ends is given up on, and reads beyond the helpers at once wait their turn."""

from __future__ import annotations

import threading

import pytest

from river_tui.saves import deadline
from support.waiting import wait_until_sync


def test_a_read_beyond_the_helpers_at_once_waits_for_one_instead_of_failing(monkeypatch):
    monkeypatch.setattr(deadline, "SECONDS", 30.0)
    over = threading.Event()
    running = []

    def slow_read():
        running.append(True)
        over.wait(30)

    for _ in range(deadline.MOST_HELPERS):  # every helper busy at once, as many sessions reading
        threading.Thread(target=deadline.in_time, args=(slow_read,), daemon=True).start()
    wait_until_sync(lambda: len(running) == deadline.MOST_HELPERS, "every helper to be reading", seen=lambda: len(running))
    read = []
    threading.Thread(target=lambda: read.append(deadline.in_time(lambda: "read")), daemon=True).start()
    over.set()  # the slow reads end: a helper is free
    wait_until_sync(lambda: read, "the waiting read to be done")
    assert read == ["read"]


def test_a_read_that_never_ends_is_given_up_in_words(monkeypatch):
    monkeypatch.setattr(deadline, "SECONDS", 0.1)
    never = threading.Event()
    with pytest.raises(deadline.TookTooLong, match=r"^\[Errno \d+\] reading it took longer than 0.1 seconds$"):
        deadline.in_time(lambda: never.wait(30))
    never.set()
