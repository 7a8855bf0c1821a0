"""Writing and finding saves on disk.

Every write is atomic: the new bytes go to a temporary file that is fsynced and
then renamed over the save, after the previous save has been kept as ``.bak``.
A crash at any moment leaves a loadable save (the old one or the new one).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .format import SaveData, SaveError, check_size, dumps, loads
from .locations import saves_dir

SUFFIX = ".rtsave"


def write_atomically(path: Path, raw: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(raw)
        f.flush()
        os.fsync(f.fileno())
    if path.exists():
        backup = path.with_name(path.name + ".bak")
        backup_tmp = path.with_name(path.name + ".bak.tmp")
        backup_tmp.unlink(missing_ok=True)
        os.link(path, backup_tmp)  # the previous save stays at `path` until the rename below
        os.replace(backup_tmp, backup)
    os.replace(tmp, path)
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
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


def save(path: Path, data: SaveData) -> None:
    write_atomically(path, dumps(data))


def read(path: Path) -> SaveData:
    """Read a save, never changing the file; SaveError says what is wrong in one sentence."""
    name = f"The file {path.name}"
    try:
        check_size(path.stat().st_size, name)  # before reading a huge file into memory
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"There is no save at {path}.") from None
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a save.") from None
    except PermissionError:
        raise SaveError(f"River TUI may not read {path}.") from None
    except OSError as err:
        raise SaveError(f"{path} cannot be read ({err.strerror}).") from None
    return loads(raw, name)


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
    data: SaveData | None
    error: str | None


def list_saves() -> list[Listing]:
    """Every save in the saves folder, most recently played first; unreadable ones
    are listed with their reason."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    out = []
    for path in folder.glob(f"*{SUFFIX}"):
        try:
            out.append(Listing(path, read(path), None))
        except SaveError as err:
            out.append(Listing(path, None, str(err)))
    out.sort(key=lambda item: (item.data.updated if item.data else "", item.path.name), reverse=True)
    return out


def latest() -> Path | None:
    """The most recently played readable save that is not finished, else any readable one."""
    readable = [item for item in list_saves() if item.data is not None]
    unfinished = [item for item in readable if not item.data.finished]
    pick = unfinished or readable
    return pick[0].path if pick else None
