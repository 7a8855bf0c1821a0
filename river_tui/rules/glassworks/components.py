"""Every printed component of River Valley Glassworks, in one place.

The rulebook gives the piece counts per colour, the 6 river tiles, the lake of 5,
the satchel of 5 and the trigger at 17. The rest (the six shapes, how each
colour's pieces spread over them, the stones on each tile, the grid's rows, the
row and column VP, the rarity chart) is our choice, recorded with its reasons in
docs/components.md ("River Valley Glassworks").
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shape:
    """A glass shape; each river tile shows one in its corners."""

    name: str
    glyph: str


@dataclass(frozen=True)
class Colour:
    """A glass colour: its rulebook name, the letter printed with it, how many
    pieces of it the game holds, and how those spread over the six shapes."""

    name: str
    letter: str
    assortment: tuple[int, ...]  # pieces per shape, in SHAPES order
    five_players_only: bool = False

    @property
    def count(self) -> int:
        return sum(self.assortment)


SHAPES: tuple[Shape, ...] = (
    Shape("heart", "♥"),
    Shape("triangle", "▲"),
    Shape("circle", "●"),
    Shape("square", "■"),
    Shape("diamond", "◆"),
    Shape("star", "★"),
)

# "132 Glass Pieces (22 white, 22 purple, 17 light blue, 17 dark blue, 12 light
# green, 12 dark green, 12 black, 9 yellow, 9 orange)". The assortments give every
# shape 20 pieces without black and 22 with it.
COLOURS: tuple[Colour, ...] = (
    Colour("white", "W", (4, 4, 4, 4, 3, 3)),
    Colour("purple", "P", (3, 3, 4, 4, 4, 4)),
    Colour("light blue", "C", (3, 3, 3, 2, 3, 3)),
    Colour("dark blue", "B", (3, 3, 2, 3, 3, 3)),
    Colour("light green", "L", (2, 2, 2, 2, 2, 2)),
    Colour("dark green", "G", (2, 2, 2, 2, 2, 2)),
    Colour("black", "K", (2, 2, 2, 2, 2, 2), five_players_only=True),
    Colour("yellow", "Y", (2, 1, 2, 1, 2, 1)),
    Colour("orange", "O", (1, 2, 1, 2, 1, 2)),
)

# "Only add black if you have 5 players."
BLACK_SEATS = 5

# "Line up the 6 river tiles ... matching the number of stones printed on it."
# One tile per shape: (shape index, stones).
RIVER_TILES: tuple[tuple[int, int], ...] = (
    (0, 1),  # heart
    (1, 2),  # triangle
    (2, 1),  # circle
    (3, 2),  # square
    (4, 1),  # diamond
    (5, 2),  # star
)

LAKE_SIZE = 5  # "Fill it with 5 glass pieces from the bag."
LAKE_DRAW = 4  # "Choose 4 pieces and add them to your satchel."
SATCHEL_START = 3  # "draws 3 random glass pieces onto their satchel."
SATCHEL_LIMIT = 5  # "Your satchel can only hold 5 pieces."
END_TRIGGER = 17  # "When a player reaches or passes 17 on their inventory track"
OVERFLOW_VP = -3  # "Lose 3 VP for each piece in your overflow."

COLUMNS = 7  # "You only have room for 7 colors"
ROWS = 5  # the scoring example scores five rows: "0 + 0 + 2 + 11 + 22"

# Row VP printed along the bottom of the grid, by the number of spaces filled
# from the left without gaps (index 0: "If the first space in a row is empty, it
# scores 0 VP").
ROW_VP: tuple[int, ...] = (0, 1, 2, 4, 7, 11, 16, 22)

# Column VP printed in each space, COLUMN_VP[column][height - 1]: "Each column
# scores the VP on its highest filled space." Taller is worth more, and so is
# further right ("Building tall columns further to the right of your glassworks
# will score you more column VP").
COLUMN_VP: tuple[tuple[int, ...], ...] = (
    (1, 3, 5, 7, 10),
    (2, 4, 6, 8, 11),
    (3, 5, 7, 9, 12),
    (4, 6, 8, 10, 13),
    (5, 7, 9, 11, 14),
    (6, 8, 10, 12, 15),
    (7, 9, 11, 13, 16),
)

# "The rarity chart on your board shows how likely you are to see more of each
# color": the colours grouped by how many pieces of each the game holds.
RARITY_CHART: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("common", ("white", "purple")),
    ("uncommon", ("light blue", "dark blue")),
    ("scarce", ("light green", "dark green", "black")),
    ("rare", ("yellow", "orange")),
)
