"""The save file format: msgpack, checksummed, validated before anything trusts it.

A file is one msgpack map ``{"format", "version", "checksum", "body"}`` where
``body`` is the msgpack bytes of a `SaveData` and ``checksum`` its SHA-256, so a
flipped bit anywhere is caught before replay. The body holds the header (game id,
app version, created/updated, seats; ``extra["rules"]``, the game's rules
version), the options, the seed, the action log and a digest of the final state;
the game itself is rebuilt by replaying the log.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import msgpack

FORMAT_NAME = "river-tui-save"
FORMAT_VERSION = 1
MAX_FILE_BYTES = 8 * 1024 * 1024
_LIMITS = dict(
    max_buffer_size=MAX_FILE_BYTES,
    max_str_len=1024 * 1024,
    max_bin_len=MAX_FILE_BYTES,
    max_array_len=1_000_000,
    max_map_len=10_000,
)


class SaveError(Exception):
    """A save that cannot be read; ``str()`` is one sentence for the player."""


@dataclass
class SeatRecord:
    name: str
    kind: str  # "human" or the name of a computer seat ("greedy", "random", ...)


@dataclass
class SaveData:
    game: str
    app_version: str
    created: str
    updated: str
    seats: list[SeatRecord]
    options: dict[str, Any]
    seed: int
    log: list[tuple[int, list[Any]]]  # (seat, encoded action)
    digest: str
    turn: str = ""
    finished: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def dumps(data: SaveData) -> bytes:
    body = msgpack.packb(
        {
            "game": data.game,
            "app_version": data.app_version,
            "created": data.created,
            "updated": data.updated,
            "seats": [[s.name, s.kind] for s in data.seats],
            "options": data.options,
            "seed": data.seed,
            "log": [[seat, action] for seat, action in data.log],
            "digest": data.digest,
            "turn": data.turn,
            "finished": data.finished,
            "extra": data.extra,
        },
        use_bin_type=True,
    )
    return msgpack.packb(
        {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "checksum": hashlib.sha256(body).hexdigest(),
            "body": body,
        },
        use_bin_type=True,
    )


def loads(raw: bytes, name: str = "The save") -> SaveData:
    """Parse and check a save file's bytes; raise SaveError with one sentence."""
    if not raw:
        raise SaveError(f"{name} is empty.")
    check_size(len(raw), name)
    outer = _unpack_one(raw, name)
    if not isinstance(outer, dict) or outer.get("format") != FORMAT_NAME:
        raise SaveError(f"{name} is not a River TUI save.")
    version = outer.get("version")
    if not isinstance(version, int):
        raise SaveError(f"{name} is damaged (its format version is unreadable).")
    if version > FORMAT_VERSION:
        raise SaveError(
            f"{name} was written by a newer River TUI (format {version}); update River TUI to open it."
        )
    body = outer.get("body")
    if not isinstance(body, bytes) or outer.get("checksum") != hashlib.sha256(body).hexdigest():
        raise SaveError(f"{name} is damaged (its checksum does not match).")
    return _body(_unpack_one(body, name), name)


def check_size(size: int, name: str) -> None:
    if size > MAX_FILE_BYTES:
        raise SaveError(f"{name} is too large to be a save ({size // 1024} KiB).")


def _unpack_one(raw: bytes, name: str) -> Any:
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, **_LIMITS)
    try:
        unpacker.feed(raw)
        value = unpacker.unpack()
    except msgpack.OutOfData:
        raise SaveError(f"{name} is damaged (it ends too early).") from None
    except (ValueError, msgpack.UnpackException, TypeError, UnicodeDecodeError):
        raise SaveError(f"{name} is not a River TUI save.") from None
    try:
        unpacker.unpack()
    except msgpack.OutOfData:
        return value
    except Exception:
        pass
    raise SaveError(f"{name} is not a River TUI save (it has bytes after the end).")


def _body(body: Any, name: str) -> SaveData:
    try:
        seats = [SeatRecord(str(n), str(k)) for n, k in body["seats"]]
        log = [(int(seat), list(action)) for seat, action in body["log"]]
        data = SaveData(
            game=str(body["game"]),
            app_version=str(body["app_version"]),
            created=str(body["created"]),
            updated=str(body["updated"]),
            seats=seats,
            options=dict(body["options"]),
            seed=int(body["seed"]),
            log=log,
            digest=str(body["digest"]),
            turn=str(body.get("turn", "")),
            finished=bool(body.get("finished", False)),
            extra=dict(body.get("extra", {})),
        )
    except (KeyError, TypeError, ValueError):
        raise SaveError(f"{name} is damaged (a required part is missing).") from None
    return data
