"""Building Glassworks positions for the tests: pieces by label ("W♥"), boards by
columns of colour letters, tables from a real setup with chosen fields."""

from __future__ import annotations

from collections import Counter

from river_tui.rules.glassworks import GAME
from river_tui.rules.glassworks.components import COLOURS, SHAPES
from river_tui.rules.glassworks.pieces import piece
from river_tui.rules.glassworks.state import GlassState, Glassworks

LETTERS = {c.letter: i for i, c in enumerate(COLOURS)}
GLYPHS = {s.glyph: i for i, s in enumerate(SHAPES)}
HEART, TRIANGLE, CIRCLE, SQUARE, DIAMOND, STAR = range(6)


def p(label: str) -> int:
    """The piece "W♥" (colour letter, shape glyph)."""
    return piece(LETTERS[label[0]], GLYPHS[label[1]])


def ps(*labels: str) -> tuple[int, ...]:
    return tuple(sorted(p(label) for label in labels))


def board(*columns: str, overflow: str = "") -> Glassworks:
    """A glassworks from columns of colour letters, bottom first ("WWW"), all
    hearts; overflow as colour letters too."""
    return Glassworks(
        tuple(tuple(piece(LETTERS[c], HEART) for c in column) for column in columns),
        tuple(piece(LETTERS[c], HEART) for c in overflow),
    )


def table(seats: int = 2, seed: int = 1, **fields) -> GlassState:
    """A freshly set-up game with some fields replaced; pieces taken out of or
    put into the bag keep the game's total of pieces the same."""
    s = GAME.new(seats, {}, seed)
    before = everything(s)
    for name, value in fields.items():
        setattr(s, name, value)
    if "bag" in fields:
        return s
    after = everything(s)
    bag = Counter(s.bag) + (before - after)
    bag -= after - before
    s.bag = tuple(sorted(bag.elements()))
    return s


def everything(s: GlassState) -> Counter:
    """Every piece of the game, wherever it is: bag, river, lake, satchels,
    glassworks, overflow, and gathered pieces waiting for their column."""
    pieces = Counter(s.bag)
    pieces.update(s.lake)
    pieces.update(s.pending)
    for tile in s.tiles:
        pieces.update(tile)
    for satchel in s.satchels:
        pieces.update(satchel)
    for b in s.boards:
        pieces.update(b.overflow)
        for column in b.columns:
            pieces.update(column)
    return pieces


def play(s: GlassState, *actions) -> GlassState:
    """Apply actions in order, each by the seat whose turn it is."""
    for action in actions:
        s = GAME.apply(s, s.current, action)
    return s
