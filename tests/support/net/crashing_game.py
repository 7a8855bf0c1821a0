"""The secret game (secret_game.py) whose paddle of 2 kills any process but the
test's own (``os._exit``, no exception to catch), as a bug in a game's code or
a hostile save might: for the crash-loop guard of `serve --workers`. The test
sets `SPARED` to its own process id before its workers start; they inherit it."""

from __future__ import annotations

import os

from river_tui.rules import registry
from river_tui.screens.registry import register_screen

from .secret_game import SecretGame

SPARED = "RIVER_TUI_TEST_SPARED_PID"
"""The environment variable naming the one process a paddle of 2 does not kill."""


class CrashingGame(SecretGame):
    id = "crashing-paddle"
    title = "Crashing Paddle"

    def apply(self, state, seat, action):
        if action.strokes == 2 and os.environ.get(SPARED) != str(os.getpid()):
            os._exit(70)
        return super().apply(state, seat, action)


GAME = CrashingGame()
registry.register(GAME)
register_screen(GAME.id, "support.net.secret_game:SecretScreen")
