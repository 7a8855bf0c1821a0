"""Riverside's widgets: the river board, the dice tray, the score sheets and
their glyphs."""
