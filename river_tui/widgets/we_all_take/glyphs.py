"""How We All Take from the River's tokens and structures look on screen.

Never colour alone: every token has its own glyph and every structure its own
letter, and owners are named by the first letter of their camp colour (R, O, Y,
P, B) as well as painted in it. The map, the tile detail and the player panels all
draw from these tables, so a glyph means the same thing everywhere.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from ..palette import ink

from ...rules.we_all_take.components import (
    BOAT, BRIDGE, CAMP, CANAL, EXCAVATOR, FARM, FISH, GOLD, GRAVEL, KINDS, LEVEE, MILL, NET,
    POLLUTION, TREE,
)

TOKEN_GLYPH = {FISH: "∝", TREE: "♣", GRAVEL: "∴", POLLUTION: "×", GOLD: "●"}
"""A token on a slot, in the river or in a stockpile."""
EMPTY_GLYPH = {FISH: "◦", TREE: "♧", GRAVEL: "▫"}
"""An empty slot, by the kind printed on it."""
TOKEN_STYLE = {
    FISH: Style(color=ink("sky"), bold=True),
    TREE: Style(color=ink("green"), bold=True),
    GRAVEL: Style(color=ink("sand")),
    POLLUTION: Style(color="bright_white", bgcolor="grey23", bold=True),
    GOLD: Style(color=ink("yellow"), bold=True),
}
EMPTY_STYLE = Style(dim=True)

STRUCTURE_LETTER = {
    CAMP: "⌂", BOAT: "b", EXCAVATOR: "x", MILL: "m", NET: "n", FARM: "f", CANAL: "k", LEVEE: "l", BRIDGE: "=",
}
"""One letter per kind of structure, after its owner's letter: "R⌂m" is Red's camp and lumber mill."""

OWNER_STYLE = {
    "Red": Style(color=ink("red"), bold=True),
    "Orange": Style(color=ink("orange"), bold=True),
    "Yellow": Style(color=ink("yellow"), bold=True),
    "Purple": Style(color=ink("purple"), bold=True),
    "Blue": Style(color=ink("blue"), bold=True),
}
NO_OWNER = Style(bold=True)

LEGEND = (
    "∝ fish ♣ tree ∴ gravel × pollution ● gold ◦♧▫ empty",
    "R⌂ Red's camp b boat x excavator m mill f farm",
    "k canal l levee = bridge [R] Red's net [r] its slot",
    "≋ flooded ◈ protected ▣ city site ▦ city [6] water",
)
"""The map's key, printed below it (each line fits the map's width)."""


def owner_letter(colour: str | None) -> str:
    return colour[0] if colour else "?"


def owner_style(colour: str | None) -> Style:
    return OWNER_STYLE.get(colour or "", NO_OWNER)


def token(kind: int) -> Text:
    return Text(TOKEN_GLYPH[kind], style=TOKEN_STYLE[kind])


def glyph_counts(counts) -> str:
    """"∝1 ♣2" as plain text (for titles and subtitles, which take no styles)."""
    return " ".join(f"{TOKEN_GLYPH[k]}{n}" for k, n in enumerate(counts) if n)


def counts_text(counts, names: bool = False) -> Text:
    """"∝2 ♣1" (or "2 fish, 1 tree" with ``names``) from a count list in KINDS order
    (the four resources, or with gold); zero counts left out."""
    out = Text()
    for kind, n in enumerate(counts):
        if not n:
            continue
        if out:
            out.append(", " if names else " ")
        if names:
            out.append(f"{n} ")
            out.append_text(token(kind))
            out.append(f" {KINDS[kind]}")
        else:
            out.append_text(token(kind))
            out.append(str(n))
    return out if out else Text("nothing" if names else "—", style="dim")
