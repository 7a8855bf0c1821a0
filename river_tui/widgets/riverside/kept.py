"""Riverside's drawn lines, kept for every screen in the process.

The river and the dice are the same for every seat of a position, an empty row of
seats is the same on every sheet, a move changes one or two lines of a sheet: each
is kept under all it is drawn from (`DrawnOnce`).
"""

from __future__ import annotations

from ..drawn_once import DrawnOnce

KEPT = 2048
"""Drawings kept at most, the latest used last: some 3 KB each on average (a line's text
or strip; the river's five strips some 16 KB), some 7 MB at most for the whole server.
30 sessions at real tables keep some 400 in 200 moves (bench/ssh_redraw_cost.py)."""

kept = DrawnOnce(KEPT)
"""What is kept under a key (all a drawing is drawn from); drawn now if nothing is."""
