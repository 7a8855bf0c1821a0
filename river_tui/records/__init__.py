"""A game's record and each player's: stepping through a finished or unfinished
game (`replay`), writing it out as text or JSON (`export`), and the local tally
of games played, won and scored per seat name (`players`).

Nothing here imports textual; the screens build on it.
"""
