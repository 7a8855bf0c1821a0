"""Forging save files: a valid frame and checksums around any content, so tests
reach the checks behind the checksum (the schema, the rules)."""

from __future__ import annotations

import hashlib
from typing import Any

import msgpack

from river_tui.saves.format import FORMAT_NAME
from river_tui.saves.schema import HEADER_FIELDS



class Packed:
    def __init__(self, raw: bytes) -> None:
        self.raw = raw


def pack(value: Any) -> bytes:
    """msgpack bytes of ``value``; `Packed` parts go in as they are."""
    if isinstance(value, Packed):
        return value.raw
    if isinstance(value, dict):
        out = bytearray(msgpack.Packer(use_bin_type=True).pack_map_header(len(value)))
        for key, item in value.items():
            out += pack(key) + pack(item)
        return bytes(out)
    if isinstance(value, list):
        out = bytearray(msgpack.Packer(use_bin_type=True).pack_array_header(len(value)))
        for item in value:
            out += pack(item)
        return bytes(out)
    return msgpack.packb(value, use_bin_type=True)


def nested(depth: int) -> Packed:
    """A list within a list ... ``depth`` deep."""
    return Packed(b"\x91" * depth + b"\xc0")


def save_parts(data) -> tuple[dict[str, Any], dict[str, Any]]:
    """The header and body of a `SaveData`, as plain values to tamper with."""
    head = {f: getattr(data, f) for f in HEADER_FIELDS}
    head["seats"] = [[s.name, s.kind] for s in data.seats]
    body = {"log": [[seat, list(action)] for seat, action in data.log], "digest": data.digest}
    return head, body


def frame(head: Any, body: Any, version: int = 2) -> bytes:
    """A whole file with right checksums around whatever ``head`` and ``body`` are."""
    head_raw, body_raw = pack(head), pack(body)
    return pack({
        "format": FORMAT_NAME,
        "version": version,
        "header_checksum": hashlib.sha256(head_raw).hexdigest(),
        "header": head_raw,
        "checksum": hashlib.sha256(body_raw).hexdigest(),
        "body": body_raw,
    })


def frame_v1(fields: Any) -> bytes:
    """A version 1 file: one checksummed body holding everything."""
    raw = pack(fields)
    return pack({"format": FORMAT_NAME, "version": 1, "checksum": hashlib.sha256(raw).hexdigest(), "body": raw})
