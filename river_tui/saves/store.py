"""Writing and finding saves on disk.

Every write is atomic (`files.write_atomically`): the new bytes go to a
temporary file of a unique name, are fsynced and renamed over the save, after
the previous save has been kept as ``.bak``. A crash at any moment leaves a
loadable save (the old one or the new one). Reading opens regular files only
and never more than `MAX_FILE_BYTES`; a list of saves reads only their headers.
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass
from pathlib import Path

from ..safe_text import plain
from .files import NotRegularFile, open_regular, read_capped, write_atomically
from .format import MAX_FILE_BYTES, SaveData, SaveError, SaveHeader, check_size, dumps, load_header, loads
from .locations import saves_dir

SUFFIX = ".rtsave"


def file_name(path: Path) -> str:
    """How a sentence names a save: its file name, without control characters."""
    return f"The file {plain(path.name, 80)}"


def save(path: Path, data: SaveData) -> None:
    """Write ``data`` to ``path`` atomically (through a symlink to its target);
    raises the OSError of a failed write, after which the previous save is intact."""
    write_atomically(path, dumps(data))


def read(path: Path) -> SaveData:
    """Read a save, never changing the file; SaveError says what is wrong in one sentence."""
    name = file_name(path)
    with _opened(path) as fd:
        raw = read_capped(fd, MAX_FILE_BYTES)
    return loads(raw, name)


def write_problem(err: OSError, folder: Path) -> str:
    """What a failed write ran into, as the end of a sentence."""
    where = plain(folder, 200)
    if err.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"the disk holding {where} is full"
    if err.errno == errno.EROFS:
        return f"{where} is on a read-only disk"
    if err.errno in (errno.EACCES, errno.EPERM):
        return f"River TUI may not write in {where}"
    return f"writing in {where} failed ({plain(err.strerror or err, 80)})"


def read_header(path: Path) -> SaveHeader:
    """A save's header, reading no more of the file than it needs."""
    name = file_name(path)
    with _opened(path) as fd:
        check_size(os.fstat(fd).st_size, name)  # a hint for the list: `read` checks what it reads
        return load_header(lambda limit: _read_from_start(fd, limit), name)


def _read_from_start(fd: int, limit: int) -> bytes:
    os.lseek(fd, 0, os.SEEK_SET)
    return read_capped(fd, limit)


class _opened:
    """A regular file open for reading; any OSError becomes one sentence."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> int:
        path = self.path
        where = plain(path, 200)
        try:
            self.fd = open_regular(path)
        except FileNotFoundError:
            raise SaveError(f"There is no save at {where}.") from None
        except NotRegularFile as err:
            raise SaveError(f"{where} is {err.kind}, not a save.") from None
        except PermissionError:
            raise SaveError(f"River TUI may not read {where}.") from None
        except OSError as err:
            raise SaveError(f"{where} cannot be read ({err.strerror or err}).") from None
        return self.fd

    def __exit__(self, kind, error, trace) -> bool:
        os.close(self.fd)
        if isinstance(error, OSError):
            raise SaveError(f"{plain(self.path, 200)} cannot be read ({error.strerror or error}).") from None
        return False


def new_path(game_id: str, stamp: str) -> Path:
    folder = saves_dir()
    base = f"{game_id}-{stamp}"
    path = folder / f"{base}{SUFFIX}"
    n = 2
    while path.exists():
        path = folder / f"{base}-{n}{SUFFIX}"
        n += 1
    return path


@dataclass
class Listing:
    path: Path
    data: SaveHeader | None
    error: str | None


def list_saves() -> list[Listing]:
    """Every save in the saves folder, most recently played first; unreadable ones
    are listed with their reason. Reads only each save's header."""
    folder = saves_dir()
    try:
        paths = sorted(folder.glob(f"*{SUFFIX}"))
    except OSError:
        return []
    out = []
    for path in paths:
        try:
            out.append(Listing(path, read_header(path), None))
        except SaveError as err:
            out.append(Listing(path, None, str(err)))
    out.sort(key=lambda item: (item.data.updated if item.data else "", item.path.name), reverse=True)
    return out


def resumable() -> list[Path]:
    """The readable saves, the games still in play first, each group most recently
    played first: what Continue tries, in turn, until one opens."""
    readable = [item for item in list_saves() if item.data is not None]
    return [item.path for item in sorted(readable, key=lambda item: item.data.finished)]


def latest() -> Path | None:
    """The most recently played readable save that is not finished, else any readable one."""
    paths = resumable()
    return paths[0] if paths else None
