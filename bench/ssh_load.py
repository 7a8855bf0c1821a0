"""SSH load: 1, 10 and 30 concurrent sessions, each seated at a table and moving.

For each level a fresh server process runs the real app (lobby, game screens,
shared tables) and this process connects that many asyncssh clients with a
PTY (80x24). Sessions sit in pairs at two-seat tables (the single session sits
alone at a one-seat table). At every table the player whose turn it is thinks
for a random 1-3 s, as a person would, and presses a key that makes a move; we
time from that key press until each other seat's screen shows the move (alone:
until the mover's own screen does). Tables play at once, unsynchronised.

Prints one JSON object per level: median and p95 latency in ms, the server
process's CPU time per move (every screen at the table redrawn), and its memory
per session (RSS growth from a warmed-up idle server to all sessions in their
game screens, divided by the number of sessions).
Goals (issue 8): p95 at 30 sessions at most 2x the 1-session p95; at most 25 MB
per session.

The game is the secret-paddle game of tests/net with an unreachable goal: the
cost measured is the server's (SSH, the driver, Textual, the shared table), not a
game's rules. `--seconds` sets how long each level plays (default 30).
`--lobby N` adds N more sessions that stay in the lobby while the others play
(every move changes the lobby's table list, so they cost the server work too).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from net.secret_game import SecretGame  # noqa: E402
from net.sshclient import Client, connect  # noqa: E402

from river_tui.rules import registry as game_registry  # noqa: E402
from river_tui.screens.registry import register_screen  # noqa: E402

LEVELS = (1, 10, 30)
DOWN = "\x1b[B"


class EndlessPaddle(SecretGame):
    """The secret-paddle game without an end, playable alone."""

    id = "endless-paddle"
    min_seats = 1
    goal = 10**9


def register_game() -> None:
    game_registry.register(EndlessPaddle())
    register_screen(EndlessPaddle.id, "net.secret_game:SecretScreen")


# --- the server process ---------------------------------------------------------------
async def run_server(home: Path, seats: int, seated: int) -> None:
    """Serve with one table per ``seats`` players, seats bound to the first
    ``seated`` keys in authorized_keys; print the port; stop when stdin closes."""
    from river_tui.net.auth import Identity
    from river_tui.net.remote_app import RemoteApp
    from river_tui.gc_tuning import tune_gc
    from river_tui.net.server import RiverServer, ServerConfig
    from river_tui.net.tables import TableRegistry

    register_game()
    folder = home / "serve"
    lines = (folder / "authorized_keys").read_text().splitlines()
    players = [
        Identity(f"p{i}", asyncssh.import_public_key(line).get_fingerprint(), "bench")
        for i, line in enumerate(lines[:seated])
    ]
    tables = TableRegistry(folder)
    for first in range(0, len(players), seats):
        shared = tables.create(players[first], EndlessPaddle.id, seats, 0, None)
        for seat in range(1, seats):
            tables.take_seat(shared, seat, players[first + seat])
    config = ServerConfig(
        host_key=folder / "host_key", authorized_keys=folder / "authorized_keys", port=0,
        max_sessions=len(lines), rate_limit=10_000,
    )
    server = RiverServer(config, lambda who: RemoteApp(who, tables))
    tune_gc()  # as `river-tui serve` does
    print(await server.start(), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await server.close()


# --- the clients ----------------------------------------------------------------------
def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


async def sit_down(port: int, key: asyncssh.SSHKey, index: int, table: int) -> Client:
    client = await connect(port, f"p{index}", key, size=(80, 24))
    await client.rec.wait_for("Welcome", timeout=60)
    client.type(DOWN * table + "\r")
    await client.rec.wait_for("Counter at 0", timeout=60)
    return client


async def play_table(players: list[Client], until: float, rng: random.Random, samples: list[float]) -> int:
    """Play until ``until``; returns the number of moves made."""
    position, mover = 0, 0
    while time.perf_counter() < until:
        await asyncio.sleep(rng.uniform(1.0, 3.0))
        watchers = [p for i, p in enumerate(players) if i != mover] or players
        marks = [w.mark() for w in watchers]
        position += 1
        needle = f"Counter at {position};"
        pressed = time.perf_counter()
        players[mover].type("1")

        async def seen(watcher: Client, mark: int) -> None:
            await watcher.rec.wait_for(needle, since=mark, timeout=30)
            samples.append((time.perf_counter() - pressed) * 1000)

        await asyncio.gather(*(seen(w, m) for w, m in zip(watchers, marks)))
        mover = (mover + 1) % len(players)
    return position


async def run_level(sessions: int, seconds: float, lobby: int) -> dict[str, object]:
    seats = 1 if sessions == 1 else 2
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(sessions + lobby + 1)]
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        (home / "serve").mkdir()
        # The keys after the players' are the lobby sessions' and (last) the
        # warm-up session's; they hold no seat.
        (home / "serve" / "authorized_keys").write_bytes(b"".join(k.export_public_key() for k in keys))
        server = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--serve", str(home), "--seats", str(seats), "--seated", str(sessions),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "RIVER_TUI_HOME": str(home)},
        )
        try:
            return await measure(server, sessions, seats, keys, seconds, lobby)
        finally:
            server.stdin.close()
            await server.wait()


async def measure(
    server: asyncio.subprocess.Process, sessions: int, seats: int, keys: list, seconds: float, lobby: int
) -> dict:
    port = int(await server.stdout.readline())
    warm = await connect(port, "warmup", keys[-1])  # loads every module the app needs
    await warm.rec.wait_for("Welcome", timeout=60)
    await warm.close()
    await asyncio.sleep(1.0)
    before = rss_mb(server.pid)
    clients = [await sit_down(port, keys[i], i, i // seats) for i in range(sessions)]
    await asyncio.sleep(1.0)
    after = rss_mb(server.pid)
    idlers = [await connect(port, f"l{i}", keys[sessions + i], size=(80, 24)) for i in range(lobby)]
    for idler in idlers:
        await idler.rec.wait_for("Welcome", timeout=60)
    samples: list[float] = []
    until = time.perf_counter() + seconds
    tables = [clients[i : i + seats] for i in range(0, sessions, seats)]
    cpu, ours = cpu_seconds(server.pid), time.process_time()
    moves = await asyncio.gather(*(play_table(t, until, random.Random(n), samples) for n, t in enumerate(tables)))
    cpu, ours = cpu_seconds(server.pid) - cpu, time.process_time() - ours
    for client in clients + idlers:
        await client.close()
    samples.sort()
    return {
        "sessions": sessions,
        "lobby_sessions": lobby,
        "tables": len(tables),
        "samples": len(samples),
        "median_ms": round(statistics.median(samples), 1),
        "p95_ms": round(samples[int(0.95 * (len(samples) - 1))], 1),
        "server_cpu_ms_per_move": round(1000 * cpu / sum(moves), 1),
        "bench_clients_cpu_ms_per_move": round(1000 * ours / sum(moves), 1),
        "server_rss_mb_idle": round(before, 1),
        "server_rss_mb_loaded": round(after, 1),
        "mb_per_session": round((after - before) / sessions, 2),
    }


async def main(levels: tuple[int, ...], seconds: float, lobby: int = 0) -> None:
    results = []
    for sessions in levels:
        result = await run_level(sessions, seconds, lobby)
        results.append(result)
        print(json.dumps(result), flush=True)
    if len(results) > 1:
        base, top = results[0], results[-1]
        print(json.dumps({
            f"p95_ratio_{top['sessions']}_vs_{base['sessions']}": round(top["p95_ms"] / base["p95_ms"], 2),
            "goal_p95_ratio_at_most": 2.0,
            "max_mb_per_session": max(r["mb_per_session"] for r in results),
            "goal_mb_per_session_at_most": 25,
        }))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="how long each level plays")
    parser.add_argument("--levels", default=",".join(map(str, LEVELS)), help="session counts, comma-separated")
    parser.add_argument("--lobby", type=int, default=0, help="extra sessions that stay in the lobby meanwhile")
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--seats", type=int, default=2, help=argparse.SUPPRESS)
    parser.add_argument("--seated", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        asyncio.run(run_server(args.serve, args.seats, args.seated))
    else:
        asyncio.run(main(tuple(int(n) for n in args.levels.split(",")), args.seconds, args.lobby))
