"""`river-tui serve --workers N`: tables spread over worker processes (decision 27).

The front process (`front.py`) keeps the SSH connections, logins, names, limits
and the lobby (`directory.py`: the tables as their workers last described them).
Each table lives in one worker (`worker.py`, `table_app.py`) with the apps of
everyone looking at it; the front relays each session's bytes to the worker
holding its table (`pool.py`), over one socket per worker, in msgpack frames
(`framing.py`). A worker that dies loses no move: its tables are saved before
any screen shows a move, and reopen from their saves in another worker.
"""
