"""Riverside: roll dice, fill the seats of your guide boats, and take tourists on
excursions from a cruise ship sailing the river (1-6 seats)."""

from .game import Riverside

GAME = Riverside()

__all__ = ["GAME", "Riverside"]
