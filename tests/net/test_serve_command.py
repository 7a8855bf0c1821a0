"""`river-tui serve` as a process: logs to a file (never stdout), stops cleanly on SIGTERM."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import stat
import sys

from .sshclient import connect


async def test_serve_runs_logs_to_its_file_and_stops_on_sigterm(river_home, keys):
    folder = river_home / "serve"
    folder.mkdir(parents=True)
    (folder / "authorized_keys").write_bytes(keys["alice"].export_public_key())
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "river_tui", "serve", "--port", "0",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "RIVER_TUI_HOME": str(river_home)},
    )
    try:
        line = (await asyncio.wait_for(process.stderr.readline(), 20)).decode()
        port = int(re.search(r"port (\d+)", line).group(1))
        alice = await connect(port, "alice", keys["alice"])
        await alice.rec.wait_for("No tables yet", timeout=20)
        process.send_signal(signal.SIGTERM)
        await alice.rec.wait_for("The server is shutting down.", timeout=20)
        assert await asyncio.wait_for(process.wait(), 10) == 0
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert await process.stdout.read() == b""
    log = (folder / "serve.log").read_text()
    assert "alice logged in from 127.0.0.1" in log and "stopping" in log
    assert stat.S_IMODE((folder / "ssh_host_ed25519_key").stat().st_mode) == 0o600
