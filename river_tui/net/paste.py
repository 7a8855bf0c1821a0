"""Bracketed pastes taken out of a session's input bytes, whole and in order.

Textual's parser reads a paste itself, but one holding an escape sequence comes
out of it reordered (``ESC[200~X1 ESC[2J X2ESC[201~`` gives the keys ``^[2J X2``
first, then a paste of ``X1``), and it keeps any paste in memory however long.
So the driver hands the parser only what was typed: `Pastes.split` cuts the
bytes into runs of typed bytes and finished pastes, in the order they came. A
paste keeps its first ``limit`` bytes; the rest is dropped and the paste says it
was cut. A start marker split between two reads is still seen; its first part
has then reached the parser (a lone ESC must reach it at once: it may be the
escape key), which must forget it (``reset``).
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

START = b"\x1b[200~"
END = b"\x1b[201~"


@dataclass(frozen=True)
class Pasted:
    """A finished paste: its text (at most the limit's bytes of it) and whether it was cut."""

    text: str
    cut: bool


def _begun(data: bytes, marker: bytes, start: int) -> int:
    """How many bytes at the end of ``data`` (from ``start`` on) are the beginning of ``marker``."""
    for size in range(min(len(marker) - 1, len(data) - start), 0, -1):
        if data.endswith(marker[:size]):
            return size
    return 0


def _text(data: bytes) -> str:
    """UTF-8 text, without a character cut in two at its end."""
    return codecs.getincrementaldecoder("utf-8")(errors="replace").decode(data, final=False)


class Pastes:
    """Where a session's input is with respect to bracketed pastes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open = False
        """Inside a paste: its start marker came, its end marker not yet."""
        self._kept = bytearray()
        self._cut = False
        self._held = b""
        """The end of the last read, in a paste, that may begin its end marker."""
        self._typed_start = 0
        """Bytes at the end of the last typed run that began a start marker (the parser has them)."""

    def split(self, data: bytes) -> tuple[list[bytes | Pasted], bool]:
        """``data`` as runs of typed bytes and finished pastes, in order; and whether
        the parser must be reset first (it holds the beginning of a start marker that
        this read finishes)."""
        begun, self._typed_start = self._typed_start, 0
        reset = bool(begun) and data.startswith(START[begun:])
        if reset:
            data = START[:begun] + data
        buffer, self._held = self._held + data, b""
        parts: list[bytes | Pasted] = []
        pos = 0
        while pos < len(buffer):
            if not self.open:
                found = buffer.find(START, pos)
                if found < 0:
                    parts.append(buffer[pos:])
                    self._typed_start = _begun(buffer, START, pos)
                    break
                if found > pos:
                    parts.append(buffer[pos:found])
                self.open, self._kept, self._cut = True, bytearray(), False
                pos = found + len(START)
                continue
            found = buffer.find(END, pos)
            if found < 0:
                held = _begun(buffer, END, pos)
                self._keep(buffer[pos : len(buffer) - held])
                self._held = buffer[len(buffer) - held :]
                break
            self._keep(buffer[pos:found])
            parts.append(self._finish())
            pos = found + len(END)
        return parts, reset

    def skip(self, data: bytes) -> Pasted | None:
        """Bytes dropped unread (input came too fast): an open paste is cut there, but
        its end marker is still looked for; the paste if it ends in them."""
        if not self.open:
            return None
        self._cut = True
        buffer = self._held + data
        found = buffer.find(END)
        if found < 0:
            self._held = buffer[len(buffer) - _begun(buffer, END, 0) :]
            return None
        self._held = b""  # what follows the paste is dropped too
        return self._finish()

    def _keep(self, data: bytes) -> None:
        room = self.limit - len(self._kept)
        self._kept += data[: max(room, 0)]
        self._cut |= len(data) > room

    def _finish(self) -> Pasted:
        pasted = Pasted(_text(bytes(self._kept)), self._cut)
        self.open, self._kept, self._cut = False, bytearray(), False
        return pasted
