"""SSH load with the real games: sessions seated at Riverside and We All Take tables.

For each level a fresh server process runs the real app (lobby, game screens,
shared tables, computer seats moved by the server) and this process connects
that many asyncssh clients with a PTY, half at 120x40 and half at 80x24. Tables
are Riverside (2-4 seats) and We All Take (3-5 seats), each with one computer
seat, filled with the sessions in turn (a single session sits at a two-seat
Riverside table with a computer). Every session thinks for 1-3 s, as a person
would, then presses F12: the bench's app (BenchApp, server side) then plays a
move chosen at random from the screen's `legal_actions` for that seat through
the screen (`GameScreen.play`), if the seat may act; else nothing happens.

Latency is measured from the moment the mover's client sent F12 to the moment
each other session at its table received the first bytes of its redrawn screen
(alone: the mover's own screen). Client and server run on this machine, so
their monotonic clocks are one: the server reports when each move's key
arrived, the clients when they sent keys and received bytes.

Prints one JSON object per level: p50/p95 latency in ms, the server process's
CPU time per move (human and computer moves), how long it waited per move for a
core the machine's other work held (/proc schedstat: under load this, not the
server, sets much of the latency), memory per session, and at the
end the capacity: the largest level whose p95 is at most 100 ms.
`--seconds` sets how long each level plays (default 30); `--levels` the session
counts (default 1,30,60); `--lobby N` adds N sessions that stay in the lobby.
Run it with `nice`: it uses both cores.
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
from bisect import bisect_left, bisect_right
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from net.sshclient import Client, Recorder  # noqa: E402

LEVELS = (1, 30, 60)
SIZES = ((120, 40), (80, 24))
TABLES = (("riverside", 2), ("we-all-take", 3), ("riverside", 3), ("we-all-take", 4), ("riverside", 4),
          ("we-all-take", 5))  # fmt: skip
"""The tables, in turn: (game, seats), the last seat a computer's."""
COMPUTER = "greedy"
"""The computer seats' player: the greedy one, which decides at once, so that the server's
CPU per move is the sessions' work (a search level's thinking, in a worker thread of the
server, would count in it) and the tables keep moving."""
BENCH_KEY = "\x1b[24~"  # F12
DOWN = "\x1b[B"
GOAL_P95_MS = 100.0


def table_plan(sessions: int) -> list[tuple[str, int, list[int]]]:
    """(game, seats, the sessions seated there) for each table."""
    plan, index, turn = [], 0, 0
    while index < sessions:
        game, seats = TABLES[turn % len(TABLES)] if sessions > 1 else ("riverside", 2)
        humans = min(seats - 1, sessions - index)
        plan.append((game, humans + 1, list(range(index, index + humans))))
        index, turn = index + humans, turn + 1
    return plan


# --- the server process ---------------------------------------------------------------
def bench_app_class():
    from textual.binding import Binding

    from river_tui.net.remote_app import RemoteApp
    from river_tui.screens.game_base import GameScreen

    class BenchApp(RemoteApp):
        """The real app plus F12: play a random legal move for this session's seat."""

        BINDINGS = [*RemoteApp.BINDINGS, Binding("f12", "bench_move", show=False, priority=True)]
        moves: list[tuple[float, str, int]] = []
        """(when the key arrived, who, the table's move count after it), for every bench move."""

        def action_bench_move(self) -> None:
            screen = self.screen
            if not isinstance(screen, GameScreen) or screen.viewer is None:
                return
            actions = screen.legal_actions()
            if actions:
                arrived = time.monotonic()
                if screen.play(random.Random(arrived).choice(actions)):
                    BenchApp.moves.append((arrived, self.identity.name, len(screen.table.log)))

    return BenchApp


async def run_server(home: Path, sessions: int) -> None:
    """Serve the planned tables to the keys in authorized_keys; print the port; at
    stdin's first line (play starts) start profiling if asked, at its second print the
    moves and the tables' move counts; at its end stop."""
    from river_tui.gc_tuning import tune_gc
    from river_tui.net.auth import Identity
    from river_tui.net.server import RiverServer, ServerConfig
    from river_tui.net.tables import TableRegistry

    folder = home / "serve"
    lines = (folder / "authorized_keys").read_text().splitlines()
    players = [
        Identity(f"p{i}", asyncssh.import_public_key(line).get_fingerprint(), "bench") for i, line in enumerate(lines)
    ]
    tables = TableRegistry(folder)
    for game, seats, seated in table_plan(sessions):
        shared = tables.create(players[seated[0]], game, seats, 1, None, seed=len(tables.tables), computer=COMPUTER)
        for seat, player in enumerate(seated[1:], start=1):
            tables.take_seat(shared, seat, players[player])
    config = ServerConfig(
        host_key=folder / "host_key", authorized_keys=folder / "authorized_keys", port=0,
        max_sessions=len(lines), rate_limit=10_000, connections_per_second=1000, max_handshakes=1000,
    )  # fmt: skip
    bench_app = bench_app_class()
    server = RiverServer(config, lambda who: bench_app(who, tables))
    tune_gc()  # as `river-tui serve` does
    print(await server.start(), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # everyone is seated: play
    profile = os.environ.get("SSH_LOAD_PROFILE")  # a file: the server's profile while it plays
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    if profile:
        profiler.disable()
        profiler.dump_stats(profile)
    moves = sum(len(shared.table.log) for shared in tables.tables.values())
    # sys.__stdout__: while an app runs, Textual captures sys.stdout.
    print(json.dumps({"moves": bench_app.moves, "table_moves": moves}), file=sys.__stdout__, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await server.close()
    await tables.close()


# --- the clients ----------------------------------------------------------------------
class TimedRecorder(Recorder):
    """Also keeps when each chunk of output arrived."""

    def __init__(self) -> None:
        super().__init__()
        self.arrivals: list[float] = []

    def data_received(self, data: bytes, datatype: object) -> None:
        self.arrivals.append(time.monotonic())
        super().data_received(data, datatype)


async def connect_timed(port: int, name: str, key: asyncssh.SSHKey, size: tuple[int, int]) -> Client:
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None, config=None
    )
    chan, rec = await conn.create_session(TimedRecorder, encoding=None, term_type="xterm-256color", term_size=size)
    return Client(conn, chan, rec)


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_wait_seconds(pid: int) -> float:
    """Seconds process ``pid``'s main thread has waited for a core while ready to run
    (the machine's other work, not the server's own)."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


async def sit_down(
    port: int, key: asyncssh.SSHKey, index: int, table: int, size: tuple[int, int] | None = None
) -> Client:
    """Session ``p{index}`` (at ``size``, else one of SIZES by turns) seated at the lobby's row ``table`` (0: first)."""
    client = await connect_timed(port, f"p{index}", key, size or SIZES[index % 2])
    await client.rec.wait_for("Welcome", timeout=120)
    mark = client.mark()
    client.type(DOWN * table + "\r")
    try:
        async with asyncio.timeout(120):  # the game screen's status line (the lobby has neither)
            while not any(words in client.rec.text(mark) for words in (" to act", "Waiting for")):
                client.rec.changed.clear()
                await client.rec.changed.wait()
    except TimeoutError:
        raise RuntimeError(f"p{index} never reached table {table + 1}: {client.rec.text(mark)[-600:]!r}") from None
    return client


async def play(client: Client, until: float, rng: random.Random, presses: list[float]) -> None:
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(1.0, 3.0))
        presses.append(time.monotonic())
        client.type(BENCH_KEY)


def latencies(moves, clients, presses, seated_at) -> list[float]:
    """Key sent by the mover to first bytes at each other seat of its table, in ms."""
    samples = []
    for arrived, name, _ in moves:
        mover = int(name[1:])
        sent = presses[mover][bisect_right(presses[mover], arrived) - 1]
        others = [i for i in seated_at[mover] if i != mover] or [mover]
        for other in others:
            arrivals = clients[other].rec.arrivals
            at = bisect_left(arrivals, arrived)
            if at < len(arrivals) and arrivals[at] - arrived < 5.0:
                samples.append((arrivals[at] - sent) * 1000)
            else:
                samples.append(5000.0)  # never seen within 5 s: counted as 5 s
    return samples


async def run_level(sessions: int, seconds: float, lobby: int) -> dict[str, object]:
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(sessions + lobby + 1)]
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        (home / "serve").mkdir()
        (home / "serve" / "authorized_keys").write_bytes(b"".join(k.export_public_key() for k in keys))
        server = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--serve", str(home), "--sessions", str(sessions),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "RIVER_TUI_HOME": str(home)},
        )  # fmt: skip
        try:
            return await measure(server, sessions, keys, seconds, lobby)
        finally:
            server.stdin.close()
            await server.wait()


async def measure(server: asyncio.subprocess.Process, sessions: int, keys: list, seconds: float, lobby: int) -> dict:
    port = int(await server.stdout.readline())
    warm = await connect_timed(port, "warmup", keys[-1], (80, 24))  # loads every module the lobby needs
    await warm.rec.wait_for("Welcome", timeout=120)
    await warm.close()
    before = rss_mb(server.pid)
    plan = table_plan(sessions)
    seated_at: dict[int, list[int]] = {}
    clients: list[Client] = [None] * sessions  # type: ignore[list-item]
    for number, (_, _, seated) in enumerate(plan):
        for index in seated:
            seated_at[index] = seated
            clients[index] = await sit_down(port, keys[index], index, number)
    after = rss_mb(server.pid)
    idlers = [await connect_timed(port, f"l{i}", keys[sessions + i], SIZES[i % 2]) for i in range(lobby)]
    for idler in idlers:
        await idler.rec.wait_for("Welcome", timeout=120)
    presses: list[list[float]] = [[] for _ in range(sessions)]
    server.stdin.write(b"play\n")
    cpu, waited = cpu_seconds(server.pid), cpu_wait_seconds(server.pid)
    until = time.monotonic() + seconds
    await asyncio.gather(*(play(c, until, random.Random(i), presses[i]) for i, c in enumerate(clients)))
    await asyncio.sleep(2.0)  # the last moves reach every screen
    cpu = cpu_seconds(server.pid) - cpu
    waited = cpu_wait_seconds(server.pid) - waited
    server.stdin.write(b"report\n")
    report = json.loads(await server.stdout.readline())
    samples = sorted(latencies(report["moves"], clients, presses, seated_at))
    for client in clients + idlers:
        await client.close()
    load = os.getloadavg()
    return {
        "sessions": sessions,
        "tables": len(plan),
        "lobby_sessions": lobby,
        "moves_by_keys": len(report["moves"]),
        "moves_in_all": report["table_moves"],
        "samples": len(samples),
        "p50_ms": round(statistics.median(samples), 1) if samples else None,
        "p95_ms": round(samples[int(0.95 * (len(samples) - 1))], 1) if samples else None,
        "server_cpu_ms_per_move": round(1000 * cpu / max(1, report["table_moves"]), 1),
        "server_cpu_share": round(cpu / (seconds + 2.0), 2),
        "server_waited_for_a_core_ms_per_move": round(1000 * waited / max(1, report["table_moves"]), 1),
        "server_rss_mb_idle": round(before, 1),
        "server_rss_mb_loaded": round(after, 1),
        "mb_per_session": round((after - before) / sessions, 2),
        "machine_load_1min": round(load[0], 2),
    }


async def main(levels: tuple[int, ...], seconds: float, lobby: int = 0) -> None:
    results = []
    for sessions in levels:
        result = await run_level(sessions, seconds, lobby)
        results.append(result)
        print(json.dumps(result), flush=True)
    within = [r["sessions"] for r in results if r["p95_ms"] is not None and r["p95_ms"] <= GOAL_P95_MS]
    print(json.dumps({"capacity_sessions_p95_at_most_100ms": max(within, default=0), "goal": 60}), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="how long each level plays")
    parser.add_argument("--levels", default=",".join(map(str, LEVELS)), help="session counts, comma-separated")
    parser.add_argument("--lobby", type=int, default=0, help="extra sessions that stay in the lobby meanwhile")
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--sessions", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        asyncio.run(run_server(args.serve, args.sessions))
    else:
        asyncio.run(main(tuple(int(n) for n in args.levels.split(",")), args.seconds, args.lobby))
