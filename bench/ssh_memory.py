"""Memory a finished SSH session leaves behind, for sessions that open game screens.

A fresh server process (the real app, as in ssh_load.py) holds a Riverside and a
We All Take table, each with two people's seats and a computer's. Sessions come
one after another, alternating four keys and both window sizes (120x40, 80x24):
each reaches the lobby, sits at its table (F11, the bench app's key from
ssh_load.py; a new table like it, for the same people, when that one is over),
plays a move when its seat may act (F12), goes back to the lobby and leaves.
After ``--warmup`` sessions (modules loading, Textual's caches and the drawings
the server shares between sessions filling: the game log's rows, We All Take's list
and panel lines, Riverside's sheet lines, each bounded, some 25 MB in all, full
after some 60 sessions here: with 20 the next 60 still added 420-610 KB each, with
80 none) the server collects garbage and reports its RSS, once the last sessions' apps are
freed (its sweeper does so within seconds; the report waits up to 15 s); then
``--sessions`` more come and go, and it reports again.

Prints one JSON object: KB of RSS kept per finished session over the measured
sessions (the issue's goal: at most 100 KB over 60), the live RemoteApp, Screen
and Widget objects after the last session closed (goal: none), and with
``--trace`` the lines that allocated most of what grew (tracemalloc snapshots
diffed between the two reports; slow, and it inflates memory, so the RSS figure
of a traced run is not the one to report).
Run it with `nice`.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import sys
import tempfile
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ssh_load import BENCH_KEY, FINISHED_TABLES, SIZES, bench_app_class, bench_server, rss_mb, sit_down  # noqa: E402

TABLES = (("riverside", 3), ("we-all-take", 3))
"""(game, seats): the first two seats people's, the last a computer's."""
KEYS = 4
GOAL_KB = 100.0
SWEPT_WITHIN = 15.0
"""Seconds a report waits for the last sessions' apps to be freed (the server's sweeper
collects a second after a session ends, at most every 5 s): what a finished session
keeps is measured once it is gone, not while its app waits for the sweeper."""


# --- the server process ---------------------------------------------------------------
def live_objects() -> dict[str, int]:
    """How many apps, screens and widgets of the game are alive."""
    from textual.screen import Screen
    from textual.timer import Timer
    from textual.widget import Widget

    from river_tui.net.remote_app import RemoteApp
    from river_tui.net.tables import SeatTable

    kinds = {"apps": RemoteApp, "screens": Screen, "widgets": Widget, "timers": Timer, "windows": SeatTable}
    counts = dict.fromkeys(kinds, 0)
    for thing in gc.get_objects():
        for name, kind in kinds.items():
            if isinstance(thing, kind):
                counts[name] += 1
    return counts


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def run_server(home: Path, trace: bool, workers: int = 1) -> None:
    """Serve the tables; answer each line on stdin with the live objects and RSS,
    after a collection (and with ``trace``, the growth since the previous line). With
    ``workers`` > 1 the RSS is the front's and its workers' together (the live objects
    the front's: a worker's sweeper collects within ``SWEPT_WITHIN`` s of a session's end)."""
    import tracemalloc

    from river_tui.gc_tuning import tune_gc
    from river_tui.net.auth import Identity
    from river_tui.net.server import ServerConfig
    from river_tui.net.tables import TableRegistry

    folder = home / "serve"
    lines = (folder / "authorized_keys").read_text().splitlines()
    players = [
        Identity(f"p{i}", asyncssh.import_public_key(line).get_fingerprint(), "bench") for i, line in enumerate(lines)
    ]
    tables = TableRegistry(folder)
    for number, (game, seats) in enumerate(TABLES):
        shared = tables.create(players[2 * number], game, seats, 1, None, seed=number)
        tables.take_seat(shared, 1, players[2 * number + 1])
    config = ServerConfig(
        host_key=folder / "host_key", authorized_keys=folder / "authorized_keys", port=0,
        max_sessions=len(lines), rate_limit=10_000, connections_per_second=1000, max_handshakes=1000,
    )  # fmt: skip
    bench_app = bench_app_class()
    server, registry = await bench_server(config, tables, bench_app, workers)
    tune_gc()  # as `river-tui serve` does
    if trace:
        server._watchdog.limit = float("inf")  # tracing slows every session past the watchdog's limit
        tracemalloc.start(8)
    print(await server.start(), flush=True)
    pids = [worker.pid for worker in server.pool.workers] if workers > 1 else []
    loop = asyncio.get_running_loop()
    before = None
    while await loop.run_in_executor(None, sys.stdin.readline):
        freed_by = loop.time() + SWEPT_WITHIN
        gc.collect()
        live = live_objects()
        while live["apps"] and loop.time() < freed_by:
            await asyncio.sleep(0.5)  # the last sessions' apps: freed by the server's sweeper within seconds
            gc.collect()
            live = live_objects()
        if pids:
            await asyncio.sleep(SWEPT_WITHIN)  # the workers' sweepers, after the last session ended
        rss = rss_kb() + sum(round(1024 * rss_mb(pid)) for pid in pids)
        report: dict[str, object] = {"rss_kb": rss, "tables_over": len(FINISHED_TABLES), **live}
        if trace:
            snapshot = tracemalloc.take_snapshot()
            if before is not None:
                report["growth"] = [  # where it was allocated first, then its callers
                    f"{stat.size_diff / 1024:+.0f} KB {stat.count_diff:+d} blocks: "
                    + " <- ".join(f"{Path(f.filename).name}:{f.lineno}" for f in reversed(stat.traceback[-5:]))
                    for stat in snapshot.compare_to(before, "traceback")[:25]
                ]
            before = snapshot
        # sys.__stdout__: while an app runs, Textual captures sys.stdout.
        print(json.dumps(report), file=sys.__stdout__, flush=True)
    await server.close()
    await registry.close()


# --- the clients ----------------------------------------------------------------------
ESCAPE = "\x1b"
ESCAPE_ALONE = 0.5
"""Seconds after Esc before the next key: Esc followed at once by q reads as alt+q."""


async def one_session(port: int, number: int, keys: list[asyncssh.SSHKey]) -> None:
    """Lobby, sit at this key's table, a move if the seat may act, back to the lobby, leave."""
    player = number % KEYS
    client = await sit_down(port, keys[player], player, SIZES[number % 2])
    client.type(BENCH_KEY)
    mark = client.mark()
    for attempt in range(20):  # q again if a screen on top (what happened since your turn) took it
        if attempt:  # the box of an offer made to this seat takes every key but its own: a person
            client.type(ESCAPE)  # answers it later (Esc, as its keys say), then leaves
            await asyncio.sleep(ESCAPE_ALONE)
        client.type("q")
        try:
            await client.rec.wait_for("Welcome", since=mark, timeout=3)
            break
        except AssertionError:
            continue
    else:
        raise RuntimeError(f"p{player} never got back to the lobby: {client.rec.text(mark)[-600:]!r}")
    await client.close()


async def measure(server: asyncio.subprocess.Process, keys: list, warmup: int, sessions: int) -> dict[str, object]:
    port = int(await server.stdout.readline())

    async def report() -> dict[str, object]:
        await asyncio.sleep(1.0)  # the last session's teardown, the lobby's update
        server.stdin.write(b"report\n")
        return json.loads(await server.stdout.readline())

    for number in range(warmup):
        await one_session(port, number, keys)
    warm = await report()
    for number in range(warmup, warmup + sessions):
        await one_session(port, number, keys)
    done = await report()
    kept = (done["rss_kb"] - warm["rss_kb"]) / sessions
    return {
        "warmup_sessions": warmup,
        "sessions": sessions,
        "rss_mb_after_warmup": round(warm["rss_kb"] / 1024, 1),
        "rss_mb_after": round(done["rss_kb"] / 1024, 1),
        "kb_kept_per_session": round(kept, 1),
        "goal_kb": GOAL_KB,
        "live_after": {k: done[k] for k in ("apps", "screens", "widgets", "timers", "windows")},
        "live_after_warmup": {k: warm[k] for k in ("apps", "screens", "widgets", "timers", "windows")},
        "tables_over_and_started_again": done["tables_over"],
        "growth": done.get("growth"),
        "machine_load_1min": round(os.getloadavg()[0], 2),
    }


async def main(warmup: int, sessions: int, trace: bool, workers: int = 1) -> None:
    print(json.dumps(await run(warmup, sessions, trace, workers), indent=1), flush=True)


async def run(warmup: int, sessions: int, trace: bool = False, workers: int = 1) -> dict[str, object]:
    """The measure of one server (``workers`` as `serve --workers`), as `main` prints it."""
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(KEYS)]
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        (home / "serve").mkdir()
        (home / "serve" / "authorized_keys").write_bytes(b"".join(k.export_public_key() for k in keys))
        command = [sys.executable, __file__, "--serve", str(home), "--workers", str(workers)] + (["--trace"] if trace else [])
        server = await asyncio.create_subprocess_exec(
            *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "RIVER_TUI_HOME": str(home)},
        )  # fmt: skip
        try:
            result = await measure(server, keys, warmup, sessions)
        finally:
            server.stdin.close()
            await server.wait()
    return {"workers": workers, **result}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warmup", type=int, default=80, help="sessions before the first report")
    parser.add_argument("--sessions", type=int, default=60, help="sessions measured after the warm-up")
    parser.add_argument("--trace", action="store_true", help="also list the lines whose allocations grew")
    parser.add_argument("--workers", type=int, default=1, help="worker processes of the server (serve --workers)")
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        asyncio.run(run_server(args.serve, args.trace, args.workers))
    else:
        asyncio.run(main(args.warmup, args.sessions, args.trace, args.workers))
