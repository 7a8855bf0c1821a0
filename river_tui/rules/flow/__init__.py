"""Flow: Untamed Rivers: lay river tiles, claim closed river territories for your species."""

from .game import GAME, FlowGame

__all__ = ["GAME", "FlowGame"]
