"""We All Take from the River's widgets: the hex map, the panels beside it (river,
players, role, tile) and the list of choices."""
