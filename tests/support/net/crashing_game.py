"""The secret game (secret_game.py) whose paddle of 2 kills any process but the
test's own (``os._exit``, no exception to catch), as a bug in a game's code or
a hostile save might: for the crash-loop guard of `serve --workers`; and a game
whose screen's key 2 keeps the session busy for a second, for a worker's watchdog. The test
sets `SPARED` to its own process id before its workers start; they inherit it."""

from __future__ import annotations

import os
import time

from river_tui.rules import registry
from river_tui.screens.registry import register_screen

from .secret_game import SecretGame, SecretScreen

SPARED = "RIVER_TUI_TEST_SPARED_PID"
"""The environment variable naming the one process a paddle of 2 does not kill."""


class CrashingGame(SecretGame):
    id = "crashing-paddle"
    title = "Crashing Paddle"

    def apply(self, state, seat, action):
        if action.strokes == 2 and os.environ.get(SPARED) != str(os.getpid()):
            os._exit(70)
        return super().apply(state, seat, action)


class HoggingGame(SecretGame):
    id = "hogging-paddle"
    title = "Hogging Paddle"


class HoggingScreen(SecretScreen):
    """Its key 2 keeps the session's loop busy for a second (as a runaway screen might) before it paddles."""

    def action_paddle(self, strokes: int):
        if strokes == 2:
            until = time.thread_time() + 1.0
            while time.thread_time() < until:
                pass
        super().action_paddle(strokes)


GAME = CrashingGame()
HOG = HoggingGame()
for game, screen in ((GAME, "SecretScreen"), (HOG, "HoggingScreen")):
    registry.register(game)
    register_screen(game.id, f"support.net.{'secret' if game is GAME else 'crashing'}_game:{screen}")
