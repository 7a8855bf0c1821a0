"""The server's small rules about limits, checked with a fake clock."""

from __future__ import annotations

from river_tui.net.auth import display_name
from river_tui.net.driver import MAX_SIZE, TerminalInfo, clamp_size
from river_tui.net.ratelimit import RateLimit, TokenBucket


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_an_address_gets_limit_connections_per_window_and_others_are_unaffected():
    clock = Clock()
    limit = RateLimit(3, 60.0, clock)
    for clock.now in (0.0, 10.0, 20.0):
        assert limit.allow("10.0.0.1")
    assert not limit.allow("10.0.0.1")
    assert limit.allow("10.0.0.2")
    clock.now = 59.0
    assert not limit.allow("10.0.0.1")
    clock.now = 60.0  # the first connection has left the window, the others not yet
    assert limit.allow("10.0.0.1")
    assert not limit.allow("10.0.0.1")


def test_quiet_addresses_are_forgotten():
    clock = Clock()
    limit = RateLimit(1, 10.0, clock)
    for n in range(100):
        limit.allow(f"10.0.{n}.1")
    clock.now = 11.0
    limit.allow("10.9.9.9")
    assert list(limit._seen) == ["10.9.9.9"]


def test_a_token_bucket_allows_a_burst_then_the_rate():
    clock = Clock()
    bucket = TokenBucket(10, 5, clock)
    assert bucket.take(10) and not bucket.take(1)
    clock.now = 1.0
    assert bucket.take(5) and not bucket.take(1)
    clock.now = 100.0  # never more than the capacity saved up
    assert bucket.take(10) and not bucket.take(1)


def test_windows_are_clamped_to_what_one_loop_can_render():
    assert clamp_size(0, 0) == (1, 1)
    assert clamp_size(10_000, 10_000) == MAX_SIZE
    assert clamp_size(80, 24) == (80, 24)


def test_the_colour_depth_follows_the_client_terminal():
    assert TerminalInfo((80, 24), "xterm-256color").color_system == "256"
    assert TerminalInfo((80, 24), "xterm", "truecolor").color_system == "truecolor"
    assert TerminalInfo((80, 24), "vt100").color_system == "standard"


def test_display_names_are_printable_and_short():
    assert display_name("alice") == "alice"
    assert display_name("\x1b[31mmallory\x07") == "(31mmallory"
    assert display_name("[/b]eve[red]") == "(/b)eve(red)"  # never markup on another player's screen
    assert display_name("x" * 100) == "x" * 24
    assert display_name("\n\t") == "player"
