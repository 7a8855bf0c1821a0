"""The lobby an SSH player sees first (screen.py), its help (screen.md) and the
turn-timer choices of its new-table form (table_timing.py): a piece of the
server, above the app's screens it opens."""
