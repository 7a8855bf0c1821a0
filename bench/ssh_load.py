"""SSH load with the real games: sessions seated at Riverside and We All Take tables.

For each level a fresh server process runs the real app (lobby, game screens,
shared tables, computer seats moved by the server) and this process connects
that many asyncssh clients with a PTY, half at 120x40 and half at 80x24. Tables
are Riverside (2-4 seats) and We All Take (3-5 seats), each with one computer
seat, filled with the sessions in turn (a single session sits at a two-seat
Riverside table with a computer). Each session presses F11 in the lobby: the
bench's app (BenchApp, server side) does what Enter on its table's row does (the
rows' order changes with whose move it is). Every session then thinks for 1-3 s,
as a person would, and presses F12: BenchApp puts away the "since your last
turn" summary if it is up (as any key does), then plays a move chosen at random
from the screen's `legal_actions` for that seat through the screen
(`GameScreen.play`), if the seat may act; else nothing happens. If We All Take's
box of an offer made to the seat is up, F12 answers it instead, as a person would
(accept or decline at random, as the box allows; no latency sample).

Latency, for each move made by a key and each other seat at its table (alone:
the mover's own screen): from the moment the mover's client sent F12 to the
moment that seat's client received the first bytes the server wrote to that
seat's channel after the move was made; a seat whose screen the move changed
nothing on (another seat's secret move) is no sample, only counted: the server
writes it nothing, as it should. Client and server run on this machine,
so their monotonic clocks are one. The server notes when each key's bytes came
off its socket and when each screen's bytes went onto it, with its loop
thread's CPU time and its time waiting for a core (/proc schedstat), so each
sample splits into: to the server, the server's loop running (for any session:
they share it), the loop waiting for a core the machine's other work held, the
loop idle, and to the client. The clients' own loop lag and CPU are reported
too: a fair bench measures the server, not its client.

Prints one JSON object per level: p50/p95 latency and its split in ms, the
server process's CPU time per move (human and computer moves), how long its
loop waited per move for a core, memory per session, the machine's load. Then,
for each count of `--workers` (`--workers 1,2`: every level with one process,
then with a front and two workers), the memory a finished session leaves
behind (ssh_memory.py's measure: `--memory-warmup` sessions, then
`--memory-sessions` more; 0 skips it), and at the end one summary object per
count: the capacity (the largest level whose p95 is at most 100 ms), that
capacity against one process's (the goal with workers: 1.7 times), the server's
CPU per move at each level, and the KB kept per finished session (goal: at most 100).
`--seconds` sets how long each level plays (default 30); `--levels` the session
counts (default 1,30,60); `--lobby N` adds N sessions that stay in the lobby.
Latency depends on the machine's other work: run it at normal priority (not
niced) and read the figures with the load and the waited-for-a-core split.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import math
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from bisect import bisect_left, bisect_right
from collections import defaultdict
from pathlib import Path
from typing import NamedTuple

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from support.net.sshclient import Client, Recorder  # noqa: E402

LEVELS = (1, 30, 60)
SIZES = ((120, 40), (80, 24))
TABLES = (("riverside", 2), ("we-all-take", 3), ("riverside", 3), ("we-all-take", 4), ("riverside", 4),
          ("we-all-take", 5))  # fmt: skip
"""The tables, in turn: (game, seats), the last seat a computer's."""
COMPUTER = "greedy"
"""The computer seats' player: the greedy one, which decides at once, so that the server's
CPU per move is the sessions' work (a search level's thinking, in a worker thread of the
server, would count in it) and the tables keep moving."""
SIT_KEY = "\x1b[23~"  # F11
BENCH_KEY = "\x1b[24~"  # F12
GOAL_P95_MS = 100.0
MEMORY_WARMUP, MEMORY_SESSIONS = 100, 60
"""ssh_memory.py's measure after the levels: with workers, each fills its own caches (some 30
sessions each after 60 in all were still filling them), so the warm-up is longer than its 80."""


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
    from river_tui.net.lobby.screen import LobbyScreen
    from river_tui.screens.we_all_take.offer_to_you import ACCEPTED, DECLINED, OfferToYouScreen

    class BenchApp(RemoteApp):
        """The real app plus F11: sit at this session's own table, and F12: play a random
        legal move for this session's seat."""

        BINDINGS = [
            *RemoteApp.BINDINGS,
            Binding("f11", "bench_sit", show=False, priority=True),
            Binding("f12", "bench_move", show=False, priority=True),
        ]
        moves: list[tuple[float, str, int]] = []
        """(when the key arrived, who, the table's move count after it), for every bench move."""

        def action_bench_sit(self) -> None:
            """What Enter on the row of this key's table does in the lobby (the rows' order
            changes with whose move it is); a new table like it if that one is over."""
            lobby = self.screen
            seated = [shared for shared in self.registry.tables.values() if shared.seat_of(self.identity) is not None]
            if isinstance(lobby, LobbyScreen) and seated:
                shared = seated[-1] if not seated[-1].table.finished else same_table_again(self.registry, seated[-1])
                lobby.open(self.registry.join(shared, self, self.identity))

        def action_bench_move(self) -> None:
            screen = self.screen
            if isinstance(screen, OfferToYouScreen):  # a person answers the box first: accept or decline
                answers = [how for how in (ACCEPTED, DECLINED) if screen.check_action("answer", (how,))]
                screen.dismiss(random.choice(answers) if answers else None)
                return
            if not isinstance(screen, GameScreen) or screen.viewer is None:
                return
            screen.put_away_recap()  # what happened since the seat's last turn: a person's key puts it away first
            actions = screen.legal_actions()
            if actions:
                arrived = time.monotonic()
                if screen.play(random.Random(arrived).choice(actions)):
                    BenchApp.moves.append((arrived, self.identity.name, len(screen.table.log)))

    return BenchApp


FINISHED_TABLES: list[int] = []
"""The numbers of the tables that were over when a session came to sit there again."""


def same_table_again(registry, shared):
    """A new table of ``shared``'s game for the same people in the same seats, computers in the rest."""
    from river_tui.net.auth import Identity

    FINISHED_TABLES.append(shared.number)
    table = shared.table
    people = [Identity(seat.name, owner, "bench") for seat, owner in zip(table.seats, shared.owners) if owner]
    computers = [seat.kind for seat in table.seats if not seat.is_human]
    again = registry.create(people[0], table.game.id, len(table.seats), len(computers), None, seed=shared.number,
                            computer=computers[0] if computers else None)  # fmt: skip
    for seat, person in enumerate(people[1:], start=1):
        registry.take_seat(again, seat, person)
    return again


class MainThreadClock:
    """The server's main thread (its event loop): CPU time used, and time spent
    ready to run while the machine's other work held every core (/proc schedstat)."""

    def __init__(self) -> None:
        self._schedstat = os.open(f"/proc/self/task/{threading.get_native_id()}/schedstat", os.O_RDONLY)

    def read(self) -> tuple[float, float, float]:
        """(monotonic time, CPU seconds, seconds waited for a core), now."""
        waited = int(os.pread(self._schedstat, 100, 0).split()[1]) / 1e9
        return time.monotonic(), time.thread_time(), waited


def record_timeline(clock: MainThreadClock) -> tuple[list, list, list]:
    """Patch the SSH driver to note, in the server, when each bench key's bytes came off
    the socket and when each session's screen bytes went onto it: (who, clock) lists;
    and each table change a session's screen was told of: (who, when, whether it had
    anything to redraw)."""
    from textual.screen import ModalScreen

    from river_tui.net.driver import SSHDriver
    from river_tui.net.tables import SeatTable

    keys, frames, told = [], [], []
    feed, flush, deliver = SSHDriver.feed, SSHDriver.flush, SeatTable._deliver

    def timed_deliver(window: SeatTable) -> None:
        when = time.monotonic()
        deliver(window)
        shown = []  # the screens on show: the top one, and those under it down to the first that is not a dialog
        for screen in reversed(window.app.screen_stack):
            shown += [screen, *screen.walk_children()]
            if not isinstance(screen, ModalScreen):
                break
        drawn = [w for w in shown if (w._repaint_required or w._layout_required) and w.region]  # dirty and visible
        told.append((window.identity.name, when, bool(drawn)))

    def timed_feed(driver: SSHDriver, data: bytes) -> None:
        if BENCH_KEY.encode() in data:
            keys.append((driver._app.identity.name, *clock.read()))
        feed(driver, data)

    def timed_flush(driver: SSHDriver) -> None:
        if driver._output:
            frames.append((driver._app.identity.name, *clock.read()))
        flush(driver)

    SSHDriver.feed, SSHDriver.flush, SeatTable._deliver = timed_feed, timed_flush, timed_deliver
    return keys, frames, told


async def run_server(home: Path, sessions: int, workers: int = 1) -> None:
    """Serve the planned tables to the keys in authorized_keys; print the port (and with
    ``workers`` > 1 the worker processes' ids after it); at stdin's first line (play
    starts) start profiling if asked, at its second print the moves and the tables'
    move counts; at its end stop."""
    from river_tui.gc_tuning import tune_gc
    from river_tui.net.auth import Identity
    from river_tui.net.server import ServerConfig
    from river_tui.net.tables import TableRegistry
    from river_tui.net.workers.directory import Directory

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
    keys, frames, told = record_timeline(MainThreadClock())
    server, registry = await bench_server(config, tables, bench_app, workers)
    tune_gc()  # as `river-tui serve` does
    # The server's warnings (a session closed, the loop late) to the bench's stderr: while an app
    # runs, Textual captures sys.stderr.
    logging.basicConfig(stream=sys.__stderr__, level=logging.WARNING, format="server: %(message)s")
    port = await server.start()
    pids = [worker.pid for worker in server.pool.workers] if isinstance(registry, Directory) else []
    print(port, *pids, flush=True)
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
    if isinstance(registry, Directory):
        report = await workers_report(folder, pids, registry)
    else:
        moves = sum(len(shared.table.log) for shared in tables.tables.values())
        report = {"moves": bench_app.moves, "table_moves": moves, "keys": keys, "frames": frames, "told": told}
    # sys.__stdout__: while an app runs, Textual captures sys.stdout.
    print(json.dumps(report), file=sys.__stdout__, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await server.close()
    await registry.close()


async def bench_server(config, tables, bench_app, workers: int) -> tuple:
    """The server of ``tables`` for ``bench_app``: in this process, or (``workers`` > 1) a
    front whose workers take the tables from their saves and tables.json. (server, registry)"""
    from river_tui.net.server import RiverServer
    from river_tui.net.workers.directory import Directory
    from river_tui.net.workers.front import FrontServer

    if workers == 1:
        return RiverServer(config, lambda who: bench_app(who, tables)), tables
    await tables.close()  # every table saved, and listed in tables.json
    for shared in tables.tables.values():
        shared.table.close()
    directory = Directory(tables.folder)
    worker_config = {"folder": str(tables.folder), "imports": ["ssh_load_worker"], "bot_delay": tables.bot_delay}
    server = FrontServer(config, directory, workers, worker_config)
    server._app_factory = lambda who: bench_app(who, directory)
    return server, directory


async def workers_report(folder: Path, pids: list[int], directory) -> dict:
    """The timelines of every worker (ssh_load_worker.py writes each on SIGUSR1) and the
    moves saved at every table (a worker's tables save each move at once)."""
    import signal

    from river_tui.saves import store

    reports = Path(os.environ["SSH_LOAD_REPORTS"])
    for pid in pids:
        os.kill(pid, signal.SIGUSR1)
    while len(list(reports.glob("worker-*.json"))) < len(pids):
        await asyncio.sleep(0.1)
    merged: dict = {"moves": [], "keys": [], "frames": [], "told": []}
    for path in reports.glob("worker-*.json"):
        for part, entries in json.loads(path.read_text()).items():
            merged[part] += entries
    for part in merged:
        merged[part].sort(key=lambda entry: entry[1] if part == "told" else entry[0] if part == "moves" else entry[1:])
    merged["table_moves"] = sum(len(store.read(listed.path).log) for listed in directory.tables.values())
    return merged


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


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """User plus system CPU time of process ``pid`` (or of its thread ``thread``) so far."""
    stat = Path(f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat")
    fields = stat.read_text().rpartition(")")[2].split()
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


AT_THE_TABLE = (" to act", "Waiting for", "offers you a")
"""Words only a game screen shows: its status line, or the box of an offer waiting for the
seat (We All Take puts it over the table as the session sits down)."""


async def sit_down(port: int, key: asyncssh.SSHKey, index: int, size: tuple[int, int] | None = None) -> Client:
    """Session ``p{index}`` (at ``size``, else one of SIZES by turns) seated at its table."""
    client = await connect_timed(port, f"p{index}", key, size or SIZES[index % 2])
    await client.rec.wait_for("Welcome", timeout=120)
    mark = client.mark()
    client.type(SIT_KEY)
    try:
        async with asyncio.timeout(120):  # the game screen's status line (the lobby has neither)
            while not any(words in client.rec.text(mark) for words in AT_THE_TABLE):
                client.rec.changed.clear()
                await client.rec.changed.wait()
    except TimeoutError:
        raise RuntimeError(f"p{index} never reached its table: {client.rec.text(mark)[-600:]!r}") from None
    return client


async def loop_lag(until: float, lags: list[float], step: float = 0.005) -> None:
    """How late this (the clients') loop wakes from ``step`` s sleeps, until ``until``:
    a client process too busy to read its sockets at once would add its delay to every sample."""
    while time.monotonic() < until:
        started = time.monotonic()
        await asyncio.sleep(step)
        lags.append(1000 * (time.monotonic() - started - step))


async def play(client: Client, until: float, rng: random.Random, presses: list[float]) -> None:
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(1.0, 3.0))
        if client.rec.closed.is_set():
            return  # closed by the server: reported with its last words
        presses.append(time.monotonic())
        client.type(BENCH_KEY)


class Sample(NamedTuple):
    """One move seen by one other seat, in ms: the latency and where its time went."""

    total: float
    """Key sent by the mover's client -> first bytes after the move at the other seat's client."""
    to_server: float
    """Key sent -> its bytes handed from the server's socket to the session (the client's
    sending, the kernel, and the server's loop getting round to reading it)."""
    server_cpu: float
    """Key handed to the session -> the other seat's screen bytes written to its socket:
    the time the server's loop thread ran (for anyone: every session shares it)..."""
    server_waited: float
    """... the time it was ready to run but the machine's other work held every core..."""
    server_idle: float
    """... and the rest: the loop asleep (timers, nothing ready) or blocked."""
    to_client: float
    """Written to the socket -> received by the other seat's client."""


def latencies(
    report: dict, clients: list[Client], presses: list[list[float]], seated_at: dict
) -> tuple[list[Sample], int]:
    """For every bench move, one sample per other seat at its table (alone: the mover's own
    screen) whose screen the move changed; and how many seats' screens it changed nothing
    on (a secret move seen from another seat: no frame is due, so no latency)."""
    keys, frames, told = defaultdict(list), defaultdict(list), defaultdict(list)
    for name, *clock in report["keys"]:
        keys[name].append(clock)
    for name, *clock in report["frames"]:
        frames[name].append(clock)
    for name, when, drew in report["told"]:
        told[name].append((when, drew))
    samples, unchanged = [], 0
    for arrived, name, _ in report["moves"]:
        mover = int(name[1:])
        sent = presses[mover][bisect_right(presses[mover], arrived) - 1]
        fed = keys[name][bisect_right(keys[name], [arrived, math.inf]) - 1]
        for other in [i for i in seated_at[mover] if i != mover] or [mover]:
            seen = told[f"p{other}"]
            first = bisect_left(seen, (arrived, False))
            if first < len(seen) and not seen[first][1]:
                unchanged += 1  # the move's change reached this screen, which had nothing to redraw
                continue
            drawn = frames[f"p{other}"][min(bisect_left(frames[f"p{other}"], [arrived]), len(frames[f"p{other}"]) - 1)]
            arrivals = clients[other].rec.arrivals
            at = bisect_left(arrivals, drawn[0])
            if drawn[0] < arrived or at == len(arrivals) or arrivals[at] - arrived > 5.0:
                samples.append(Sample(5000.0, *[math.nan] * 5))  # never seen within 5 s: counted as 5 s
                continue
            in_server = [1000 * (late - early) for late, early in zip(drawn, fed)]
            samples.append(Sample(
                1000 * (arrivals[at] - sent), 1000 * (fed[0] - sent), in_server[1], in_server[2],
                in_server[0] - in_server[1] - in_server[2], 1000 * (arrivals[at] - drawn[0]),
            ))  # fmt: skip
    return samples, unchanged


def percentiles(values: list[float]) -> dict[str, float | None]:
    """p50 and p95 of ``values`` (NaNs left out), in ms rounded to 0.1."""
    kept = sorted(v for v in values if not math.isnan(v))
    if not kept:
        return {"p50": None, "p95": None}
    return {"p50": round(statistics.median(kept), 1), "p95": round(kept[int(0.95 * (len(kept) - 1))], 1)}


async def run_level(sessions: int, seconds: float, lobby: int, workers: int = 1) -> dict[str, object]:
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(sessions + lobby + 1)]
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        (home / "serve").mkdir()
        (home / "reports").mkdir()
        (home / "serve" / "authorized_keys").write_bytes(b"".join(k.export_public_key() for k in keys))
        server = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--serve", str(home), "--sessions", str(sessions), "--workers", str(workers),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=1 << 28,  # the report is one long line
            env={**os.environ, "RIVER_TUI_HOME": str(home), "SSH_LOAD_REPORTS": str(home / "reports")},
        )  # fmt: skip
        try:
            return {"workers": workers, **await measure(server, sessions, keys, seconds, lobby)}
        finally:
            server.stdin.close()
            await server.wait()


async def measure(server: asyncio.subprocess.Process, sessions: int, keys: list, seconds: float, lobby: int) -> dict:
    port, *workers = map(int, (await server.stdout.readline()).split())
    pids = [server.pid, *workers]  # the server's processes: the front (or the only one) and its workers
    warm = await connect_timed(port, "warmup", keys[-1], (80, 24))  # loads every module the lobby needs
    await warm.rec.wait_for("Welcome", timeout=120)
    await warm.close()
    before = sum(map(rss_mb, pids))
    plan = table_plan(sessions)
    seated_at: dict[int, list[int]] = {}
    clients: list[Client] = [None] * sessions  # type: ignore[list-item]
    for _, _, seated in plan:
        for index in seated:
            seated_at[index] = seated
            clients[index] = await sit_down(port, keys[index], index)
    after = sum(map(rss_mb, pids))
    idlers = [await connect_timed(port, f"l{i}", keys[sessions + i], SIZES[i % 2]) for i in range(lobby)]
    for idler in idlers:
        await idler.rec.wait_for("Welcome", timeout=120)
    presses: list[list[float]] = [[] for _ in range(sessions)]
    server.stdin.write(b"play\n")
    cpu, waited = sum(map(cpu_seconds, pids)), sum(map(cpu_wait_seconds, pids))
    front_cpu = cpu_seconds(server.pid)
    loop_cpu = sum(cpu_seconds(pid, pid) for pid in pids)
    until = time.monotonic() + seconds
    lags: list[float] = []
    client_cpu = time.process_time()
    players = (play(c, until, random.Random(i), presses[i]) for i, c in enumerate(clients))
    await asyncio.gather(loop_lag(until + 2.0, lags), *players)  # 2 s more: the last moves reach every screen
    client_cpu = time.process_time() - client_cpu
    cpu = sum(map(cpu_seconds, pids)) - cpu
    front_cpu = cpu_seconds(server.pid) - front_cpu
    loop_cpu = sum(cpu_seconds(pid, pid) for pid in pids) - loop_cpu
    waited = sum(map(cpu_wait_seconds, pids)) - waited
    server.stdin.write(b"report\n")
    report = json.loads(await server.stdout.readline())
    closed = [client.rec.text()[-160:].strip() for client in clients if client.rec.closed.is_set()]
    samples, unchanged = latencies(report, clients, presses, seated_at)
    totals = percentiles([sample.total for sample in samples])
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
        "screens_a_move_changed_nothing_on": unchanged,  # not samples: no frame was due
        "p50_ms": totals["p50"],
        "p95_ms": totals["p95"],
        "latency_split_ms": {part: percentiles([getattr(s, part) for s in samples]) for part in Sample._fields[1:]},
        "server_cpu_ms_per_move": round(1000 * cpu / max(1, report["table_moves"]), 1),
        # with workers, the front's part of it (SSH, logins, the lobby, the relay); else all of it
        "front_cpu_ms_per_move": round(1000 * front_cpu / max(1, report["table_moves"]), 1),
        "server_cpu_share": round(cpu / (seconds + 2.0), 2),
        "server_worker_threads_cpu_share": round((cpu - loop_cpu) / (seconds + 2.0), 2),  # saves, computers: they
        # hold the GIL the loop needs (its wait for the GIL shows as server_idle)
        "server_waited_for_a_core_ms_per_move": round(1000 * waited / max(1, report["table_moves"]), 1),
        "clients_cpu_share": round(client_cpu / (seconds + 2.0), 2),
        "clients_loop_lag_ms": percentiles(lags),
        "server_rss_mb_idle": round(before, 1),
        "server_rss_mb_loaded": round(after, 1),
        "mb_per_session": round((after - before) / sessions, 2),
        "machine_load_1min": round(load[0], 2),
        "closed_by_the_server": closed,  # sessions closed while playing: the end of what the server last sent
    }


async def main(
    levels: tuple[int, ...], seconds: float, lobby: int = 0, workers: tuple[int, ...] = (1,),
    memory: tuple[int, int] = (MEMORY_WARMUP, MEMORY_SESSIONS),
) -> None:  # fmt: skip
    import ssh_memory  # beside this file

    results = []
    for sessions in levels:
        for count in workers:
            result = await run_level(sessions, seconds, lobby, count)
            results.append(result)
            print(json.dumps(result), flush=True)
    kept: dict[int, float | None] = {}
    for count in workers:
        finished = await ssh_memory.run(memory[0], memory[1], workers=count) if memory[1] else None
        if finished is not None:
            print(json.dumps(finished), flush=True)
        kept[count] = None if finished is None else finished["kb_kept_per_session"]
    capacity = {}
    for count in workers:
        within = [r["sessions"] for r in results
                  if r["workers"] == count and r["p95_ms"] is not None and r["p95_ms"] <= GOAL_P95_MS]  # fmt: skip
        capacity[count] = max(within, default=0)
    for count in workers:
        print(json.dumps({
            "workers": count,
            "capacity_sessions_p95_at_most_100ms": capacity[count],
            "goal_sessions_with_two_workers": 60,
            "capacity_against_one_process": round(capacity[count] / capacity[1], 2) if capacity.get(1) else None,
            "goal_against_one_process": 1.7,
            "server_cpu_ms_per_move_by_sessions": {
                r["sessions"]: r["server_cpu_ms_per_move"] for r in results if r["workers"] == count
            },
            "kb_kept_per_finished_session": kept[count],
            "goal_kb_per_finished_session": ssh_memory.GOAL_KB,
        }), flush=True)  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="how long each level plays")
    parser.add_argument("--levels", default=",".join(map(str, LEVELS)), help="session counts, comma-separated")
    parser.add_argument("--lobby", type=int, default=0, help="extra sessions that stay in the lobby meanwhile")
    parser.add_argument("--workers", default="1", help="worker processes of the server (serve --workers), "
                        "comma-separated: each level is played with each (default 1: one process)")
    parser.add_argument("--memory-warmup", type=int, default=MEMORY_WARMUP,
                        help="sessions before the memory a finished session keeps is measured")
    parser.add_argument("--memory-sessions", type=int, default=MEMORY_SESSIONS,
                        help="finished sessions measured for the memory each keeps (0: not measured)")
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--sessions", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        asyncio.run(run_server(args.serve, args.sessions, int(args.workers)))
    else:
        levels, workers = (tuple(int(n) for n in text.split(",")) for text in (args.levels, args.workers))
        asyncio.run(main(levels, args.seconds, args.lobby, workers, (args.memory_warmup, args.memory_sessions)))
