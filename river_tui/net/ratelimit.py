"""Per-address connection rate limit: a sliding window of recent connection times."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class RateLimit:
    """Allows at most ``limit`` new connections per address in any ``window`` seconds.

    Refused attempts do not count, so a client that backs off gets in again as
    soon as its oldest accepted connection leaves the window.
    """

    def __init__(self, limit: int, window: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._seen: dict[str, deque[float]] = {}

    def allow(self, address: str) -> bool:
        """Record a connection attempt from ``address``; False when over the limit."""
        now = self._clock()
        self._forget_quiet_addresses(now)
        times = self._seen.setdefault(address, deque())
        while times and now - times[0] >= self.window:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        return True

    def _forget_quiet_addresses(self, now: float) -> None:
        """Keep the table small: drop addresses whose last connection left the window."""
        quiet = [a for a, t in self._seen.items() if now - t[-1] >= self.window]
        for address in quiet:
            del self._seen[address]


class TokenBucket:
    """Lets through ``rate`` units a second on average, ``capacity`` at once.

    Each session's input goes through two: bytes (parsing costs time in the loop
    every session shares) and events (each key press costs the app a dispatch).
    """

    def __init__(self, capacity: float, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = capacity
        self.rate = rate
        self._clock = clock
        self._tokens = capacity
        self._last = clock()

    def take(self, amount: float) -> bool:
        """Spend ``amount`` if there is that much left; False (spending nothing) if not."""
        now = self._clock()
        self._tokens = min(self.capacity, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if amount > self._tokens:
            return False
        self._tokens -= amount
        return True


class ConnectionGate:
    """Server-wide caps on connections not yet logged in: how many may arrive per
    second (whatever their addresses), and how many may be in their handshake at
    once (a client that opens connections and never logs in holds a slot only
    until the login timeout, and never more than ``max_handshakes`` of them)."""

    def __init__(self, per_second: float, max_handshakes: int, clock: Callable[[], float] = time.monotonic) -> None:
        self._arrivals = TokenBucket(max(1.0, per_second), per_second, clock)
        self.max_handshakes = max_handshakes
        self.handshakes = 0

    def enter(self) -> str | None:
        """A connection arrives: None if it may go on (it then counts as a handshake
        until `leave`), else why not, for the log."""
        if self.handshakes >= self.max_handshakes:
            return f"{self.handshakes} logins already in progress"
        if not self._arrivals.take(1):
            return "too many new connections this second"
        self.handshakes += 1
        return None

    def leave(self) -> None:
        """A connection that `enter` let in has logged in or gone."""
        self.handshakes -= 1
