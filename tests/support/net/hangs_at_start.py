"""Imported by a test's workers at their start: the first of them to import it hangs
there for ever (it waits for an event no one sets), as a worker stuck in its start
would; the others start as usual. Which one hangs is told by a file of the test's own
RIVER_TUI_HOME, holding its process id."""

from __future__ import annotations

import os
import threading
from pathlib import Path

HUNG = Path(os.environ["RIVER_TUI_HOME"]) / "hung-worker"

try:
    marker = os.open(HUNG, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
except FileExistsError:
    pass
else:
    os.write(marker, str(os.getpid()).encode())
    os.close(marker)
    threading.Event().wait()
