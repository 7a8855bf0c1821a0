"""A thinking process's own side: ``python -m river_tui.rules.bots.thinking_worker``
answers the decisions `thinking_process` sends it, one per request, until its
stdin closes (see `thinking_process` for why searches think in a process of
their own)."""

from __future__ import annotations

import random
import sys
from typing import BinaryIO

from ..registry import get_game
from .advice import HINT, advise
from .levels import bot_catalogue
from .thinking_process import _receive, _send


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """The worker's loop: a decision (or a hint: `advice`) per request, until its stdin closes."""
    while True:
        try:
            game_id, level, view, seat, seed = _receive(requests)
        except EOFError:
            return
        try:
            game = get_game(game_id)
            if level == HINT:
                answer = (True, advise(game, view, seat, random.Random(seed)))
            else:
                answer = (True, bot_catalogue(game)[level].choose(game, view, seat, random.Random(seed)))
        except Exception as err:  # report it to the caller, keep serving
            answer = (False, f"{type(err).__name__}: {err}")
        _send(answers, answer)


if __name__ == "__main__":
    serve(sys.stdin.buffer, sys.stdout.buffer)
