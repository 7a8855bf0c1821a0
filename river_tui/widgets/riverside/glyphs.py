"""Riverside's colours as the widgets draw them: every colour is paired with its
letter (W Y B U P, S for the stave church, G for the green die), never shown by
colour alone."""

from __future__ import annotations

from rich.text import Text

from ...rules.riverside.components import CHURCH, LETTERS
from ..palette import ink

STYLES: dict[str, str] = {
    "white": f"bold {ink('white')}",
    "yellow": f"bold {ink('yellow')}",
    "brown": f"bold {ink('brown')}",
    "blue": f"bold {ink('sky')}",
    "pink": f"bold {ink('pink')}",
    CHURCH: f"bold {ink('violet')}",
    "green": f"bold {ink('green')}",
}

SEAT_EMPTY, SEAT_CROSSED = "○", "●"
ROYAL_EMPTY, ROYAL_CROSSED = "◇", "◆"
CURSOR = "›"


def tag(colour: str, value: int | str = "", extra: str = "") -> Text:
    """A colour's letter and a number in its colour, e.g. ``Y11``."""
    return Text(f"{LETTERS[colour]}{value}", style=f"{STYLES[colour]} {extra}".strip())


def village_label(village: tuple[tuple[str, int], ...], extra: str = "") -> Text:
    """``P6Y5``: each colour's letter and value, in its colour."""
    label = Text()
    for target, value in village:
        label.append_text(tag(target, value, extra))
    return label
