"""Search bots that think in a process of their own.

A search is pure Python and holds the interpreter lock while it thinks: in a
thread beside a Textual app it starves the screen (frames seconds apart). So
where a screen or the SSH server waits for a computer seat, the search runs in
one long-lived worker process instead; the waiting thread only sleeps on the
answer. The worker is started on first use ("spawn": a fresh interpreter, never
a fork of a threaded app) and serves every game in turn.
"""

from __future__ import annotations

import atexit
import random
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context

from ..core import Action, Bot, Game, State

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None


def _executor() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            # multiprocessing hands its helper process sys.stderr's file descriptor;
            # under a Textual app sys.stderr is a capture without one.
            captured, sys.stderr = sys.stderr, sys.__stderr__
            try:
                _pool = ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn"))
                _pool.submit(int).result()  # start the worker now
            finally:
                sys.stderr = captured
            atexit.register(_pool.shutdown, wait=False, cancel_futures=True)
        return _pool


def _forget(pool: ProcessPoolExecutor | None) -> None:
    """Drop a broken worker; the next decision starts a new one."""
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None


def _think(game_id: str, level: str, view: State, seat: int, seed: int) -> Action:
    """In the worker: the level's own bot, from the game's registry."""
    from ..registry import get_game
    from .levels import bot_catalogue

    game = get_game(game_id)
    return bot_catalogue(game)[level].choose(game, view, seat, random.Random(seed))


def elsewhere(bot: Bot) -> Bot:
    """``bot`` (a search level of a registered game), thinking in the worker."""

    def choose(game: Game, view: State, seat: int, rng: random.Random) -> Action:
        seed = rng.getrandbits(64)
        try:
            return _executor().submit(_think, game.id, bot.name, view, seat, seed).result()
        except BrokenProcessPool:  # the worker died (killed, out of memory): think here
            _forget(_pool)
            return bot.choose(game, view, seat, random.Random(seed))

    return Bot(bot.name, choose)
