"""Python's cycle collector, tuned for a process that runs the app (or, for the
server, many apps).

A full collection walks every live object and stops the loop that draws the
screen: in a We All Take game on bench/bot_think.py, with Python's defaults, eight
full collections in eight seconds took up to 135 ms each, the longest gaps between
frames; on bench/ssh_load.py at 30 sessions, 18 took 0.7 s each. So what is alive
once the process has started (modules, tables) is frozen out of collection, and
full collections run a hundred times less often.
"""

from __future__ import annotations

import gc

GC_THRESHOLDS = (700, 10, 1000)
"""Python's defaults but the last: a full collection only every 1000th
second-generation one, instead of every 10th."""


def tune_gc() -> None:
    """Once per process, before its app (or server) starts."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
