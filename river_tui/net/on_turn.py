"""`river-tui serve --on-turn COMMAND`: tell a player who is not connected that
it is their move, by a command of the server operator's choosing (mail, a chat
message, a push notice).

The command is an argument list, run directly, never through a shell: the
table, game, seat name and key fingerprint reach it only as environment
variables, so a seat named ``$(touch x)`` is just text to it. It runs at most
once per seat per turn (the registry calls `OnTurn.seat_to_act` when a seat
comes to act) and at most once every ``interval`` seconds per seat.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shlex
import shutil
from collections.abc import Callable
from contextlib import suppress
from contextvars import Context

log = logging.getLogger(__name__)

INTERVAL = 60.0
"""Seconds between two runs of the command for one seat, at least."""
RUN_LIMIT = 60.0
"""Seconds a run may take before it is stopped."""


def command_argv(command: str) -> list[str]:
    """``command`` split as a shell would split words (quotes kept together), but
    never run by one. Raises ValueError with a sentence if it names no program
    this server can run."""
    try:
        argv = shlex.split(command)
    except ValueError as err:
        raise ValueError(f"--on-turn {command!r} cannot be split into words: {err}.") from None
    if not argv:
        raise ValueError("--on-turn needs a command.")
    if shutil.which(argv[0]) is None:
        raise ValueError(f"--on-turn: {argv[0]!r} is not a program this server can run.")
    return argv


class OnTurn:
    """Runs the operator's command when a seat whose player is not connected comes to act."""

    def __init__(self, argv: list[str], clock: Callable[[], float], interval: float = INTERVAL) -> None:
        self.argv = list(argv)
        self.clock = clock
        self.interval = interval
        self._last: dict[tuple[int, int], float] = {}
        self._runs: set[asyncio.Task[None]] = set()

    def seat_to_act(self, table: int, game_id: str, title: str, seat: int, name: str, fingerprint: str) -> None:
        """Seat ``seat`` of table ``table`` has come to act and its player is not here."""
        now = self.clock()
        last = self._last.get((table, seat))
        if last is not None and now - last < self.interval:
            log.info("--on-turn not run for %s at table %d: it ran %.0f s ago", name, table, now - last)
            return
        self._last[(table, seat)] = now
        env = dict(os.environ)
        env.update(
            RIVER_TUI_TABLE=str(table),
            RIVER_TUI_GAME=game_id,
            RIVER_TUI_GAME_TITLE=title,
            RIVER_TUI_SEAT=name,
            RIVER_TUI_SEAT_NUMBER=str(seat + 1),
            RIVER_TUI_FINGERPRINT=fingerprint,
        )
        task = asyncio.get_running_loop().create_task(self._run(env, name, table), context=Context())
        self._runs.add(task)
        task.add_done_callback(self._runs.discard)

    async def _run(self, env: dict[str, str], name: str, table: int) -> None:
        try:
            process = await asyncio.create_subprocess_exec(
                *self.argv,
                env=env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
                start_new_session=True,  # a signal to the server's terminal is not for it
            )
        except OSError as err:
            log.error("--on-turn for %s at table %d could not start: %s", name, table, err)
            return
        try:
            status = await asyncio.wait_for(process.wait(), RUN_LIMIT)
        except TimeoutError:
            with suppress(ProcessLookupError):  # it may end just as the wait gives up
                process.kill()
            await process.wait()
            log.error("--on-turn for %s at table %d took longer than %.0f s; stopped", name, table, RUN_LIMIT)
            return
        if status:
            log.error("--on-turn for %s at table %d ended with status %d", name, table, status)
        else:
            log.info("--on-turn told %s it is their move at table %d", name, table)

    async def close(self) -> None:
        """Wait for the runs still going (each ends within ``RUN_LIMIT``)."""
        await asyncio.gather(*self._runs, return_exceptions=True)
