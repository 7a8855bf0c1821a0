"""The server's CPU per move at real tables, in one process, without SSH or clients.

The same tables as bench/ssh_load.py (Riverside 2-4 seats and We All Take 3-5 seats,
one computer seat each, half the sessions at 120x40 and half at 80x24), each session
the real app (`RemoteApp`) with the server's own driver (`SSHDriver`), its output
counted and dropped. Moves are played one at a time, the next only after the last
one's frames are out (``--step`` s apart): a random legal move of a random seat that
may act (its "since your last turn" summary put away first, as a key does), and the
computer seats' moves the server makes in between (a seat under We All Take's box of
an offer made to it answers the box instead, as in ssh_load.py). Nothing else runs in the loop, so
the loop thread's CPU time (its idle rate measured first and taken off) divided by the
moves made is the redraw cost of a move with little noise, even on a busy machine:
use it to compare two versions; bench/ssh_load.py measures latency and capacity.

Also counts, per move: whole-screen layouts, full-screen and partial frames, the
widgets rendered (by class), the widgets asking for a layout (by class), bytes written.
``--profile FILE`` writes a cProfile of the play.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gc
import json
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent)]

from ssh_load import COMPUTER, SIZES, table_plan  # noqa: E402


class NullTerminal:
    """A session's SSH side that counts what the driver writes."""

    def __init__(self) -> None:
        self.bytes = 0

    def send(self, data: bytes) -> None:
        self.bytes += len(data)

    def key_pressed(self) -> None:
        pass


def our_caller() -> str:
    """The innermost line of River TUI's own code on the stack (else Textual's outermost)."""
    frame, outer = sys._getframe(2), "?"
    while frame is not None:
        name = frame.f_code.co_filename
        if "/river_tui/" in name:
            return f"{name.split('/river_tui/')[1]}:{frame.f_lineno} {frame.f_code.co_name}"
        if "/textual/" in name:
            outer = f"textual/{name.split('/textual/')[1]}:{frame.f_lineno} {frame.f_code.co_name}"
        frame = frame.f_back
    return outer


_timing: list[float] = []
"""The thread CPU time spent in nested timed calls, innermost last."""


def timed(totals: Counter, cls: type, name: str, key) -> None:
    """Add the thread CPU time of ``cls.name`` (less what timed calls inside it took) to ``totals[key]``
    (``key``: a string, or a function of the call's first argument)."""
    original = getattr(cls, name)

    @functools.wraps(original)
    def wrapper(*args, **kwargs):
        started = time.thread_time()
        _timing.append(0.0)
        try:
            return original(*args, **kwargs)
        finally:
            spent = time.thread_time() - started
            inner = _timing.pop()
            totals[key if isinstance(key, str) else key(args[0])] += 1000 * (spent - inner)
            if _timing:
                _timing[-1] += spent

    setattr(cls, name, wrapper)


EXTRA_TIMERS: list[tuple[type, str]] = []
"""More methods to time (under "ms"), for a closer look from a script that imports this one."""


def count_work(counts: dict[str, Counter]) -> None:
    """Patch Textual to count layouts, frames, widget renders and who asks for layouts;
    and time the cycle collector's runs."""
    collecting: list[float] = []

    def collector(phase: str, info: dict) -> None:
        if phase == "start":
            collecting.append(time.thread_time())
        elif collecting:
            counts["ms"][f"garbage collection (generation {info['generation']})"] += 1000 * (
                time.thread_time() - collecting.pop()
            )
            counts["screen"][f"collections of generation {info['generation']}"] += 1

    gc.callbacks.append(collector)
    from textual._compositor import Compositor
    from textual.app import App
    from textual.screen import Screen

    from river_tui.screens.game_base import GameScreen
    from textual.widget import Widget

    def counted(cls, name: str, key):
        original = getattr(cls, name)

        @functools.wraps(original)
        def wrapper(self, *args, **kwargs):
            counts[key(self, args, kwargs)[0]][key(self, args, kwargs)[1]] += 1
            return original(self, *args, **kwargs)

        setattr(cls, name, wrapper)

    timed(counts["ms"], Compositor, "render_partial_update", "partial frames")
    timed(counts["ms"], Compositor, "render_full_update", "full frames")
    timed(counts["ms"], Screen, "_refresh_layout", "layouts (frames not counted)")
    timed(counts["ms"], GameScreen, "_redraw", "game screens' redraws")
    timed(counts["ms"], App, "_display", "writing frames")
    for cls, name in EXTRA_TIMERS:
        timed(counts["ms"], cls, name, f"{cls.__name__}.{name}")
    counted(Screen, "_refresh_layout", lambda s, a, k: ("screen", "layouts"))
    counted(Compositor, "render_full_update", lambda s, a, k: ("screen", "full frames"))
    counted(Compositor, "render_partial_update", lambda s, a, k: ("screen", "partial frames"))
    counted(Widget, "render_lines", lambda s, a, k: ("renders", type(s).__name__))
    timed(counts["render ms"], Widget, "render_lines", lambda widget: type(widget).__name__)
    if "render_lines" in vars(Screen):  # should a patch draw screens its own way: count them too
        counted(Screen, "render_lines", lambda s, a, k: ("renders", type(s).__name__))
        timed(counts["render ms"], Screen, "render_lines", lambda widget: type(widget).__name__)
    original = Widget.refresh

    @functools.wraps(original)
    def refresh(self, *regions, repaint=True, layout=False, recompose=False):
        if layout:
            counts["layout asked by"][type(self).__name__] += 1
            counts["layout asked from"][our_caller()] += 1
        return original(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    Widget.refresh = refresh


async def run(sessions: int, moves: int, step: float, seed: int, profile: str | None) -> dict:
    from textual._context import active_app

    from river_tui.gc_tuning import tune_gc

    from river_tui.net.auth import Identity
    from river_tui.net.driver import SSHDriver, TerminalInfo
    from river_tui.net.lobby.screen import LobbyScreen
    from river_tui.net.remote_app import RemoteApp
    from river_tui.net.tables import TableRegistry
    from river_tui.screens.game_base import GameScreen
    from river_tui.screens.we_all_take.offer_to_you import ACCEPTED, DECLINED, OfferToYouScreen

    counts: dict[str, Counter] = {
        "ms": Counter(), "render ms": Counter(), "screen": Counter(), "renders": Counter(), "layout asked by": Counter(), "layout asked from": Counter()
    }  # fmt: skip
    tune_gc()  # as `river-tui serve` does
    with tempfile.TemporaryDirectory() as tmp:
        registry = TableRegistry(Path(tmp), bot_delay=0.0)
        people = [Identity(f"p{i}", f"fp{i}", "bench") for i in range(sessions)]
        seats = []
        for game, count, seated in table_plan(sessions):
            shared = registry.create(people[seated[0]], game, count, 1, None, seed=len(registry.tables),
                                     computer=COMPUTER)  # fmt: skip
            for seat, index in enumerate(seated[1:], start=1):
                registry.take_seat(shared, seat, people[index])
            seats += [shared] * len(seated)
        apps, terminals, tasks = [], [], []
        for index, person in enumerate(people):
            app, terminal = RemoteApp(person, registry), NullTerminal()
            info = TerminalInfo(size=SIZES[index % 2])
            app.driver_class = functools.partial(SSHDriver, terminal=terminal, info=info)
            apps.append(app)
            terminals.append(terminal)
            tasks.append(asyncio.create_task(app.run_async()))
        while not all(app.is_running and isinstance(app.screen, LobbyScreen) for app in apps):
            await asyncio.sleep(0.05)
        for app, person, shared in zip(apps, people, seats):  # in the app's own context, as a key would
            app.call_later(lambda app=app, person=person, shared=shared: app.screen.open(registry.join(shared, app, person)))
        while not all(isinstance(app.screen, GameScreen) for app in apps):
            await asyncio.sleep(0.05)
        for _ in range(60):  # until the first frames are drawn: the loop's share of a core settles
            idle_from, idle_cpu = time.monotonic(), time.thread_time()
            await asyncio.sleep(2.0)
            idle_rate = (time.thread_time() - idle_cpu) / (time.monotonic() - idle_from)
            if idle_rate < 0.1:
                break
        count_work(counts)
        before = sum(len(shared.table.log) for shared in registry.tables.values())
        sent = sum(t.bytes for t in terminals)
        rng = random.Random(seed)

        def move(pick: float) -> None:
            """What the F12 of bench/ssh_load.py does, in the mover's app: a We All Take
            offer's box up is answered (accept or decline, as it allows), else a move made."""
            app = active_app.get()
            if isinstance(app.screen, OfferToYouScreen):
                answers = [how for how in (ACCEPTED, DECLINED) if app.screen.check_action("answer", (how,))]
                app.screen.dismiss(answers[int(pick * len(answers))] if answers else None)
                return
            app.screen.put_away_recap()
            actions = app.screen.legal_actions()
            if actions:
                app.screen.play(actions[int(pick * len(actions))])

        if profile:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        started, cpu = time.monotonic(), time.thread_time()
        for _ in range(moves):
            movers = [app for app in apps if isinstance(app.screen, OfferToYouScreen)
                      or isinstance(app.screen, GameScreen) and app.screen.legal_actions()]  # fmt: skip
            if movers:
                rng.choice(movers).call_later(move, rng.random())
            await asyncio.sleep(step)
        cpu, seconds = time.thread_time() - cpu, time.monotonic() - started
        counted = {what: counter.copy() for what, counter in counts.items()}  # not the apps' closing
        if profile:
            profiler.disable()
            profiler.dump_stats(profile)
        made = sum(len(shared.table.log) for shared in registry.tables.values()) - before
        sent = sum(t.bytes for t in terminals) - sent
        for app in apps:
            app.exit()
        await asyncio.gather(*tasks, return_exceptions=True)
        await registry.close()
    per = max(made, 1)
    return {
        "sessions": sessions,
        "moves": made,
        "cpu_ms_per_move": round(1000 * (cpu - idle_rate * seconds) / per, 2),
        "idle_cpu_share": round(idle_rate, 3),
        "kb_written_per_move": round(sent / 1024 / per, 1),
        **{what: {k: round(v / per, 2) for k, v in counter.most_common(16)} for what, counter in counted.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--moves", type=int, default=150, help="moves made by the sessions' seats")
    parser.add_argument("--step", type=float, default=0.12, help="seconds between two moves")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", help="write a cProfile of the play to this file")
    args = parser.parse_args()
    result = asyncio.run(run(args.sessions, args.moves, args.step, args.seed, args.profile))
    print(json.dumps(result), file=sys.__stdout__, flush=True)  # a running app captures sys.stdout


if __name__ == "__main__":
    main()
