"""Messages between the front and a worker: msgpack arrays, each behind its length.

A frame is a 4-byte big-endian length and a msgpack array ``[kind, *fields]``:
bytes travel as msgpack's bin type (a frame of screen output is copied once, not
escaped or base64'd as in a JSON protocol), and a frame is read whole before it
is decoded, so a message is never handled half-arrived.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any

import msgpack

MAX_FRAME = 16 * 1024 * 1024
"""Bytes one frame may hold: more than a screen of output at the largest window."""
HEADER = struct.Struct(">I")


class ChannelClosed(Exception):
    """The other process is gone (or sent what is not a frame)."""


class Channel:
    """One end of the socket between the front and a worker."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._reader = reader
        self._writer = writer

    def send(self, kind: str, *fields: Any) -> None:
        """Queue one message; it leaves at once unless the socket's buffer is full."""
        if self._writer.is_closing():
            return
        body = msgpack.packb([kind, *fields], use_bin_type=True)
        self._writer.write(HEADER.pack(len(body)) + body)

    async def receive(self) -> list[Any]:
        """The next message; ChannelClosed when the other end is gone."""
        try:
            header = await self._reader.readexactly(HEADER.size)
            (size,) = HEADER.unpack(header)
            if size > MAX_FRAME:
                raise ChannelClosed(f"a frame of {size} bytes")
            body = await self._reader.readexactly(size)
        except (asyncio.IncompleteReadError, ConnectionError) as err:
            raise ChannelClosed(str(err)) from None
        try:
            message = msgpack.unpackb(body, raw=False, strict_map_key=False)
        except (ValueError, msgpack.ExtraData) as err:
            raise ChannelClosed(f"a frame that is not msgpack ({err})") from None
        if not isinstance(message, list) or not message or not isinstance(message[0], str):
            raise ChannelClosed("a frame that is not a message")
        return message

    async def drain(self) -> None:
        try:
            await self._writer.drain()
        except ConnectionError:
            pass

    def close(self) -> None:
        self._writer.close()


async def open_channel(sock: Any) -> Channel:
    """A channel over the connected socket ``sock``."""
    reader, writer = await asyncio.open_unix_connection(sock=sock, limit=MAX_FRAME + HEADER.size)
    return Channel(reader, writer)
