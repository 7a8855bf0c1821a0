"""`river-tui serve` as a process: logs to a file (never stdout), stops cleanly on SIGTERM."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import stat
import sys

from river_tui.net.workers.pool import default_count

from support.net.serve_process import own_line, serving_port, start_serve, stop
from support.net.sshclient import connect
from support.warning_library import WARNING, with_a_warning_on_import


async def test_serve_runs_logs_to_its_file_and_stops_on_sigterm(river_home, keys):
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    (folder / "authorized_keys").write_bytes(keys["alice"].export_public_key())
    process = await start_serve(river_home)
    try:
        port = await serving_port(process)
        # The fingerprint the host tells friends is the one their ssh is shown.
        fingerprint = (await own_line(process, r"the host key's fingerprint is (SHA256:[A-Za-z0-9+/]+)"))[1]
        alice = await connect(port, "alice", keys["alice"])
        assert alice.conn.get_server_host_key().get_fingerprint() == fingerprint
        await alice.rec.wait_for("No tables yet", timeout=20)
        process.send_signal(signal.SIGTERM)
        await alice.rec.wait_for("The server is shutting down.", timeout=20)
        assert await asyncio.wait_for(process.wait(), 10) == 0
    finally:
        await stop(process)
    assert await process.stdout.read() == b""
    log = (folder / "serve.log").read_text()
    assert "alice logged in from 127.0.0.1" in log and "stopping" in log
    assert f"the host key's fingerprint is {fingerprint}" in log
    assert stat.S_IMODE((folder / "ssh_host_ed25519_key").stat().st_mode) == 0o600
    cores = default_count()  # one worker per core by default; a one-core machine keeps one process
    assert len(re.findall(r"worker \d+ started", log)) == (0 if cores == 1 else cores)


async def test_serve_with_one_worker_keeps_everything_in_one_process(river_home, keys):
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    (folder / "authorized_keys").write_bytes(keys["alice"].export_public_key())
    process = await start_serve(river_home, "--workers", "1")
    try:
        port = await serving_port(process)
        alice = await connect(port, "alice", keys["alice"], pty=False, command="plain")
        await alice.rec.wait_for("You are in the lobby.", timeout=20)
        await alice.close()
    finally:
        await stop(process)
    assert not re.search(r"worker \d+ started", (folder / "serve.log").read_text())  # none started: the pool logs each it starts


async def test_a_library_warning_goes_to_the_log_never_to_the_console(river_home, keys, tmp_path):
    """A library that warns as it is imported (a new `cryptography` under asyncssh)
    prints nothing: River TUI's sentences are all the console shows, and the
    warning is in serve.log."""
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    (folder / "authorized_keys").write_bytes(keys["alice"].export_public_key())
    process = await start_serve(river_home, **with_a_warning_on_import(tmp_path, "asyncssh"))
    printed: list[str] = []
    try:
        await serving_port(process, printed)
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 20) == 0
    finally:
        await stop(process)
    printed += (await process.stderr.read()).decode().splitlines(keepends=True)
    assert printed and all(line.startswith("river-tui: ") for line in printed), printed
    assert await process.stdout.read() == b""
    assert WARNING in (folder / "serve.log").read_text()


async def test_serve_with_workers_starts_them_and_stops_them_with_itself(river_home, keys):
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    (folder / "authorized_keys").write_bytes(keys["alice"].export_public_key())
    process = await start_serve(river_home, "--workers", "2")
    try:
        port = await serving_port(process)
        alice = await connect(port, "alice", keys["alice"])
        await alice.rec.wait_for("No tables yet", timeout=20)
        process.send_signal(signal.SIGTERM)
        await alice.rec.wait_for("The server is shutting down.", timeout=20)
        assert await asyncio.wait_for(process.wait(), 10) == 0
    finally:
        await stop(process)
    workers = [int(pid) for pid in re.findall(r"worker \d+ started \(process (\d+)\)", (folder / "serve.log").read_text())]
    assert len(workers) == 2 and process.pid not in workers
    for pid in workers:  # each ended with the server (the front waits for its workers)
        assert not os.path.exists(f"/proc/{pid}") or "zombie" in open(f"/proc/{pid}/status").read().lower()


async def test_serve_refuses_no_workers(river_home):
    process = await start_serve(river_home, "--workers", "0")
    assert await asyncio.wait_for(process.wait(), 20) == 2
    assert "--workers must be from 1 to 64." in (await process.stderr.read()).decode()
