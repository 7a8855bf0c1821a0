"""Flow: Untamed Rivers: lay river tiles, claim closed river territories for your species.

The rule steps, after the rulebook's sections: turn.py (Gameplay: place a tile or
the Reservation Tile, draw, pass the turn on; Strategy Mode's two actions),
territories.py (Territories: following a river, the closed shapes). Components'
helpers: board.py (the squares, rings and each tile face's rivers, turned).
"""

from .game import FlowGame

GAME = FlowGame()
