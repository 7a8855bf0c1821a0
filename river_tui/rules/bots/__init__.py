"""Computer opponents for every game: the game's own bots, and an information-set
search that sees only its seat's view, at two strengths."""

from .levels import LEVELS, bot_catalogue

__all__ = ["LEVELS", "bot_catalogue"]
