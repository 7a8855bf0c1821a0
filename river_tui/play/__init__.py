"""A game in progress: the table every screen plays through, a saved game's
replay and export, and games between computer seats (`simulate`)."""
