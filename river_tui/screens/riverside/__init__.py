"""Riverside's screen (screen.py), its rules summary for the help (screen.md)
and its styles (screen.tcss)."""

from .screen import RiversideScreen

SCREEN = RiversideScreen
