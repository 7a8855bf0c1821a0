"""A server's session leaves the process's prints alone.

Textual puts an app's own print capture (which holds the app) in ``sys.stdout`` and
``sys.stderr`` while it runs, and puts back what it found when it ends: sessions end
in another order than they began, so a finished session's capture, and its whole app,
stayed there while other sessions ran (bench/ssh_memory.py: a finished session's
memory was not given back; docs/decisions/0007). `release` makes an app's capture the
process's own streams: its prints go where the process's go.
"""

from __future__ import annotations

import sys

from textual.app import App


def release(app: App) -> None:
    app._capture_stdout, app._capture_stderr = sys.__stdout__, sys.__stderr__
