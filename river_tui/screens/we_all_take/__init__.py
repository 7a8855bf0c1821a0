"""We All Take from the River's screen (screen.py), its trade form (trade.py),
its rules summary for the help (screen.md) and its styles (screen.tcss)."""

from .screen import WeAllTakeScreen

SCREEN = WeAllTakeScreen
