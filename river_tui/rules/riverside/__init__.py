"""Riverside: roll dice, fill the seats of your guide boats, and take tourists on
excursions from a cruise ship sailing the river (1-6 seats).

The rule steps, after the rulebook's phases ("Playing the Game"): roll_and_move.py
(phase 1, Roll dice and move ship), dice_and_seats.py (phase 2, Choose dice and
fill seats, with the bonus and royal seats), excursions.py (phase 3, Go on
excursions), powers.py (Royal Powers). Components' helpers: board.py (the river
tiles laid out: the ship's track and distances).
"""

from .game import RiversideGame

GAME = RiversideGame()
