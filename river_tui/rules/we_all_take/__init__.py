"""We All Take from the River: the living river, its structures, seasons, policies and hidden roles.

The rule steps, after the rulebook's sections: seasons.py (Beginning the Game, the
turns and seasons: every step that needs no decision, `advance`), water.py
(Adjusting the Water Level), nature.py (Populate Natural Resources),
player_actions.py (Player Actions and every other choice a seat makes, `perform`),
structures.py (Structures: what each may do), order.py (who acts first), river.py
(Pollution, and the river's flow at the end of a turn), trading.py (Trading),
season_end.py (Ending the Season, Policies, City Development). scoring.py judges the
Objectives. The bots' helpers: evaluation.py (a seat's progress toward its objectives),
keeping.py (what a seat never gives away in the last season).
"""

from .game import WeAllTakeGame

GAME = WeAllTakeGame()
