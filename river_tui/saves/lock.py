"""One game, one writer: a save being played is locked by its process.

The lock is an OS lock (``flock``) on a small file beside the save,
``.NAME.rtsave.lock``, that also says who holds it (process and host). The OS
drops the lock when its process ends, however it ends, so a crash never
leaves a game locked; a game closed removes its lock file (a crash leaves
the file, unlocked). The save itself cannot carry the lock: every write
replaces it with a new file.

Within one process a save may be opened again (back to the menu, then Continue):
the lock is counted, and let go when the last holder closes.
"""

from __future__ import annotations

import errno
import os
import socket
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..safe_text import plain
from .schema import SaveError

try:
    import fcntl
except ImportError:  # Windows: no flock; games there go unlocked
    fcntl = None  # type: ignore[assignment]

_held: dict[str, _Lock] = {}
_guard = threading.RLock()
"""Guards `_held`. Reentrant: the garbage collector may run a table's finalizer (a
`SaveLock.release`) inside any allocation, even one made while this thread holds the
guard. Such a release is put off until the guard's holder is done (`_guarded`)."""
_later: list[SaveLock] = []
_busy: list[bool] = [False]


ATTEMPTS = 5
"""How often `acquire` opens the lock file again when its holder removed it meanwhile."""


class _Lock:
    def __init__(self, fd: int, path: Path) -> None:
        self.fd = fd
        self.path = path
        self.holders = 0


class SaveLock:
    """This process's hold on one save; `release` lets go (once)."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.released = False

    def release(self) -> None:
        with _guard:
            if _busy[0]:  # a finalizer run inside this thread's own work on the locks
                _later.append(self)
                return
            with _guarded():
                self._let_go()

    def _let_go(self) -> None:
        if self.released:
            return
        self.released = True
        held = _held[self.key]
        held.holders -= 1
        if held.holders == 0:
            del _held[self.key]
            _remove(held)  # still held: another process waits for a file that is no longer there
            os.close(held.fd)  # closing the last descriptor drops the flock


@contextmanager
def _guarded() -> Iterator[None]:
    """This thread's work on the locks, the guard held; releases put off meanwhile are
    done at its end."""
    with _guard:
        _busy[0] = True
        try:
            yield
        finally:
            try:
                while _later:
                    _later.pop()._let_go()
            finally:
                _busy[0] = False


def lock_path(save: Path) -> Path:
    target = Path(os.path.realpath(save))
    return target.with_name(f".{target.name}.lock")


def acquire(save: Path, name: str) -> SaveLock | None:
    """Hold ``save`` for this process; SaveError (one sentence, saying who) if
    another process holds it. None where no lock can be taken (a read-only
    folder: nobody can write that save anyway)."""
    path = lock_path(save)
    key = str(path)
    if fcntl is None:
        return None
    with _guarded():
        if key in _held:
            _held[key].holders += 1
            return SaveLock(key)
        for _ in range(ATTEMPTS):
            fd = _locked(path, name)
            if fd is None:
                return None
            if _same_file(fd, path):
                break
            os.close(fd)  # its holder removed it as it let go: lock the file now at that name
        else:
            return None  # removed under us again and again: play on unlocked
        _write_holder(fd)
        _held[key] = _Lock(fd, path)
        _held[key].holders += 1
        return SaveLock(key)


def _locked(path: Path, name: str) -> int | None:
    """A descriptor of the lock file ``path`` holding its flock; None where no lock
    can be had; SaveError if another process holds it."""
    fd = open_lock_file(path)
    if fd is None:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as err:
        who = _holder(fd)
        os.close(fd)
        if err.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
            raise SaveError(f"{name} is open in another River TUI ({who}); close it there first, "
                            f"or watch its replay from Load a save.") from None
        return None  # a file system without locks
    return fd


def _same_file(fd: int, path: Path) -> bool:
    """Whether ``path`` still names the file open as ``fd``."""
    try:
        named = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    opened = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)


def _remove(held: _Lock) -> None:
    """Remove a lock file this process holds, if the name is still its file."""
    if _same_file(held.fd, held.path):
        try:
            os.unlink(held.path)
        except OSError:
            pass  # a folder gone read-only: the file stays, unlocked


def open_lock_file(path: Path) -> int | None:
    """A descriptor of the lock file ``path`` (made if missing), or None where no
    lock file can be had; never follows a symlink, never blocks on a fifo."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o644)
    except OSError:
        return None  # read-only, no permission, a symlink planted there: no lock, and no writes either
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        return None
    return fd


def _write_holder(fd: int) -> None:
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"process {os.getpid()} on {socket.gethostname()}\n".encode(), 0)
    except OSError:
        pass  # the lock holds without its note


def _holder(fd: int) -> str:
    try:
        note = os.pread(fd, 200, 0).decode("utf-8", "replace").strip()
    except OSError:
        note = ""
    return plain(note, 80) or "another process"
