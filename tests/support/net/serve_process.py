"""`river-tui serve` as a separate process, read by River TUI's own lines.

A library may print on the console before River TUI does (it must not: see
river_tui/library_warnings.py), so a test never reads "the first line": it waits
for the line of River TUI's that it needs, and keeps every line it passed.
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

OWN = "river-tui: "
"""How each of River TUI's own lines on the console starts."""


async def start_serve(river_home: Path, *args: str, **env: str) -> asyncio.subprocess.Process:
    """`river-tui serve --port 0 ARGS` with its own RIVER_TUI_HOME (and ``env``)."""
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "river_tui", "serve", "--port", "0", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "RIVER_TUI_HOME": str(river_home), **env},
    )  # fmt: skip


async def own_line(process: asyncio.subprocess.Process, pattern: str, seen: list[str] | None = None) -> re.Match:
    """The first of River TUI's lines on ``process``'s stderr that matches ``pattern``
    (every line read on the way is added to ``seen``)."""
    seen = [] if seen is None else seen
    while True:
        raw = await asyncio.wait_for(process.stderr.readline(), 30)
        assert raw, f"serve ended its output without a line matching {pattern!r}; it printed {seen}"
        line = raw.decode()
        seen.append(line)
        found = re.search(pattern, line)
        if line.startswith(OWN) and found:
            return found


async def serving_port(process: asyncio.subprocess.Process, seen: list[str] | None = None) -> int:
    """The port serve says it listens on."""
    return int((await own_line(process, r"serving on \S+ port (\d+)", seen))[1])


async def stop(process: asyncio.subprocess.Process) -> None:
    """Kill ``process`` if it still runs (a test's `finally`)."""
    if process.returncode is None:
        process.kill()
        await process.wait()
