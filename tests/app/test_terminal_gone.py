"""A River TUI whose terminal goes away (its window closed, the connection to the
machine lost, tmux's server killed) ends, rather than reading nothing from it forever
with a core busy and the game's save locked against the next River TUI."""

from __future__ import annotations

import os
import pty
import sys

import river_tui.app.river_app as app_module
from river_tui.app.river_app import RiverApp

from support.waiting import wait_until


class Terminal:
    """The app's standard input: a pseudo-terminal the test can close."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def fileno(self) -> int:
        return self.fd


async def test_the_app_ends_when_its_terminal_goes_away(monkeypatch):
    controller, terminal = pty.openpty()
    monkeypatch.setattr(sys, "__stdin__", Terminal(terminal))
    monkeypatch.setattr(RiverApp, "is_headless", property(lambda self: False))  # as in a real terminal
    monkeypatch.setattr(app_module, "TERMINAL_CHECK", 0.05)
    app = RiverApp()
    ended: list[bool] = []
    monkeypatch.setattr(app, "exit", lambda *args, **kwargs: ended.append(True))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.3)
            assert not ended, "the app ended while its terminal was there"
            os.close(controller)  # the terminal's window closes
            await wait_until(lambda: ended, "the app ending", pause=pilot.pause)
    finally:
        os.close(terminal)
