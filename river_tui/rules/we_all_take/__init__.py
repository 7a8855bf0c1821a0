"""We All Take from the River: the living river, its structures, seasons, policies and hidden roles."""

from .engine import WeAllTakeGame

GAME = WeAllTakeGame()
