"""Reading and writing River TUI's files safely, whatever is at the path.

Reading opens only regular files: a device (``/dev/zero``), a fifo, a socket, a
folder or the kernel's data (``/proc``, ``/sys``, `kernel_files`) is refused at
once (fifos are opened without waiting for a writer), never more than a cap of
bytes is read, whatever the file claims its size is, and every read has a
deadline (`deadline`): a read that does not end is given up, in one sentence.

Writing is atomic and per writer: the bytes go to a temporary file of a unique
name in the same folder, are flushed to disk, and are renamed over the file,
so a reader sees the old file or the new one, never a part. A failure at any
step leaves no temporary file behind. A path that is a symlink is written
through to its target; the link stays.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from .deadline import in_time
from .kernel_files import is_kernel_path


class NotRegularFile(OSError):
    """The path is a folder, a device, a fifo or a socket; ``kind`` says which."""

    def __init__(self, kind: str) -> None:
        super().__init__(errno.EINVAL, f"it is {kind}, not a file")
        self.kind = kind


KERNEL_DATA = "kernel data"
"""The kind of a path under /proc, /sys or /dev, or on another of the kernel's file systems."""


def _kind(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # POSIX: a fifo opens without waiting for a writer


def open_regular(path: Path) -> int:
    """A read-only descriptor of ``path``, which must be a regular file (symlinks
    followed); raises NotRegularFile or the OSError of the open. Never blocks.
    A device is never even opened (opening some has effects: a tape rewinds, a
    watchdog starts); what is opened is looked at again, in case it was swapped."""
    _check(os.stat(path), path)
    fd = os.open(path, os.O_RDONLY | _NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        _check(os.fstat(fd), path)
        if _NONBLOCK:
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _check(seen: os.stat_result, path: Path) -> None:
    kind = _kind(seen.st_mode)
    if kind is None and is_kernel_path(path, seen.st_dev):
        kind = KERNEL_DATA
    if kind is not None:
        raise NotRegularFile(kind)


def read_capped(fd: int, cap: int) -> bytes:
    """At most ``cap + 1`` bytes from ``fd``: one more than the cap tells a caller
    the file is too large without reading the rest. Raises `deadline.TookTooLong`
    when reading outlasts the deadline (the read is left to a helper thread,
    which closes its own copy of the descriptor whenever it ends)."""
    own = os.dup(fd)
    return in_time(lambda: _read_and_close(own, cap), lambda: os.close(own))


def _read_and_close(fd: int, cap: int) -> bytes:
    try:
        return _read_all(fd, cap)
    finally:
        os.close(fd)


def _read_all(fd: int, cap: int) -> bytes:
    chunks: list[bytes] = []
    left = cap + 1
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_regular(path: Path, cap: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``cap + 1`` of them; opening
    and reading it together have the deadline of one read."""
    return in_time(lambda: _open_and_read(path, cap))


def _open_and_read(path: Path, cap: int) -> bytes:
    fd = open_regular(path)
    try:
        return _read_all(fd, cap)
    finally:
        os.close(fd)


class LeadsOutside(OSError):
    """A file to write is a link that leads out of the folder it must stay in."""

    def __init__(self) -> None:
        super().__init__(errno.EPERM, "it is a link that leads out of its folder")


def write_atomically(path: Path, raw: bytes, backup: bool = True, within: Path | None = None) -> None:
    """Replace the file at ``path`` (or its symlink's target) by ``raw`` in one
    rename. With ``backup``, the previous file is kept as ``NAME.bak`` (a hard
    link, made before the rename: the previous file is never absent). Raises
    the OSError of the step that failed; then nothing has changed, and no
    temporary file is left. A target that is not a regular file (a link to
    ``/dev/sda``, to a fifo) or lies among the kernel's files is refused with
    `NotRegularFile` before anything is made: the rename would replace it. With
    ``within``, a target outside that folder (a link planted there, leading
    anywhere) is refused with `LeadsOutside`."""
    target = Path(os.path.realpath(path))
    if within is not None and Path(os.path.realpath(within)) not in target.parents:
        raise LeadsOutside()
    _check_target(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            _keep_mode(f.fileno(), target)
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        if backup:
            _link_backup(target)
        os.replace(tmp, target)
    except BaseException:
        _remove(tmp)
        raise
    fsync_dir(target.parent)


def _check_target(target: Path) -> None:
    try:
        _check(os.stat(target), target)
        return
    except FileNotFoundError:
        pass
    parent = next((folder for folder in target.parents if os.path.exists(folder)), None)
    device = os.stat(parent).st_dev if parent is not None else -1
    if is_kernel_path(target, device):
        raise NotRegularFile(KERNEL_DATA)


def _keep_mode(fd: int, target: Path) -> None:
    """The new file keeps the permissions of the one it replaces (a new one is the
    owner's alone, as tempfile makes it)."""
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        return
    os.fchmod(fd, mode)


_NO_HARD_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.EMLINK, errno.EXDEV}


def _link_backup(target: Path) -> None:
    """Keep the file about to be replaced as ``NAME.bak``, through a unique
    temporary link, so two writers never collide on the backup either."""
    if not target.exists():
        return
    import secrets  # (with hmac and hashlib: only when a save is written, not on the way to the menu)

    backup = target.with_name(target.name + ".bak")
    link = target.with_name(f".{target.name}.{secrets.token_hex(6)}.bak.tmp")
    try:
        os.link(target, link)
    except FileNotFoundError:
        return  # another writer replaced the file just now (Linux refuses a link to a file
        # on its way out): that writer kept the backup
    except OSError as err:
        if err.errno in _NO_HARD_LINKS:
            return  # a file system without hard links: the save itself is still atomic
        raise
    try:
        os.replace(link, backup)
    finally:
        _remove(link)  # a rename onto another link of the same file leaves both names (POSIX)


def _remove(path: str | Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable; a file system that cannot is left be."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
