"""Every printed component of Flow: Untamed Rivers, as data.

The rulebook lists the components ("1 Board (4 locked squares; outer ring; inner
rings)", "40 River Tiles", "15 Lair Tiles", "9 Point Tiles", "5 Species Tiles, each
with 3 matching Lair Tokens and 1 Reservation Tile") but not their faces. The
choices below are explained, sentence by sentence, in docs/components.md.

A tile face is four sides, clockwise from the north: each side is dry (no river),
a river that leaves the tile through another side (its index), a River End, or
the river of a Lair. A face is drawn with the tile unrotated; rotating a tile by
one quarter turn clockwise moves what was on the north side to the east side.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- sides and what a side can hold ------------------------------------------
N, E, S, W = 0, 1, 2, 3
DRY = -1  # no river reaches this side
END = 4  # a River End: "You can only find the river ends on the start tile and the lair tiles"
LAIR = 5  # the Lair's own river: the Lair is one end of it


@dataclass(frozen=True)
class Face:
    """A printed tile face: ``sides[n]`` is DRY, END, LAIR or the side the river
    entering at side ``n`` leaves by."""

    id: str
    name: str
    sides: tuple[int, int, int, int]


# --- the board ------------------------------------------------------------------
BOARD_SIZE = 7
"""A 7 x 7 board: the outer ring (24 squares), two inner rings (16 and 8 squares)
and the central square that holds the start tile."""

CENTRE = (BOARD_SIZE // 2) * BOARD_SIZE + BOARD_SIZE // 2

LOCKED_SQUARES = (0, BOARD_SIZE - 1, BOARD_SIZE * (BOARD_SIZE - 1), BOARD_SIZE * BOARD_SIZE - 1)
"""The four corners of the outer ring, occupied only in strategy mode with 4-5 players."""

FIRST_ROUND_RINGS = (1, 2)
"""Ring 0 is the outer ring; "In the first round, players may only place their tiles
on the inner two rings of the board, not on the outer ring.\""""

START_TILE = Face("start", "start tile", (END, END, END, END))
"""The central hub: a River End on each side."""

# --- the 40 river tiles -----------------------------------------------------------
STRAIGHT = Face("straight", "straight", (S, DRY, N, DRY))
BEND = Face("bend", "bend", (E, N, DRY, DRY))
CROSSING = Face("crossing", "crossing", (S, W, N, E))
DOUBLE_BEND = Face("double", "double bend", (E, N, W, S))

RIVER_TILES: tuple[tuple[Face, int], ...] = (
    (DOUBLE_BEND, 16),
    (CROSSING, 14),
    (BEND, 6),
    (STRAIGHT, 4),
)
"""The faces and how many of each (40 in all). The double bend and the crossing
carry water on all four sides, so they continue every river they touch: the most
useful pieces are the most abundant. Bends and straights have two dry sides that
dam a river for good."""

# --- the 15 lair tiles --------------------------------------------------------------
# Every lair face has its Lair's river leaving by the north side; "Every Lair Tile
# also features a River End."
_END_AHEAD = (LAIR, DRY, END, DRY)
_END_RIGHT = (LAIR, END, DRY, DRY)
_END_LEFT = (LAIR, DRY, DRY, END)
_ENDS_BOTH_SIDES = (LAIR, END, DRY, END)
_ENDS_AHEAD_RIGHT = (LAIR, END, END, DRY)
_ENDS_AHEAD_LEFT = (LAIR, DRY, END, END)
_ENDS_ALL = (LAIR, END, END, END)
_END_RIGHT_BEND_BEHIND = (LAIR, END, W, S)
_END_AHEAD_RIVER_ACROSS = (LAIR, W, END, E)
_END_LEFT_BEND_BEHIND = (LAIR, S, E, END)

LAIR_TILES: tuple[Face, ...] = (
    Face("L01", "Igapó Pool", _END_AHEAD),
    Face("L02", "Várzea Hollow", _END_AHEAD),
    Face("L03", "Tapajós Bank", _END_RIGHT),
    Face("L04", "Xingu Burrow", _END_LEFT),
    Face("L05", "Negro Shallows", _ENDS_BOTH_SIDES),
    Face("L06", "Solimões Den", _ENDS_BOTH_SIDES),
    Face("L07", "Purus Reeds", _ENDS_AHEAD_RIGHT),
    Face("L08", "Madeira Roots", _ENDS_AHEAD_LEFT),
    Face("L09", "Juruá Delta", _ENDS_ALL),
    Face("L10", "Japurá Bend", _END_RIGHT_BEND_BEHIND),
    Face("L11", "Trombetas Nook", _END_RIGHT_BEND_BEHIND),
    Face("L12", "Marañón Ford", _END_AHEAD_RIVER_ACROSS),
    Face("L13", "Ucayali Ford", _END_AHEAD_RIVER_ACROSS),
    Face("L14", "Javari Cove", _END_LEFT_BEND_BEHIND),
    Face("L15", "Tefé Lagoon", _END_LEFT_BEND_BEHIND),
)
"""Fifteen named lair tiles. With one river mouth per side a lair face can show only
ten different river layouts; the five richest appear on two tiles each."""


# --- species --------------------------------------------------------------------------
@dataclass(frozen=True)
class Species:
    """A species tile: its name, the letter drawn on its lairs and its colour."""

    id: str
    name: str
    short: str
    glyph: str
    colour: str


SPECIES: tuple[Species, ...] = (
    Species("dolphin", "Amazon River Dolphin", "Dolphin", "D", "magenta"),
    Species("otter", "Giant Otter", "Otter", "O", "yellow"),
    Species("manatee", "Amazonian Manatee", "Manatee", "M", "cyan"),
    Species("monkey", "White-cheeked Spider Monkey", "Monkey", "S", "green"),
    Species("macaw", "Hyacinth Macaw", "Macaw", "H", "blue"),
)
"""Seat n plays species n: five of the endangered species of the Amazon basin."""

LAIR_TOKENS_PER_SPECIES = 3
STARTING_LAIR_TILES = 3
STARTING_RIVER_TILES = 3
POINT_TILES = 9
"""The supply of 1-point tiles. A territory worth +1 always scores, even after the
ninth point tile is taken ("The player who placed the last tile receives +1 point")."""
