"""Flow: Untamed Rivers' widgets: the tile grid (the board) and a player's hand."""
