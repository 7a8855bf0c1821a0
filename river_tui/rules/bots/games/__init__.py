"""Per-game search hints: ``HINTS`` in a module named after the game's package."""
