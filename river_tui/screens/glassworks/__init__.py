"""River Valley Glassworks' screen (screen.py), its rules summary for the help
(screen.md) and its styles (screen.tcss)."""

from .screen import GlassworksScreen

SCREEN = GlassworksScreen
