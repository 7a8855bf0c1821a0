"""Bracketed pastes in a session's input bytes, followed so that one too long is cut out whole.

Textual's parser keeps a paste in memory until its end marker comes, then hands
it to the app as one event. A paste over ``limit`` bytes (or one whose bytes
were dropped for coming too fast) is discarded from its start to its end
marker; without that, the rest of it would reach the app as typed keys.
"""

from __future__ import annotations

START = b"\x1b[200~"
END = b"\x1b[201~"
_KEEP = len(START) - 1
"""Bytes kept from the previous chunk so a marker split between two chunks is seen."""


class PasteTracker:
    """Where a byte stream is, with respect to bracketed pastes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open = False
        """Inside a paste: its start marker came, its end marker not yet."""
        self.size = 0
        """Bytes of the open paste so far."""
        self.discarding = False
        """The open paste is being cut out."""
        self._tail = b""

    def filter(self, data: bytes) -> tuple[bytes, bool]:
        """The part of ``data`` the parser should see, and whether a paste was cut
        in it (the parser then holds the paste's beginning and must be reset)."""
        joined = self._tail + data
        base = len(self._tail)
        self._tail = joined[-_KEEP:]
        was_discarding, cut, resume_at = self.discarding, False, -1
        pos = max(0, base - _KEEP)
        while True:
            if not self.open:
                found = joined.find(START, pos)
                if found < 0:
                    break
                self.open, self.size, pos = True, 0, found + len(START)
                continue
            found = joined.find(END, pos)
            stop = len(joined) if found < 0 else found
            self.size += max(0, stop - max(pos, base))
            if self.size > self.limit and not self.discarding:
                self.discarding = cut = True
            if found < 0:
                break
            self.open, pos = False, found + len(END)
            if self.discarding:
                self.discarding, resume_at = False, pos
        if resume_at >= 0:
            return joined[max(resume_at, base) :], cut
        if self.discarding or was_discarding:
            return b"", cut
        return data, cut

    def abandon(self) -> None:
        """Bytes were dropped: if a paste is open, cut out the rest of it."""
        if self.open:
            self.discarding = True
