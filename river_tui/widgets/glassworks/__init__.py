"""River Valley Glassworks' widgets: the river of tiles, a player's glassworks
grid, the pieces' glyphs and what stands beside the grid."""
