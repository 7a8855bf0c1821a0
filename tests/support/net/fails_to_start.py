"""Imported by a test's workers at their start: the first N of them end there
(``os._exit``, as a worker whose Python install changed under the server would), N
being the test's RIVER_TUI_TEST_FAILED_STARTS; the starts are counted in a file of the
test's own RIVER_TUI_HOME, and the next start goes on as usual."""

from __future__ import annotations

import os
from pathlib import Path

_starts = Path(os.environ["RIVER_TUI_HOME"]) / "worker-starts"
with _starts.open("ab") as counted:
    counted.write(b"+")
if _starts.stat().st_size <= int(os.environ["RIVER_TUI_TEST_FAILED_STARTS"]):
    os._exit(3)
