"""The save file format: msgpack, checksummed, checked before anything trusts it.

A file (format version 2) is one msgpack map, its entries in this order::

    {"format": "river-tui-save", "version": 2,
     "header_checksum": sha256(header), "header": msgpack bytes of the header,
     "checksum": sha256(body), "body": msgpack bytes of {"log", "digest"}}

The header (game id, app version, created/updated, seats, options, seed, where
the game stands, ``extra["rules"]``: the game's rules version) comes first and
has its own checksum, so a list of saves reads only the start of each file.
The body holds the action log and a digest of the final state; the game itself
is rebuilt by replaying the log. Version 1 files (one checksummed body holding
everything) are still read. Shapes and limits are checked in `schema`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import msgpack

from . import schema
from .schema import SaveData, SaveError, SaveHeader, SeatRecord  # noqa: F401  (the format's types)

FORMAT_NAME = "river-tui-save"
FORMAT_VERSION = 2
MAX_FILE_BYTES = 1024 * 1024
"""A save of the longest game is some 10 KB; a hostile one of this size unpacks in
about a second and 60 MB (one object per byte at worst)."""
HEADER_BYTES = 64 * 1024
"""A version 2 file's header ends within this many bytes of its start."""
_LIMITS = dict(
    max_buffer_size=MAX_FILE_BYTES,
    max_str_len=1024 * 1024,
    max_bin_len=MAX_FILE_BYTES,
    max_array_len=schema.MAX_MOVES,
    max_map_len=1024,
    max_ext_len=0,
)


def dumps(data: SaveData) -> bytes:
    head = msgpack.packb({f: _plain(getattr(data, f)) for f in schema.HEADER_FIELDS}, use_bin_type=True)
    body = msgpack.packb({"log": [[seat, action] for seat, action in data.log], "digest": data.digest},
                         use_bin_type=True)
    return msgpack.packb(
        {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "header_checksum": _sum(head),
            "header": head,
            "checksum": _sum(body),
            "body": body,
        },
        use_bin_type=True,
    )


def _plain(value: Any) -> Any:
    if isinstance(value, list) and value and isinstance(value[0], SeatRecord):
        return [[s.name, s.kind] for s in value]
    return value


def loads(raw: bytes, name: str) -> SaveData:
    """Parse and check a whole save file's bytes; raise SaveError with one sentence."""
    outer = _outer(raw, name)
    if outer["version"] == 1:
        fields = _part(outer, "body", "checksum", name)
        head = schema.header(fields, name)
        log, digest = schema.body({k: fields.get(k) for k in schema.BODY_FIELDS}, len(head.seats), name)
        return schema.whole(head, log, digest)
    head = schema.header(_part(outer, "header", "header_checksum", name), name)
    log, digest = schema.body(_part(outer, "body", "checksum", name), len(head.seats), name)
    return schema.whole(head, log, digest)


def load_header(read: Callable[[int], bytes], name: str) -> SaveHeader:
    """The header of a save, reading no more of it than needed: ``read(n)`` gives
    the first ``n`` bytes of the file (or all of them, if fewer, or one more than
    `MAX_FILE_BYTES`). A version 2 file is read up to its header only."""
    raw = read(HEADER_BYTES)
    if not raw:
        raise SaveError(f"{name} is empty.")
    unpacker = _unpacker({**_LIMITS, "max_buffer_size": HEADER_BYTES + 1})
    unpacker.feed(raw)
    seen: dict[str, Any] = {}
    try:
        for _ in range(unpacker.read_map_header()):
            key = _next_key(unpacker, seen)
            if key in ("body", "checksum"):
                break  # the moves: not needed for the header
            seen[key] = unpacker.unpack()
            if "header" in seen and "header_checksum" in seen:
                break
    except msgpack.OutOfData:
        if len(raw) <= HEADER_BYTES:
            raise SaveError(f"{name} is damaged (it ends too early).") from None
    except (ValueError, msgpack.UnpackException, TypeError, UnicodeDecodeError):
        raise SaveError(f"{name} is not a River TUI save.") from None
    if seen.get("version") == 1 and seen.get("format") == FORMAT_NAME:
        return _header_of_version_1(read(MAX_FILE_BYTES), name)
    if not {"format", "version", "header", "header_checksum"} <= seen.keys():
        return loads(read(MAX_FILE_BYTES), name)  # not where River TUI puts it: read it all, as loading would
    _check_version(seen, name)
    return schema.header(_part(seen, "header", "header_checksum", name), name)


def check_size(size: int, name: str) -> None:
    if size > MAX_FILE_BYTES:
        raise SaveError(f"{name} is too large to be a save ({size // 1024} KiB or more).")


def _header_of_version_1(raw: bytes, name: str) -> SaveHeader:
    """Version 1 kept the header inside the one body, after nothing but before
    the log's end: the body is checked whole, but its moves are skipped, not built."""
    outer = _outer(raw, name)
    body = outer.get("body")
    if not isinstance(body, bytes) or outer.get("checksum") != _sum(body):
        raise SaveError(f"{name} is damaged (its checksum does not match).")
    unpacker = _unpacker(_LIMITS)
    unpacker.feed(body)
    fields: dict[str, Any] = {}
    skipped: dict[str, None] = {}
    try:
        for _ in range(unpacker.read_map_header()):
            key = _next_key(unpacker, {**fields, **skipped})
            if key in schema.BODY_FIELDS:
                skipped[key] = unpacker.skip()
            else:
                fields[key] = unpacker.unpack()
    except msgpack.OutOfData:
        raise SaveError(f"{name} is damaged (it ends too early).") from None
    except (ValueError, msgpack.UnpackException, TypeError, UnicodeDecodeError):
        raise SaveError(f"{name} is not a River TUI save.") from None
    return schema.header(fields, name)


# --- the layers ---------------------------------------------------------------------


def _outer(raw: bytes, name: str) -> dict[str, Any]:
    if not raw:
        raise SaveError(f"{name} is empty.")
    check_size(len(raw), name)
    outer = _unpack_one(raw, name)
    _check_version(outer, name)
    return outer


def _check_version(outer: Any, name: str) -> None:
    if not isinstance(outer, dict) or outer.get("format") != FORMAT_NAME:
        raise SaveError(f"{name} is not a River TUI save.")
    version = outer.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError(f"{name} is damaged (its format version is unreadable).")
    if version > FORMAT_VERSION:
        raise SaveError(
            f"{name} was written by a newer River TUI (format {version}); update River TUI to open it."
            if version < 10**6 else f"{name} is damaged (its format version is unreadable)."
        )


def _part(outer: dict[str, Any], key: str, checksum: str, name: str) -> Any:
    """One checksummed part of the file, unpacked."""
    raw = outer.get(key)
    if not isinstance(raw, bytes) or outer.get(checksum) != _sum(raw):
        raise SaveError(f"{name} is damaged (its checksum does not match).")
    return _unpack_one(raw, name)


def _sum(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def _unpacker(limits: dict[str, int]) -> msgpack.Unpacker:
    return msgpack.Unpacker(raw=False, strict_map_key=True, object_pairs_hook=_unique_keys, **limits)


def _next_key(unpacker: msgpack.Unpacker, seen: dict[str, Any]) -> str:
    """The next key of a map read entry by entry, refused as `_unique_keys` and
    ``strict_map_key`` refuse it when the map is read whole."""
    key = unpacker.unpack()
    if not isinstance(key, str) or key in seen:
        raise ValueError("a key that is not text, or one given twice")
    return key


def _unique_keys(pairs: list[tuple[Any, Any]]) -> dict[Any, Any]:
    """A map of the file, refused when a key is not text or is given twice: a list
    that read the first would otherwise show another game than opening, which
    reads the last."""
    out = dict(pairs)
    if len(out) != len(pairs) or not all(isinstance(key, str) for key in out):
        raise ValueError("a key that is not text, or one given twice")
    return out


def _unpack_one(raw: bytes, name: str) -> Any:
    unpacker = _unpacker(_LIMITS)
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
