"""A thinking process's own side: ``python -m river_tui.rules.bots.thinking_worker``
answers the decisions `thinking_process` sends it, one per request, until its
stdin closes (see `thinking_process` for why searches think in a process of
their own)."""

from __future__ import annotations

import random
import sys
from typing import Any, BinaryIO

from ..registry import get_game
from .advice import HINT, advise
from .levels import appraise, bot_catalogue
from .thinking_process import AppraiseRequest, _receive, _send


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """The worker's loop: a decision (or a hint: `advice`) per request, until its stdin closes."""
    while True:
        try:
            request = _receive(requests)
        except EOFError:
            return
        try:
            answer = (True, _answer(request))
        except Exception as err:  # report it to the caller, keep serving
            answer = (False, f"{type(err).__name__}: {err}")
        _send(answers, answer)


def _answer(request: tuple | AppraiseRequest) -> Any:
    """A decision's action, a hint, or an appraisal's list of `Appraisal`."""
    if isinstance(request, AppraiseRequest):
        return appraise(request)
    game_id, level, view, seat, seed = request
    game = get_game(game_id)
    if level == HINT:
        return advise(game, view, seat, random.Random(seed))
    return bot_catalogue(game)[level].choose(game, view, seat, random.Random(seed))


if __name__ == "__main__":
    serve(sys.stdin.buffer, sys.stdout.buffer)
