"""Files whose reads never end, for tests of the deadline on reading outside files.

A kernel file such as ``/proc/kmsg`` blocks its reader for ever, but reading it
has effects, and River TUI refuses it before reading anyway; a file system that
stops answering cannot be made in a test. So the stand-in is a regular file whose
every read blocks in `river_tui.saves.files` until the test ends; everything else
about it (its type, its size, where it lives) is real.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from river_tui.saves import deadline, files

DEADLINE = 0.2
"""Seconds a test's reads may take: a stand-in read never ends, so any deadline does."""


class NeverEnding:
    """Makes files whose reads block until the test is over."""

    def __init__(self) -> None:
        self.inodes: set[tuple[int, int]] = set()
        self.over = threading.Event()
        self.blocked = 0
        """How many reads have blocked (so a test can say its file was reached)."""

    def make(self, path: Path, content: bytes = b"{}") -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        seen = os.stat(path)
        self.inodes.add((seen.st_dev, seen.st_ino))
        return path

    def read(self, fd: int, size: int) -> bytes:
        seen = os.fstat(fd)
        if (seen.st_dev, seen.st_ino) in self.inodes:
            self.blocked += 1
            self.over.wait()
            return b""
        return os.read(fd, size)


@pytest.fixture
def never_ending(monkeypatch):
    stand_in = NeverEnding()
    monkeypatch.setattr(files, "os", SimpleNamespace(**{**vars(os), "read": stand_in.read}))
    monkeypatch.setattr(deadline, "SECONDS", DEADLINE)
    yield stand_in
    stand_in.over.set()
