"""``python -m river_tui.net.workers FD``: one worker process (worker.py), FD its end
of the socket to the front (started by pool.py)."""

import asyncio
import sys

from .worker import main

asyncio.run(main(int(sys.argv[1])))
