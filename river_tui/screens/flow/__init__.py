"""Flow: Untamed Rivers' screen (screen.py), its rules summary for the help
(screen.md) and its styles (screen.tcss)."""

from .screen import FlowScreen

SCREEN = FlowScreen
