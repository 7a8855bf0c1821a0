"""Where a program's answers come from and its messages go: a program River TUI
starts (`Program`: a command, split into words like a shell would, run without a
shell) or River TUI's own stdin and stdout (`Streams`, for `river-tui play-seat`
run by the program).

Lines are read in a thread of their own into a queue, at most `MOST_ANSWER` + 1
bytes at a time, so a program that sends nothing, too much or never a line break
can neither block play nor fill memory: `next_line` waits at most the time limit.
"""

from __future__ import annotations

import queue
import shlex
import subprocess
import threading
from typing import BinaryIO

from .protocol import MOST_ANSWER

TOO_MUCH = b"\0too much"
"""What the reader queues for a line longer than `MOST_ANSWER` (its rest is dropped)."""
CLOSED = b"\0closed"
"""What the reader queues when the program's output ends."""
MOST_QUEUED = 64
"""Lines held unread at most; a program that floods the pipe is read no further until they are taken."""


class LineChannel:
    """Messages out as lines, answer lines in with a time limit."""

    def __init__(self, source: BinaryIO, sink: BinaryIO) -> None:
        self.sink = sink
        self.lines: queue.Queue[bytes] = queue.Queue(MOST_QUEUED)
        self.closed = False
        """The program's output has ended (or the channel was closed)."""
        self.deaf = False
        """Writing to the program fails: it is gone."""
        self._reader = threading.Thread(target=self._read, args=(source,), daemon=True, name="program-answers")
        self._reader.start()

    def _read(self, source: BinaryIO) -> None:
        try:
            while True:
                raw = source.readline(MOST_ANSWER + 1)
                if not raw:
                    break
                if len(raw) > MOST_ANSWER and not raw.endswith(b"\n"):
                    while (rest := source.readline(MOST_ANSWER)) and not rest.endswith(b"\n"):
                        pass  # drop the rest of the line, a piece at a time
                    raw = TOO_MUCH
                self.lines.put(raw.rstrip(b"\r\n"))
        except (OSError, ValueError):
            pass
        self.lines.put(CLOSED)

    def send(self, text: str) -> bool:
        """Write one line; False once the other end is gone."""
        if self.deaf:
            return False
        try:
            self.sink.write(text.encode("utf-8") + b"\n")
            self.sink.flush()
        except (OSError, ValueError):
            self.deaf = True
        return not self.deaf

    def next_line(self, seconds: float) -> bytes | None:
        """The next line, `TOO_MUCH`, `CLOSED`, or None when none came in time."""
        if self.closed and self.lines.empty():
            return CLOSED
        try:
            raw = self.lines.get(timeout=seconds)
        except queue.Empty:
            return None
        if raw == CLOSED:
            self.closed = True
        return raw

    def drop_waiting(self) -> int:
        """Pass over lines that came unasked (after a turn was already decided)."""
        dropped = 0
        while True:
            try:
                raw = self.lines.get_nowait()
            except queue.Empty:
                return dropped
            if raw == CLOSED:
                self.closed = True
                return dropped
            dropped += 1

    def close(self) -> None:
        self.closed = self.deaf = True


class Program(LineChannel):
    """A program River TUI starts for a seat; its errors go nowhere (they are not
    River TUI's to print), and it is stopped when the game ends."""

    def __init__(self, command: str) -> None:
        argv = shlex.split(command)
        if not argv:
            raise ValueError("The program's command is empty.")
        try:
            self.process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            )
        except OSError as err:
            raise ValueError(f"The program {argv[0]!r} cannot be started ({err.strerror}).") from None
        super().__init__(self.process.stdout, self.process.stdin)

    def close(self) -> None:
        super().close()
        for stream in (self.process.stdin,):
            try:
                stream.close()
            except OSError:
                pass
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()
