"""River Valley Glassworks: place glass in a flowing river, gather it into a
glassworks grid of rows and columns.

The rule steps, after the rulebook's sections: turn.py (Game Turns: place & gather,
or draw), river.py (Gathering from the River), grid.py (Adding to Your
Glassworks), lake.py (Drawing from the Lake), game_end.py (Game End). Components'
helpers: pieces.py (a glass piece as a number), bag.py (drawing from the bag).
"""

from .game import GlassworksGame

GAME = GlassworksGame()
