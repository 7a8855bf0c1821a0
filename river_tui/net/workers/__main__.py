"""``python -m river_tui.net.workers FD``: one worker process (worker.py), FD its end
of the socket to the front (started by pool.py)."""

import asyncio
import sys

from ...library_warnings import keep_warnings_off_the_console

keep_warnings_off_the_console()  # before asyncssh is imported: a library's warning goes to serve.log, as the front's
from .worker import main  # noqa: E402

asyncio.run(main(int(sys.argv[1])))
