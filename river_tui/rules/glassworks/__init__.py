"""River Valley Glassworks: place glass in a flowing river, gather it into a
glassworks grid of rows and columns."""

from .engine import GlassworksGame

GAME = GlassworksGame()
