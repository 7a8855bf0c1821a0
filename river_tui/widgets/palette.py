"""The games' colours: each an ink that reads on every look and survives every
colour depth.

Every game colour is drawn in its dark ink, chosen for the dark and high-contrast
looks (a contrast of at least 4.5:1 on their backgrounds). On the light look the
`LightInks` line filter swaps each dark ink for its light ink, chosen for 4.5:1 on
the light backgrounds, so no widget needs to know the look. The five colours of
the players of a game stay apart when a 256- or 16-colour terminal reduces them
(tests/app/test_palette.py checks both). Named terminal colours ("red", "yellow")
are not used for game colours: themes and terminals remap them, and in 256 colours
Textual made yellow and orange one colour, red and purple another.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter


@dataclass(frozen=True)
class Ink:
    """One game colour: its ink on the dark looks and on the light look."""

    dark: str
    light: str


INKS: dict[str, Ink] = {
    # The players: We All Take's camp colours ...
    "red": Ink("#ff5f5f", "#a00000"),
    "orange": Ink("#d78700", "#8a4500"),
    "yellow": Ink("#ffff5f", "#4f4f00"),
    "purple": Ink("#d787ff", "#870087"),
    "blue": Ink("#7f9fff", "#0000af"),
    # ... and Flow's species (with blue): its yellow is another ink, as in 16
    # colours the light look's yellow must part from We All Take's orange, here from cyan.
    "magenta": Ink("#ff5fff", "#870087"),
    "lemon": Ink("#ffff87", "#5a5a00"),
    "cyan": Ink("#5fffff", "#005f5f"),
    "green": Ink("#5fd75f", "#005f00"),
    # Riverside's boats and the stave church; We All Take's gravel.
    "white": Ink("#fafafa", "#444444"),
    "brown": Ink("#d7875f", "#7a3d00"),
    "sky": Ink("#5fafff", "#005f87"),
    "pink": Ink("#ff87d7", "#af005f"),
    "violet": Ink("#af87ff", "#5f00af"),
    "sand": Ink("#d7af5f", "#5f4f00"),
}
"""Dark inks are all different (the filter finds a colour by its dark ink) and are
used for nothing else."""


def ink(name: str) -> str:
    """A game colour's dark ink, for a Rich style; the light look swaps it."""
    return INKS[name].dark


_LIGHT = {RichColor.parse(entry.dark).triplet: RichColor.parse(entry.light) for entry in INKS.values()}


@lru_cache(1024)
def _on_light(style: Style) -> Style:
    colour = style.color
    if colour is None or colour.triplet not in _LIGHT:
        return style
    return style + Style(color=_LIGHT[colour.triplet])


class LightInks(LineFilter):
    """On the light look: every game colour in its light ink."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(text, _on_light(style) if style else style, control) for text, style, control in segments]

    def restyle(self, style: Style, background: Color) -> Style:
        """What `apply` makes of one style (see filter_chain.Restyler)."""
        return _on_light(style) if style else style
